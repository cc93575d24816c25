import { messages } from '@hfm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '60' });
});
afterAll(async () => t.close());

const limited: [string, InjectOptions][] = [
  ['POST /api/auth', { method: 'POST', url: '/api/auth', payload: { userName: 'a@b.co', password: 'x' } }],
  ['POST /api/users/create', { method: 'POST', url: '/api/users/create', payload: {} }],
  ['POST /api/artists/create', { method: 'POST', url: '/api/artists/create', payload: { user: {}, artist: {} } }],
  ['GET /api/users/check-email/{email}', { method: 'GET', url: '/api/users/check-email/a%40b.co' }],
  [
    'POST /api/auth/confirm-user',
    { method: 'POST', url: '/api/auth/confirm-user', payload: { email: 'a@b.co', code: '123456' } },
  ],
  ['POST /api/auth/resend-code', { method: 'POST', url: '/api/auth/resend-code', payload: { email: 'a@b.co' } }],
];

describe('rate limits (RATE_LIMIT_MAX=2)', () => {
  it.each(limited)('%s answers 429 with the error body after the limit', async (_, request) => {
    const first = await t.app.inject(request);
    const second = await t.app.inject(request);
    expect(first.statusCode).not.toBe(429);
    expect(second.statusCode).not.toBe(429);
    const third = await t.app.inject(request);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: { code: 'RATE_LIMITED', message: messages.tooManyRequests } });
  });

  it('counts per client address', async () => {
    const request = { method: 'POST', url: '/api/auth/resend-code', payload: { email: 'e@f.co' } } as const;
    for (let i = 0; i < 3; i++) await t.app.inject({ ...request, remoteAddress: '10.0.0.9' });
    expect((await t.app.inject({ ...request, remoteAddress: '10.0.0.9' })).statusCode).toBe(429);
    const otherAccount = { ...request, payload: { email: 'g@h.co' } };
    expect((await t.app.inject({ ...otherAccount, remoteAddress: '10.0.0.10' })).statusCode).toBe(202);
  });

  it('also counts per account, whatever the address', async () => {
    const request = { method: 'POST', url: '/api/auth/resend-code', payload: { email: 'one@target.co' } } as const;
    for (let i = 0; i < 2; i++) await t.app.inject({ ...request, remoteAddress: `10.0.1.${i}` });
    expect((await t.app.inject({ ...request, remoteAddress: '10.0.1.99' })).statusCode).toBe(429);
  });

  it('leaves unlimited routes alone', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/genres' })).statusCode).toBe(200);
  });
});
