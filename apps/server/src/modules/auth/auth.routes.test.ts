import { messages, userAdminMessages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../platform/db/schema.js';
import { createAdmin, createArtist, createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { hashToken, SESSION_COOKIE } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: payload as object, headers });
const profile = (cookie: string) => injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' });

describe('POST /api/auth', () => {
  it.each([
    ['no password', { userName: 'a@b.co' }],
    ['no userName', { password: 'x' }],
    ['empty strings', { userName: '', password: '' }],
    ['an empty object', {}],
    ['wrong types', { userName: 5, password: true }],
  ])('answers 400 with the spec message for %s', async (_, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.noLoginCredentials);
  });

  it('answers 400 for a body that is not an object, and for malformed JSON, never 500', async () => {
    const notObject = await login('"just text"', { 'content-type': 'application/json' });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error.message).toBe(messages.noLoginCredentials);
    const malformed = await login('{"userName": ', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('BAD_REQUEST');
  });

  it('gives an unknown user and a wrong password the same 401, not saying which', async () => {
    const user = await createUser(t.app);
    const unknown = await login({ userName: 'nobody@example.test', password: TEST_PASSWORD });
    const wrong = await login({ userName: user.email, password: 'Wrong-Pass-2025!' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error).toEqual({ code: 'UNAUTHENTICATED', message: messages.wrongCredentials });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers 403 UNCONFIRMED only to someone with the right password', async () => {
    const user = await createUser(t.app, { status: 'UNCONFIRMED' });
    const right = await login({ userName: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({ code: 'UNCONFIRMED', message: messages.unconfirmed });
    expect((await login({ userName: user.email, password: 'Wrong-Pass-2025!' })).statusCode).toBe(401);
  });

  it('refuses a suspended (disabled) account, saying so', async () => {
    const user = await createUser(t.app, { status: 'SUSPENDED' });
    const res = await login({ userName: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: userAdminMessages.accountDisabled });
  });

  it('signs in: an httpOnly Lax cookie that expires with the session, and routeTo by role', async () => {
    const fan = await createUser(t.app);
    const res = await login({ userName: fan.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().routeTo).toBe('/members/');
    expect(res.json().user).toMatchObject({ id: fan.id, _id: fan.id, email: fan.email, role: 'SUBSCRIBER' });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/i);

    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const [session] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, fan.id));
    expect(session!.tokenHash).toBe(hashToken(cookie.value));
    expect(session!.tokenHash).not.toBe(cookie.value);
    expect(Math.abs((cookie.expires as Date).getTime() - session!.expiresAt.getTime())).toBeLessThan(1000);
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const artist = await createArtist(t.app);
    const admin = await createAdmin(t.app);
    expect((await login({ userName: artist.email, password: TEST_PASSWORD })).json().routeTo).toBe('/artist/');
    expect((await login({ userName: admin.email, password: TEST_PASSWORD })).json().routeTo).toBe('/admin/');
  });

  it('stores passwords as argon2id hashes', async () => {
    const user = await createUser(t.app);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://hfm.example' });
    try {
      const user = await createUser(secure.app);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { userName: user.email, password: TEST_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/auth/session', () => {
  const session = (cookie?: string) => injectAs(t, cookie, { method: 'GET', url: '/api/auth/session' });

  it('answers a signed-out caller 200 with no user, so probing for a session logs no error', async () => {
    const res = await session();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect((await session('hfm_session=not-a-real-token')).json()).toEqual({ user: null });
  });

  it('answers the signed-in user without secrets, and null again after logout', async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user);
    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email, role: 'SUBSCRIBER' });
    expect(res.body).not.toMatch(/password|hash/i);
    await injectAs(t, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect((await session(cookie)).json()).toEqual({ user: null });
  });
});

describe('session fixation: signing in always issues a new token', () => {
  const whoIs = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { [SESSION_COOKIE]: token } })).json().user;
  const signInCarrying = (user: { email: string }, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth',
      cookies: { [SESSION_COOKIE]: token },
      payload: { userName: user.email, password: TEST_PASSWORD },
    });

  it('never adopts a token the browser brought (one an attacker planted), and that token signs no one in', async () => {
    const victim = await createUser(t.app);
    const planted = 'attacker-chosen-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const res = await signInCarrying(victim, planted);
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect(issued).not.toBe(planted);
    expect(issued).toMatch(/^[\w-]{43}$/);
    expect(await whoIs(planted)).toBeNull();
    expect(await whoIs(issued)).toMatchObject({ id: victim.id });
  });

  it('ends the session the browser carried: signing in again, or as someone else, leaves the old token signed out', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    const before = (await signIn(t.app, first)).split('=')[1]!;
    expect(await whoIs(before)).toMatchObject({ id: first.id });

    const again = await signInCarrying(first, before);
    const renewed = again.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect(renewed).not.toBe(before);
    expect(await whoIs(before)).toBeNull();
    expect(await whoIs(renewed)).toMatchObject({ id: first.id });

    const other = await signInCarrying(second, renewed);
    const secondToken = other.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect(await whoIs(renewed)).toBeNull();
    expect(await whoIs(secondToken)).toMatchObject({ id: second.id });
    // Only the carried session ended: the first user's other devices stay signed in.
    const phone = (await signIn(t.app, first)).split('=')[1]!;
    await signInCarrying(second, secondToken);
    expect(await whoIs(phone)).toMatchObject({ id: first.id });
    const rows = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(before)));
    expect(rows).toHaveLength(0);
  });

  it('a failed sign-in leaves the carried session as it was', async () => {
    const user = await createUser(t.app);
    const token = (await signIn(t.app, user)).split('=')[1]!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      cookies: { [SESSION_COOKIE]: token },
      payload: { userName: user.email, password: 'Wrong-Pass-2025!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await whoIs(token)).toMatchObject({ id: user.id });
  });

  it('signing out ends the session on the server, not just the cookie: the old token no longer signs in', async () => {
    const user = await createUser(t.app);
    const token = (await signIn(t.app, user)).split('=')[1]!;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [SESSION_COOKIE]: token } });
    expect(out.statusCode).toBe(200);
    // A client that ignores the cleared cookie and replays the token is signed out all the same.
    expect(await whoIs(token)).toBeNull();
    expect((await profile(`${SESSION_COOKIE}=${token}`)).statusCode).toBe(401);
    const rows = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers a signed-out caller with routeTo and a cleared cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ routeTo: '/login' });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('ends every session of the user, on every device, and no one else’s', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const phone = await signIn(t.app, user);
    const laptop = await signIn(t.app, user);
    const otherCookie = await signIn(t.app, other);
    expect((await profile(laptop)).statusCode).toBe(200);

    const res = await injectAs(t, phone, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(laptop)).statusCode).toBe(401);
    expect((await profile(otherCookie)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
