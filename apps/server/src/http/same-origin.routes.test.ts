import { messages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../platform/db/schema.js';
import { createUser, signIn, type TestUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { injectAs } from '../test/route-cast.js';

// The app's public URL; inject() asks as Host `localhost:80`, so the request's own origin is http://localhost.
const PUBLIC_URL = 'https://hfm.example';

let t: TestApp;
let fan: TestUser;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  fan = await createUser(t.app);
  cookie = await signIn(t.app, fan);
});
afterAll(async () => t.close());

const session = async (withCookie: string) =>
  (await injectAs(t, withCookie, { method: 'GET', url: '/api/auth/session' })).json().user;
const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
const refused = { error: { code: 'FORBIDDEN', message: messages.crossSiteRequest } };

describe('state-changing /api requests with the session cookie', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['the public host on another scheme', { origin: 'http://hfm.example' }],
    ['the public host on another port', { origin: 'https://hfm.example:8443' }],
    ['a sibling of the public host', { origin: 'https://evil.hfm.example' }],
    ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
    ['an Origin that is not a URL', { origin: 'not a url' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses one from %s with 403 and leaves the session alone', async (_, headers) => {
    const res = await logout({ ...headers, cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(res.cookies).toHaveLength(0);
    expect(await session(cookie)).toMatchObject({ id: fan.id });
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses a cross-site %s too, before the route runs', async (method) => {
    const res = await injectAs(t, cookie, {
      method,
      url: `/api/users/${fan.id}`,
      headers: { origin: 'https://evil.example' },
      payload: { firstName: 'Hijacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, fan.id));
    expect(row).toMatchObject({ firstName: fan.row.firstName, status: 'ACTIVE' });
  });

  it('refuses a cookie that is not even a session (the check does not depend on who is signed in)', async () => {
    const res = await logout({ cookie: 'hfm_session=made-up', origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['the public URL', { origin: PUBLIC_URL }],
    ['the request’s own host', { origin: 'http://localhost' }],
    ['the request’s own host with its default port spelled out', { origin: 'http://localhost:80' }],
    ['no Origin (an API client, or a browser that sends none)', {}],
    ['no Origin and Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin and Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
  ])('lets one from %s through', async (_, headers) => {
    // Sign-out ends every session of the user, so each case signs in afresh.
    const own = await signIn(t.app, fan);
    const res = await logout({ ...headers, cookie: own });
    expect(res.statusCode).toBe(200);
    expect(await session(own)).toBeNull();
  });
});

describe('requests the check leaves alone', () => {
  it('lets a cross-site POST without the session cookie through (a webhook, an API client)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { userName: fan.email, password: fan.password },
    });
    expect(res.statusCode).toBe(200);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/local',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).not.toBe(403);
  });

  it('lets cross-site GETs through: reads change nothing (the social sign-in callback is one)', async () => {
    const res = await injectAs(t, await signIn(t.app, fan), {
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: fan.id });
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ PUBLIC_URL, TRUST_PROXY: 'true' });
  });
  afterAll(async () => proxied.close());

  it('takes the forwarded host and scheme as the request’s own origin', async () => {
    const user = await createUser(proxied.app);
    const own = await signIn(proxied.app, user);
    const forwarded = { 'x-forwarded-host': 'hfm.internal:8080', 'x-forwarded-proto': 'https' };
    const ok = await injectAs(proxied, own, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...forwarded, origin: 'https://hfm.internal:8080' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await signIn(proxied.app, user);
    const other = await injectAs(proxied, again, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...forwarded, origin: 'http://hfm.internal:8080' },
    });
    expect(other.statusCode).toBe(403);
  });
});
