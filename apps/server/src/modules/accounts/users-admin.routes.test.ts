import { userAdminMessages, type AdminUser } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../platform/db/schema.js';
import { createAdmin, createArtist, createUser, signIn, TEST_PASSWORD, type TestUser } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
let fanCookie: string;
let artistCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  adminCookie = await signIn(t.app, admin);
  fanCookie = await signIn(t.app, await createUser(t.app));
  artistCookie = await signIn(t.app, await createArtist(t.app));
});
afterAll(async () => t.close());

const asAdmin = (request: InjectOptions) => injectAs(t, adminCookie, request);
const list = async (query: string) => {
  const res = await asAdmin({ method: 'GET', url: `/api/paged/users?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AdminUser[]; pagination: { total: number; page: number; hasMore: boolean } };
};
const statusOf = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.status;
const login = (user: { email: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: { userName: user.email, password: TEST_PASSWORD } });
const whoAmI = (cookie: string) => injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' });

describe('GET /api/paged/users', () => {
  it('401, 400, 403 first', async () => {
    expect((await injectAs(t, undefined, { method: 'GET', url: '/api/paged/users' })).statusCode).toBe(401);
    for (const query of ['role=OWNER', 'status=DELETED', 'sort=password', 'order=sideways', 'limit=101', 'page=0']) {
      expect((await asAdmin({ method: 'GET', url: `/api/paged/users?${query}` })).statusCode, query).toBe(400);
    }
    for (const cookie of [fanCookie, artistCookie]) {
      expect((await injectAs(t, cookie, { method: 'GET', url: '/api/paged/users' })).statusCode).toBe(403);
    }
  });

  it('pages the accounts newest first, as the admin sees them (never a password hash)', async () => {
    const page = await list('page=1&limit=2');
    expect(page.items).toHaveLength(2);
    expect(page.pagination).toMatchObject({ page: 1, hasMore: true });
    const all = await list('limit=100');
    const times = all.items.map((user) => new Date(user.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(JSON.stringify(all)).not.toMatch(/password|argon2|dob/i);
    expect(all.items.find((user) => user.id === admin.id)).toMatchObject({
      role: 'ADMIN',
      status: 'ACTIVE',
      artist: null,
    });
  });

  it('filters by role (subscribers by createdAt, artists with their artist), status and search', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const older = await createUser(t.app, { firstName: 'Older', lastName: tag });
    await t.app.ctx.db
      .update(users)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, older.id));
    const newer = await createUser(t.app, { firstName: 'Newer', lastName: tag, status: 'UNCONFIRMED' });
    const band = await createArtist(t.app, { user: { lastName: tag }, artist: { name: `The ${tag}s` } });

    const subscribers = await list(`role=subscriber&search=${tag}`);
    expect(subscribers.items.map((user) => user.id)).toEqual([newer.id, older.id]);
    expect((await list(`role=SUBSCRIBER&search=${tag}&order=asc`)).items.map((user) => user.id)).toEqual([
      older.id,
      newer.id,
    ]);
    const artists = await list(`role=ARTIST&search=${tag.toUpperCase()}`);
    expect(artists.items).toHaveLength(1);
    expect(artists.items[0]).toMatchObject({
      id: band.id,
      role: 'ARTIST',
      artist: { _id: band.artistId, id: band.artistId, name: `The ${tag}s`, status: 'PENDING' },
    });
    expect((await list(`status=UNCONFIRMED&search=${tag}`)).items.map((user) => user.id)).toEqual([newer.id]);
    expect((await list(`search=${encodeURIComponent(older.email)}`)).items.map((user) => user.id)).toEqual([older.id]);
    expect((await list(`search=${encodeURIComponent(`older ${tag}`)}`)).items.map((user) => user.id)).toEqual([
      older.id,
    ]);
    expect((await list(`search=${encodeURIComponent('%_%')}`)).items).toEqual([]);
    expect((await list(`search=${tag}&sort=name&order=asc`)).items.map((user) => user.firstName)).toEqual([
      'Newer',
      'Older',
      'Test',
    ]);
  });

  it('never lists deleted accounts', async () => {
    const gone = await createUser(t.app, { lastName: 'Tombstone' });
    await t.app.ctx.db.update(users).set({ status: 'DELETED' }).where(eq(users.id, gone.id));
    expect((await list('search=Tombstone')).items).toEqual([]);
  });
});

describe('POST /api/users/{id}/disable and /enable', () => {
  const disable = (cookie: string | undefined, id: string) =>
    injectAs(t, cookie, { method: 'POST', url: `/api/users/${id}/disable` });
  const enable = (cookie: string | undefined, id: string) =>
    injectAs(t, cookie, { method: 'POST', url: `/api/users/${id}/enable` });

  it('401, 400, 403, 404 first (a deleted account is a 404)', async () => {
    const fan = await createUser(t.app);
    for (const route of [disable, enable]) {
      expect((await route(undefined, fan.id)).statusCode).toBe(401);
      expect((await route(adminCookie, 'not-an-id')).statusCode).toBe(400);
      expect((await route(fanCookie, fan.id)).statusCode).toBe(403);
      expect((await route(artistCookie, fan.id)).statusCode).toBe(403);
      const missing = await route(adminCookie, crypto.randomUUID());
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(userAdminMessages.noSuchUser);
    }
    const gone = await createUser(t.app);
    await t.app.ctx.db.update(users).set({ status: 'DELETED' }).where(eq(users.id, gone.id));
    expect((await disable(adminCookie, gone.id)).statusCode).toBe(404);
    expect((await enable(adminCookie, gone.id)).statusCode).toBe(404);
    expect(await statusOf(fan.id)).toBe('ACTIVE');
  });

  it('409 for an admin account, the caller’s own included', async () => {
    const other = await createAdmin(t.app);
    for (const id of [admin.id, other.id]) {
      const res = await disable(adminCookie, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(userAdminMessages.adminCannotBeDisabled);
      expect(await statusOf(id)).toBe('ACTIVE');
    }
    expect((await whoAmI(adminCookie)).statusCode).toBe(200);
  });

  it('disabling ends every session at once and refuses sign-in; enabling lets the user in again', async () => {
    const fan = await createUser(t.app);
    const phone = await signIn(t.app, fan);
    const laptop = await signIn(t.app, fan);
    expect((await whoAmI(phone)).statusCode).toBe(200);

    const res = await disable(adminCookie, fan.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fan.id, status: 'SUSPENDED', role: 'SUBSCRIBER' });
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, fan.id))).toEqual([]);
    for (const cookie of [phone, laptop]) expect((await whoAmI(cookie)).statusCode).toBe(401);
    const refused = await login(fan);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'FORBIDDEN', message: userAdminMessages.accountDisabled });
    expect((await disable(adminCookie, fan.id)).json().status).toBe('SUSPENDED');
    expect((await list('status=SUSPENDED&limit=100')).items.map((user) => user.id)).toContain(fan.id);

    const enabled = await enable(adminCookie, fan.id);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().status).toBe('ACTIVE');
    expect((await login(fan)).statusCode).toBe(200);
    expect((await enable(adminCookie, fan.id)).json().status).toBe('ACTIVE');
  });

  it('an artist is signed out too; an account never confirmed goes back to unconfirmed', async () => {
    const band = await createArtist(t.app);
    const cookie = await signIn(t.app, band);
    expect((await disable(adminCookie, band.id)).json()).toMatchObject({
      status: 'SUSPENDED',
      artist: { id: band.artistId },
    });
    expect((await whoAmI(cookie)).statusCode).toBe(401);

    const newcomer = await createUser(t.app, { status: 'UNCONFIRMED' });
    expect((await disable(adminCookie, newcomer.id)).json().status).toBe('SUSPENDED');
    expect((await enable(adminCookie, newcomer.id)).json().status).toBe('UNCONFIRMED');
  });
});
