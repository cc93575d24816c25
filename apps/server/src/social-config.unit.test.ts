import { describe, expect, it } from 'vitest';
import { FACEBOOK_DEFAULTS, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/hfm-config-test', PUBLIC_URL: 'https://hfm.example' };

describe('social sign-in config', () => {
  it('is off without a client id', () => {
    expect(loadConfig(base).social).toBeUndefined();
  });

  it('is Facebook Login by default: its endpoints, the Graph `me` with a large picture, no OpenID', () => {
    const social = loadConfig({ ...base, SOCIAL_CLIENT_ID: 'app', SOCIAL_CLIENT_SECRET: 'secret' }).social;
    expect(social).toEqual({
      id: 'facebook',
      name: 'Facebook',
      clientId: 'app',
      clientSecret: 'secret',
      discovery: false,
      issuer: 'https://www.facebook.com',
      endpoints: {
        authorization: FACEBOOK_DEFAULTS.authorization,
        token: FACEBOOK_DEFAULTS.token,
        userinfo: 'https://graph.facebook.com/v23.0/me?fields=id,first_name,last_name,email,picture.type(large)',
      },
      scope: 'email public_profile',
      redirectUri: 'https://hfm.example/api/auth/social/facebook/callback',
      tokenAuth: 'client_secret_post',
    });
  });

  it('uses OpenID discovery for any provider given an issuer', () => {
    const social = loadConfig({
      ...base,
      SOCIAL_PROVIDER: 'google',
      SOCIAL_CLIENT_ID: 'app',
      SOCIAL_CLIENT_SECRET: 'secret',
      SOCIAL_ISSUER: 'https://accounts.google.com',
    }).social;
    expect(social).toMatchObject({
      id: 'google',
      name: 'Google',
      discovery: true,
      endpoints: undefined,
      scope: 'openid email profile',
      tokenAuth: 'client_secret_basic',
      redirectUri: 'https://hfm.example/api/auth/social/google/callback',
    });
  });

  it.each([
    [{ SOCIAL_CLIENT_ID: 'app' }, /^Invalid SOCIAL_CLIENT_SECRET=/],
    [{ SOCIAL_CLIENT_SECRET: 's' }, /^Invalid SOCIAL_CLIENT_ID=/],
    [{ SOCIAL_CLIENT_ID: 'a', SOCIAL_CLIENT_SECRET: 's', SOCIAL_PROVIDER: 'google' }, /^Invalid SOCIAL_ISSUER=/],
    [{ SOCIAL_PROVIDER: 'prefill' }, /^Invalid SOCIAL_PROVIDER=/],
    [{ SOCIAL_PROVIDER: 'Face Book' }, /^Invalid SOCIAL_PROVIDER=/],
    [{ SOCIAL_ISSUER: 'ftp://x' }, /^Invalid SOCIAL_ISSUER=/],
    [
      { SOCIAL_CLIENT_ID: 'a', SOCIAL_CLIENT_SECRET: 's', SOCIAL_AUTHORIZATION_URL: 'https://x/auth' },
      /^Invalid SOCIAL_TOKEN_URL=/,
    ],
  ])('refuses %o in one line naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
