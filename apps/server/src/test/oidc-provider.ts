import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import sharp from 'sharp';

/** A test account at the provider: what it tells about the person (OpenID standard claims). */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** A path on the provider's own server (e.g. '/pictures/ada.png') or a full URL. */
  picture?: string;
}

export interface LoopbackOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts anyone can log in as (login = the key; any password). */
  accounts: Map<string, ProviderAccount>;
  /** SOCIAL_* variables for our app: discovery, or the explicit endpoints. */
  env(mode?: 'discovery' | 'endpoints'): Record<string, string>;
  /** Stops answering (connections refused), as a provider that is down. */
  close(): Promise<void>;
}

export interface ProviderOptions {
  /** Our app's callback, registered with the client. */
  redirectUri: string;
  tokenAuth?: 'client_secret_basic' | 'client_secret_post';
  /** Bytes of the picture served at /pictures/* (a real PNG unless given). */
  picture?: { body: Buffer; type: string };
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, the certified implementation) on 127.0.0.1, with
 * its development login and consent screens, a confidential client for our app, and profile pictures at
 * /pictures/*. Tests and the browser e2e log in through it over real HTTP.
 */
export async function startOidcProvider(options: ProviderOptions): Promise<LoopbackOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'hfm-test';
  const clientSecret = 'hfm-test-secret-0123456789abcdef';
  const picture = options.picture ?? {
    body: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3b5998' } })
      .png()
      .toBuffer(),
    type: 'image/png',
  };
  // The server needs to exist first: the provider's issuer names its port.
  const holder: { provider?: Provider } = {};
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/pictures/')) {
      response.writeHead(200, { 'content-type': picture.type, 'content-length': picture.body.length });
      response.end(picture.body);
      return;
    }
    if (!holder.provider) {
      response.writeHead(503).end();
      return;
    }
    void holder.provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pictureUrl = (path: string) => (path.startsWith('/') ? `${issuer}${path}` : path);

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenAuth ?? 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    cookies: { keys: ['loopback-oidc-provider-test-key'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, ...account, ...(account.picture ? { picture: pictureUrl(account.picture) } : {}) }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  holder.provider = provider;
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    env(mode = 'discovery') {
      const common = {
        SOCIAL_PROVIDER: 'facebook',
        SOCIAL_CLIENT_ID: clientId,
        SOCIAL_CLIENT_SECRET: clientSecret,
        SOCIAL_REDIRECT_URI: options.redirectUri,
        ...(options.tokenAuth ? { SOCIAL_TOKEN_AUTH: options.tokenAuth } : {}),
      };
      if (mode === 'discovery') return { ...common, SOCIAL_ISSUER: issuer };
      return {
        ...common,
        SOCIAL_ISSUER: issuer,
        SOCIAL_AUTHORIZATION_URL: `${issuer}/auth`,
        SOCIAL_TOKEN_URL: `${issuer}/token`,
        SOCIAL_USERINFO_URL: `${issuer}/me`,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies per origin, as a browser keeps them across redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(origin, jar);
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }
}

export interface ProviderVisit {
  /** The address the provider finally sends the browser to (our callback, with code and state or an error). */
  callbackUrl: URL;
}

/**
 * Plays the person at the provider over real HTTP: follows redirects from the authorization URL, logs in
 * as `login` on the login form, then accepts (or with `consent: false`, cancels) on the consent screen,
 * until the provider redirects to `redirectUri`.
 */
export async function visitProvider(
  authorizationUrl: string,
  redirectUri: string,
  { login, consent = true, jar = new CookieJar() }: { login: string; consent?: boolean; jar?: CookieJar },
): Promise<ProviderVisit> {
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(redirectUri)) return { callbackUrl: new URL(url) };
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.store(url, response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    if (!response.ok) throw new Error(`provider answered ${response.status} at ${url}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url}: ${html.slice(0, 500)}`);
    if (prompt === 'consent' && !consent) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no cancel link on the consent screen');
      url = new URL(abort.replace(/&amp;/g, '&'), url).href;
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
