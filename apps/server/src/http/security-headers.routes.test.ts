import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contentSecurityPolicy } from './security-headers.js';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers on plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends a strict policy, nosniff, no referrer and no HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/genres' });
    const policy = String(res.headers['content-security-policy']);
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers on every answer, set once at start (decision 0066): a list, a 404, an error', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;media-src 'self' blob:;connect-src 'self';frame-src 'self';" +
        "worker-src 'self' blob:;font-src 'self' data:;object-src 'none';base-uri 'self';form-action 'self';" +
        "frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/genres', '/api/no-such-route', `/api/songs/artist/not-an-id`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps /api/docs working under its own policy, still never framed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    for (const script of page.body.matchAll(/<script src="([^"]+)"/g)) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(script[1]!, 'http://x/api/docs/').pathname });
      expect(asset.statusCode).toBe(200);
    }
  });
});

describe('security headers under https', () => {
  it('adds HSTS and upgrades insecure requests', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://hfm.example.com' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/genres' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });

  it("lets Stripe.js, its card element's frames and its API in only when Stripe takes the cards", () => {
    const stripe = contentSecurityPolicy(
      loadConfig({
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_hfm',
        STRIPE_WEBHOOK_SECRET: 'whsec_hfm',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_hfm',
      }),
    );
    expect(stripe.scriptSrc).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe.frameSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
    const local = contentSecurityPolicy(loadConfig({}));
    expect(local.scriptSrc).toEqual(["'self'"]);
    expect(local.frameSrc).toEqual(["'self'"]);
  });

  it('lets media and upload parts reach the S3 endpoint when one is configured', () => {
    const policy = contentSecurityPolicy(
      loadConfig({ S3_BUCKET: 'hfm-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
    );
    for (const sources of [policy.mediaSrc, policy.connectSrc, policy.imgSrc]) {
      expect(sources).toContain('http://127.0.0.1:9000');
    }
    expect(contentSecurityPolicy(loadConfig({})).connectSrc).toEqual(["'self'"]);
  });

  it('lets images come from MEDIA_PUBLIC_URL (a CDN) when it is set', () => {
    const policy = contentSecurityPolicy(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/hfm/' }));
    expect(policy.imgSrc).toContain('https://cdn.example.com');
    expect(policy.mediaSrc).not.toContain('https://cdn.example.com');
  });
});
