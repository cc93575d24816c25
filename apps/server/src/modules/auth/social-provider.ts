import * as oidc from 'openid-client';
import type { SocialProviderConfig } from '../../config.js';
import { isLoopbackUrl } from './social-profile.js';

/** Seconds one request to the provider may take (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string | null;
  codeVerifier: string;
}

export interface SocialClient {
  readonly config: SocialProviderConfig;
  /** Whether the provider is on loopback and so reached over plain http (tests and local development). */
  readonly loopback: boolean;
  /** A fresh state, nonce (OpenID scopes only) and PKCE pair, and the provider's authorization URL with them. */
  authorizationRequest(): Promise<AuthorizationRequest>;
  /**
   * Checks the provider's answer at `callbackUrl` against what this browser's flow expects (state,
   * PKCE, and for OpenID the ID token's nonce, issuer and audience), swaps the code for tokens, and
   * answers the person's claims (ID token merged with userinfo).
   */
  claims(
    callbackUrl: URL,
    expected: { state: string; nonce: string | null; codeVerifier: string },
  ): Promise<Record<string, unknown>>;
}

/**
 * Facebook Login (OAuth 2: no ID token, the Graph API's `me` as userinfo) or any OpenID Connect provider, by
 * discovery or explicit endpoints, through openid-client. Discovery runs on first use and is kept once it
 * succeeds (a provider that is down is asked again next time).
 */
export function createSocialClient(config: SocialProviderConfig): SocialClient {
  const urls = [config.issuer, config.endpoints?.authorization, config.endpoints?.token, config.endpoints?.userinfo];
  const loopback = urls.filter(Boolean).every((url) => isLoopbackUrl(url!));
  const openid = config.scope.split(/\s+/).includes('openid');
  let configuration: Promise<oidc.Configuration> | undefined;

  function clientConfiguration(): Promise<oidc.Configuration> {
    configuration ??= makeConfiguration(config, loopback).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  }

  return {
    config,
    loopback,
    async authorizationRequest() {
      const client = await clientConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = openid ? oidc.randomNonce() : null;
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: config.redirectUri,
        scope: config.scope,
        response_type: 'code',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(nonce ? { nonce } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },
    async claims(callbackUrl, expected) {
      const client = await clientConfiguration();
      const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        ...(expected.nonce ? { expectedNonce: expected.nonce } : {}),
        idTokenExpected: openid,
      });
      const idClaims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
      const userinfoUrl = client.serverMetadata().userinfo_endpoint;
      if (!userinfoUrl) return idClaims;
      if (openid && typeof idClaims.sub === 'string') {
        return { ...idClaims, ...(await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub)) };
      }
      // OAuth 2 without OpenID (Facebook Login): the userinfo is a plain protected resource, e.g. Graph's `me`.
      const response = await oidc.fetchProtectedResource(client, tokens.access_token, new URL(userinfoUrl), 'GET');
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      return { ...idClaims, ...((await response.json()) as Record<string, unknown>) };
    },
  };
}

async function makeConfiguration(config: SocialProviderConfig, loopback: boolean): Promise<oidc.Configuration> {
  const auth =
    config.tokenAuth === 'client_secret_post'
      ? oidc.ClientSecretPost(config.clientSecret)
      : oidc.ClientSecretBasic(config.clientSecret);
  const metadata = { client_secret: config.clientSecret, redirect_uris: [config.redirectUri] };
  let client: oidc.Configuration;
  if (config.endpoints) {
    client = new oidc.Configuration(
      {
        issuer: config.issuer,
        authorization_endpoint: config.endpoints.authorization,
        token_endpoint: config.endpoints.token,
        ...(config.endpoints.userinfo ? { userinfo_endpoint: config.endpoints.userinfo } : {}),
      },
      config.clientId,
      metadata,
      auth,
    );
    if (loopback) oidc.allowInsecureRequests(client);
  } else {
    client = await oidc.discovery(new URL(config.issuer), config.clientId, metadata, auth, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  }
  client.timeout = PROVIDER_TIMEOUT_SECONDS;
  return client;
}
