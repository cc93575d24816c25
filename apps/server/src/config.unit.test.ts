import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      seedDemo: true,
      secureCookies: false,
      role: 'all',
      s3: undefined,
      databasePoolSize: 10,
    });
  });

  it("sizes each process's PostgreSQL pool from DATABASE_POOL_SIZE", () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
  });

  it('never seeds demo accounts against DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/hfm', SEED_DEMO: 'true' });
    expect(config.seedDemo).toBe(false);
  });

  it('makes cookies Secure when the public address is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://hfm.example.com/' })).toMatchObject({
      publicUrl: 'https://hfm.example.com',
      secureCookies: true,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/hfm'],
    ['DATABASE_POOL_SIZE', '0'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'hfm.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['ROLE', 'everything'],
    ['SIGNING_SECRET', 'short'],
    ['MAX_SONG_SECONDS', '0'],
    ['JOB_HEARTBEAT_SECONDS', 'often'],
    ['PENDING_ARTIST_MAX_SONGS', '-1'],
    ['PAYMENTS_PROVIDER', 'paypal'],
    ['STRIPE_PUBLISHABLE_KEY', 'sk_test_123'],
  ])('stops with one line naming %s when it is %j', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('chooses S3 storage when S3_BUCKET is set, path-style for a custom endpoint', () => {
    const config = loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.s3).toMatchObject({ bucket: 'media', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('refuses ROLE=api or worker on the embedded database, which one process owns', () => {
    for (const role of ['api', 'worker']) {
      expect(() => loadConfig({ ROLE: role })).toThrow(/ROLE=\w+ needs DATABASE_URL/);
      expect(loadConfig({ ROLE: role, DATABASE_URL: 'postgres://127.0.0.1/hfm' }).role).toBe(role);
    }
  });

  it('reads the transcoder limits and the artist quotas, small while pending', () => {
    const config = loadConfig({ MAX_SONG_SECONDS: '600', PENDING_ARTIST_MAX_SONGS: '1', ARTIST_MAX_BYTES: '5000' });
    expect(config.maxSongSeconds).toBe(600);
    expect(config.artistQuotas).toEqual({
      pending: { songs: 1, bytes: 1024 ** 3 },
      active: { songs: 500, bytes: 5000 },
    });
    expect(loadConfig({}).maxSongSeconds).toBe(7200);
    expect(loadConfig({}).jobHeartbeatSeconds).toBe(3);
  });

  it('pays with the local provider unless told otherwise', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'local' });
  });

  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  };

  it('pays with Stripe given its three keys, and names the one missing', () => {
    expect(loadConfig({ PAYMENTS_PROVIDER: 'stripe', ...stripeKeys }).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      publishableKey: 'pk_test_abc123',
    });
    for (const name of Object.keys(stripeKeys)) {
      expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', ...stripeKeys, [name]: '' })).toThrow(
        `${name} is not set: PAYMENTS_PROVIDER=stripe needs it`,
      );
    }
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_live_notasecretbutwrong'],
    ['STRIPE_WEBHOOK_SECRET', 'secret-whsec-value'],
    ['SIGNING_SECRET', 'short-but-secret'],
  ])('never repeats the value of the secret %s in its error', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid ${name}=[hidden]`);
    expect(() => loadConfig({ [name]: value })).not.toThrow(value);
  });
});
