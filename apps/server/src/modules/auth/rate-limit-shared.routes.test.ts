import { messages } from '@hfm/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../platform/db/schema/rate-limits.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Two API processes behind a balancer: two apps on one database (PostgreSQL: two pools on one schema).
let first: TestApp;
let second: TestApp;
const env = { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '60' };
beforeAll(async () => {
  first = await createTestApp(env);
  second = await createTestApp(env, { sameDatabaseAs: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const resend = (email: string, remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/api/auth/resend-code',
  payload: { email },
  remoteAddress,
});

describe('rate limits shared by every API process', () => {
  it('counts an address on both processes against one limit', async () => {
    const request = { method: 'GET', url: '/api/users/check-email/a%40b.co', remoteAddress: '10.1.0.1' } as const;
    expect((await first.app.inject(request)).statusCode).toBe(200);
    expect((await second.app.inject(request)).statusCode).toBe(200);
    for (const app of [first.app, second.app]) {
      const limited = await app.inject(request);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: messages.tooManyRequests } });
    }
    // Another route, and another address, count on their own.
    expect((await second.app.inject({ ...resend('x@y.co', '10.1.0.1') })).statusCode).toBe(202);
    expect((await first.app.inject({ ...request, remoteAddress: '10.1.0.2' })).statusCode).toBe(200);
  });

  it('counts an account on both processes against one limit, whatever the address', async () => {
    expect((await first.app.inject(resend('one@target.co', '10.2.0.1'))).statusCode).toBe(202);
    expect((await second.app.inject(resend('one@target.co', '10.2.0.2'))).statusCode).toBe(202);
    expect((await first.app.inject(resend('one@target.co', '10.2.0.3'))).statusCode).toBe(429);
    expect((await second.app.inject(resend('one@target.co', '10.2.0.4'))).statusCode).toBe(429);
  });

  it('lets a client in again once the window is over', async () => {
    const request = resend('later@target.co', '10.3.0.1');
    await first.app.inject(request);
    await second.app.inject(request);
    expect((await first.app.inject(request)).statusCode).toBe(429);
    // As if the minute had gone by: every window ends now.
    await first.app.ctx.db.execute(sql`update rate_limit_hits set expires_at = now() - interval '1 second'`);
    expect((await second.app.inject(request)).statusCode).toBe(202);
    expect((await first.app.inject(request)).statusCode).toBe(202);
    expect((await second.app.inject(request)).statusCode).toBe(429);
  });

  it('keeps no address or email in the table', async () => {
    const rows = await first.app.ctx.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) expect(key).toMatch(/^[\w-]{43}$/);
  });
});
