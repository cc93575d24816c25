import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, socialSignInErrors, users } from '../../platform/db/schema/identity.js';
import { createArtist, createUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { startOidcProvider, visitProvider, type LoopbackOidcProvider } from '../../test/oidc-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { decodeSocialFlow, encodeSocialFlow, SOCIAL_FLOW_COOKIE } from './social-flow-cookie.js';

const REDIRECT_URI = 'http://127.0.0.1:3999/api/auth/social/facebook/callback';
const START = '/api/auth/social/facebook/start';

function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((cookie) => cookie.name === name);
}

/** Start at our app, log in (and consent) at the provider over HTTP, and hand its answer to our callback. */
type Tamper = (callback: URL, flowCookie: string) => { callback: URL; flowCookie?: string };

async function signInWithProvider(
  t: TestApp,
  login: string,
  options: { consent?: boolean; tamper?: Tamper; sessionCookie?: string } = {},
) {
  const start = await t.app.inject({ method: 'GET', url: START });
  expect(start.statusCode, start.body).toBe(302);
  const flowCookie = cookieOf(start, SOCIAL_FLOW_COOKIE)!.value;
  const visit = await visitProvider(start.headers.location as string, REDIRECT_URI, {
    login,
    consent: options.consent ?? true,
  });
  const given = options.tamper?.(visit.callbackUrl, flowCookie) ?? { callback: visit.callbackUrl, flowCookie };
  const callbackPath = `${given.callback.pathname}${given.callback.search}`;
  const callback = await t.app.inject({
    method: 'GET',
    url: callbackPath,
    cookies: {
      ...(given.flowCookie ? { [SOCIAL_FLOW_COOKIE]: given.flowCookie } : {}),
      ...(options.sessionCookie ? { hfm_session: options.sessionCookie } : {}),
    },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  return { start, callback, callbackPath, location: callback.headers.location as string };
}

const tokenIn = (location: string) => /[?&]social=([\w-]{43})/.exec(location)?.[1];

async function errorRows(t: TestApp, code: string) {
  return t.app.ctx.db.select().from(socialSignInErrors).where(eq(socialSignInErrors.code, code));
}

describe('social sign-in against a real OpenID provider on loopback (discovery)', () => {
  let provider: LoopbackOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
    t = await createTestApp(provider.env('discovery'));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('lists the configured provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/social/providers' });
    expect(res.json()).toEqual({ providers: [{ id: 'facebook', name: 'Facebook' }] });
  });

  it('sends the browser to the provider with PKCE, state and nonce, bound to a signed httpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: START });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const cookie = cookieOf(res, SOCIAL_FLOW_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/social/', maxAge: 600 });
    const flow = decodeSocialFlow(t.app.ctx.platform.signer, cookie.value)!;
    expect(flow.state).toBe(url.searchParams.get('state'));
    expect(flow.nonce).toBe(url.searchParams.get('nonce'));
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(flow.codeVerifier).not.toBe(url.searchParams.get('code_challenge'));
  });

  it('a new person lands in the Fan Sign Up modal prefilled (names, email, large picture), read once', async () => {
    const email = uniqueEmail('ada');
    provider.accounts.set('ada-1', {
      email,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: '/pictures/ada.png',
    });
    const { callback, location } = await signInWithProvider(t, 'ada-1');
    expect(location).toMatch(/^\/main\/#\/fans\?signup=fan&social=[\w-]{43}$/);
    expect(cookieOf(callback, SOCIAL_FLOW_COOKIE)?.value).toBe('');
    expect(cookieOf(callback, 'hfm_session')).toBeUndefined();

    const token = tokenIn(location)!;
    const prefill = await t.app.inject({ method: 'GET', url: `/api/auth/social/prefill/${token}` });
    expect(prefill.statusCode, prefill.body).toBe(200);
    const body = prefill.json();
    expect(body).toMatchObject({
      provider: 'facebook',
      providerName: 'Facebook',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      fileName: 'facebook-picture.png',
    });
    expect(body.profileImageData).toMatch(/^data:image\/png;base64,/);
    const again = await t.app.inject({ method: 'GET', url: `/api/auth/social/prefill/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('NOT_FOUND');

    // The sign-up that follows links the provider account; the next sign-in with it signs the fan in.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      payload: {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dob: '01/02/1990',
        gender: 'FEMALE',
        role: 'subscriber',
        profileImageData: body.profileImageData,
        fileName: body.fileName,
        socialToken: token,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().profileImage).toBeTruthy();
    const userId = created.json().id as string;
    const links = await t.app.ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
    expect(links).toMatchObject([{ provider: 'facebook', subject: 'ada-1' }]);

    const unconfirmed = await signInWithProvider(t, 'ada-1');
    expect(unconfirmed.location).toBe('/main/#/fans?signup=fan&socialError=unconfirmed');
    expect(cookieOf(unconfirmed.callback, 'hfm_session')).toBeUndefined();

    await t.app.ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, userId));
    const signedIn = await signInWithProvider(t, 'ada-1');
    expect(signedIn.location).toBe('/members/');
    const session = cookieOf(signedIn.callback, 'hfm_session')!;
    expect(session).toMatchObject({ httpOnly: true, path: '/' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { hfm_session: session.value } });
    expect(me.json().user).toMatchObject({ id: userId, email });
  });

  it('signs in (and links) an existing confirmed fan when the provider verified the same email', async () => {
    const fan = await createUser(t.app);
    provider.accounts.set('fan-verified', {
      email: fan.email,
      email_verified: true,
      given_name: 'F',
      family_name: 'V',
    });
    const { callback, location } = await signInWithProvider(t, 'fan-verified');
    expect(location).toBe('/members/');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { hfm_session: cookieOf(callback, 'hfm_session')!.value },
    });
    expect(me.json().user.id).toBe(fan.id);
    const links = await t.app.ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, fan.id));
    expect(links).toHaveLength(1);
  });

  it('a social sign-in issues a new session token and ends the one the browser carried (session fixation)', async () => {
    const fan = await createUser(t.app);
    provider.accounts.set('fan-fixation', {
      email: fan.email,
      email_verified: true,
      given_name: 'F',
      family_name: 'X',
    });
    const attacker = await createUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: attacker.email, password: TEST_PASSWORD },
    });
    const planted = cookieOf(login, 'hfm_session')!.value;
    const { callback, location } = await signInWithProvider(t, 'fan-fixation', { sessionCookie: planted });
    expect(location).toBe('/members/');
    const issued = cookieOf(callback, 'hfm_session')!.value;
    expect(issued).not.toBe(planted);
    const whoIs = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { hfm_session: token } })).json().user;
    expect(await whoIs(issued)).toMatchObject({ id: fan.id });
    expect(await whoIs(planted)).toBeNull();
  });

  it('deleting the account forgets its link: the provider account then signs up afresh', async () => {
    const fan = await createUser(t.app);
    provider.accounts.set('fan-leaving', { email: fan.email, email_verified: true, given_name: 'Lea' });
    const { callback } = await signInWithProvider(t, 'fan-leaving');
    const session = cookieOf(callback, 'hfm_session')!.value;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${fan.id}`,
      cookies: { hfm_session: session },
      payload: { currentPassword: fan.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, fan.id))).toEqual([]);
    const again = await signInWithProvider(t, 'fan-leaving');
    expect(cookieOf(again.callback, 'hfm_session')).toBeUndefined();
    expect(tokenIn(again.location)).toBeDefined();
  });

  it('never takes over an account on an email the provider did not verify', async () => {
    const fan = await createUser(t.app);
    provider.accounts.set('fan-unverified', { email: fan.email, email_verified: false, given_name: 'M' });
    const { callback, location } = await signInWithProvider(t, 'fan-unverified');
    expect(location).toBe('/main/#/fans?signup=fan&socialError=account_exists');
    expect(cookieOf(callback, 'hfm_session')).toBeUndefined();
    expect(tokenIn(location)).toBeUndefined();
    const links = await t.app.ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, fan.id));
    expect(links).toEqual([]);
  });

  it('never signs an artist in socially, even on a verified email', async () => {
    const artist = await createArtist(t.app);
    provider.accounts.set('artist-verified', { email: artist.email, email_verified: true });
    const { callback, location } = await signInWithProvider(t, 'artist-verified');
    expect(location).toBe('/main/#/fans?signup=fan&socialError=account_exists');
    expect(cookieOf(callback, 'hfm_session')).toBeUndefined();
  });

  it('a denied consent lands back on sign-up with the reason, stored', async () => {
    provider.accounts.set('denier', { email: uniqueEmail('denier'), email_verified: true });
    const before = (await errorRows(t, 'denied')).length;
    const { location } = await signInWithProvider(t, 'denier', { consent: false });
    expect(location).toBe('/main/#/fans?signup=fan&socialError=denied');
    const rows = await errorRows(t, 'denied');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ provider: 'facebook', detail: expect.stringContaining('access_denied') });
  });

  describe('tampering is refused (no session, no prefill, the error stored)', () => {
    const refused = async (login: string, tamper: Tamper, code: string) => {
      provider.accounts.set(login, { email: uniqueEmail(login), email_verified: true, given_name: 'T' });
      const before = (await errorRows(t, code)).length;
      const { callback, location } = await signInWithProvider(t, login, { tamper });
      expect(location).toBe(`/main/#/fans?signup=fan&socialError=${code}`);
      expect(cookieOf(callback, 'hfm_session')).toBeUndefined();
      expect(await errorRows(t, code)).toHaveLength(before + 1);
    };

    it('a state other than the one this browser sent', async () => {
      await refused(
        'tamper-state',
        (callback, flowCookie) => {
          callback.searchParams.set('state', 'not-the-state-we-sent');
          return { callback, flowCookie };
        },
        'invalid',
      );
    });

    it('no flow cookie (the answer arrives in another browser)', async () => {
      await refused('tamper-no-cookie', (callback) => ({ callback }), 'expired');
    });

    it('an altered flow cookie', async () => {
      await refused(
        'tamper-cookie',
        (callback, flowCookie) => ({ callback, flowCookie: `${flowCookie.slice(0, -2)}xx` }),
        'expired',
      );
    });

    it('a flow cookie signed for another nonce (the ID token names the one sent)', async () => {
      await refused(
        'tamper-nonce',
        (callback, flowCookie) => {
          const signer = t.app.ctx.platform.signer;
          const flow = decodeSocialFlow(signer, flowCookie)!;
          return { callback, flowCookie: encodeSocialFlow(signer, { ...flow, nonce: 'another-nonce' }) };
        },
        'invalid',
      );
    });

    it('a flow cookie with another PKCE verifier', async () => {
      await refused(
        'tamper-pkce',
        (callback, flowCookie) => {
          const signer = t.app.ctx.platform.signer;
          const flow = decodeSocialFlow(signer, flowCookie)!;
          return { callback, flowCookie: encodeSocialFlow(signer, { ...flow, codeVerifier: 'x'.repeat(43) }) };
        },
        'invalid',
      );
    });

    it('an expired flow cookie', async () => {
      await refused(
        'tamper-expired',
        (callback, flowCookie) => {
          const signer = t.app.ctx.platform.signer;
          const flow = decodeSocialFlow(signer, flowCookie)!;
          return { callback, flowCookie: encodeSocialFlow(signer, { ...flow, expires: 1 }) };
        },
        'expired',
      );
    });

    it('a code used twice', async () => {
      provider.accounts.set('replay', { email: uniqueEmail('replay'), email_verified: true });
      const first = await signInWithProvider(t, 'replay');
      expect(tokenIn(first.location)).toBeDefined();
      const flowCookie = cookieOf(first.start, SOCIAL_FLOW_COOKIE)!.value;
      const replay = await t.app.inject({
        method: 'GET',
        url: first.callbackPath,
        cookies: { [SOCIAL_FLOW_COOKIE]: flowCookie },
      });
      expect(replay.headers.location).toBe('/main/#/fans?signup=fan&socialError=invalid');
    });
  });

  describe('bad input', () => {
    it('an unknown provider is a 404', async () => {
      for (const url of ['/api/auth/social/google/start', '/api/auth/social/google/callback?code=x']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it('a malformed provider id or prefill token is a 400', async () => {
      for (const url of ['/api/auth/social/Not_A_Provider!/start', '/api/auth/social/prefill/short']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION');
      }
    });

    it('an over-long callback parameter is a 400', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/social/facebook/callback?state=${'s'.repeat(5000)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    });

    it('an unknown prefill token is a 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/social/prefill/${'a'.repeat(43)}` });
      expect(res.statusCode).toBe(404);
    });

    it('a callback with no code and no cookie goes back to sign-up, never a 500', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/social/facebook/callback' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/main/#/fans?signup=fan&socialError=expired');
    });

    it('a sign-up with a social token nobody read links nothing and still signs up', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/create',
        payload: {
          firstName: 'N',
          lastName: 'L',
          email: uniqueEmail('nolink'),
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
          dob: '01/02/1990',
          gender: 'MALE',
          socialToken: 'b'.repeat(43),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const links = await t.app.ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, res.json().id));
      expect(links).toEqual([]);
    });
  });
});

describe('social sign-in with explicit endpoints (no discovery) and client_secret_post', () => {
  let provider: LoopbackOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: REDIRECT_URI, tokenAuth: 'client_secret_post' });
    t = await createTestApp(provider.env('endpoints'));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('prefills from the token and userinfo endpoints it was given', async () => {
    const email = uniqueEmail('grace');
    provider.accounts.set('grace', { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    const { location } = await signInWithProvider(t, 'grace');
    const prefill = await t.app.inject({ method: 'GET', url: `/api/auth/social/prefill/${tokenIn(location)}` });
    expect(prefill.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email, profileImageData: null });
  });
});

describe('social sign-in when the provider is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
    const env = provider.env('discovery');
    await provider.close();
    t = await createTestApp(env);
  });
  afterAll(async () => t?.close());

  it('the button leads back to sign-up with the reason, stored and never a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: START });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/main/#/fans?signup=fan&socialError=provider');
    expect(cookieOf(res, SOCIAL_FLOW_COOKIE)).toBeUndefined();
    expect(await errorRows(t, 'provider')).toHaveLength(1);
  });
});

describe('no provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists none, and the routes answer 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/social/providers' })).json()).toEqual({
      providers: [],
    });
    expect((await t.app.inject({ method: 'GET', url: START })).statusCode).toBe(404);
  });
});
