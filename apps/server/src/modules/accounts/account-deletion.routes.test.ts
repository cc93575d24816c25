import crypto from 'node:crypto';
import { LEGAL, messages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { paymentCards, subscriptions } from '../../platform/db/schema/billing.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { events, hiFives, memberSongListens } from '../../platform/db/schema/engagement.js';
import { confirmationCodes, deletedAccounts, sessions, users } from '../../platform/db/schema/identity.js';
import {
  createAdmin,
  createArtist,
  createSong,
  createUser,
  makeImageDataUrl,
  readMails,
  signIn,
  TEST_PASSWORD,
  type TestArtist,
  type TestUser,
} from '../../test/factories.js';
import { CONFIRMATION_MAIL_JOB } from '../auth/confirmation-mail.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ACCOUNT_DELETED_MAIL_JOB, purgeExpiredDeletedAccounts, retentionEnd } from './account-deletion.service.js';
import { tombstoneEmail } from './deleted-accounts.repository.js';

let t: TestApp;
let artist: TestArtist;
let adminUser: TestUser;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { work: [CONFIRMATION_MAIL_JOB, ACCOUNT_DELETED_MAIL_JOB], poolSize: 8 });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  adminUser = await createAdmin(t.app);
  adminCookie = await signIn(t.app, adminUser);
});
afterAll(async () => t.close());

const YEAR_MS = 365 * 24 * 3600 * 1000;

function del(id: string, payload: unknown, cookie?: string) {
  return injectAs(t, cookie, {
    method: 'DELETE',
    url: `/api/users/${id}`,
    payload: payload as object,
  });
}
const mine = { currentPassword: TEST_PASSWORD };
const get = (url: string, cookie?: string) => injectAs(t, cookie, { method: 'GET', url });

async function userRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('DELETE /api/users/{id}: refusals', () => {
  it('answers 401 signed out, before the body is read', async () => {
    const fan = await createUser(t.app);
    const res = await del(fan.id, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 with a clear message for no body at all', async () => {
    const fan = await createUser(t.app);
    const res = await del(fan.id, undefined, await signIn(t.app, fan));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: messages.currentPasswordWrong });
  });

  it.each<[string, unknown]>([
    ['an empty body', {}],
    ['an empty password', { currentPassword: '' }],
    ['a number', { currentPassword: 12345678 }],
    ['a password past 200 characters', { currentPassword: 'x'.repeat(201) }],
  ])('answers 400 for %s, naming currentPassword', async (_case, payload) => {
    const fan = await createUser(t.app);
    const res = await del(fan.id, payload, await signIn(t.app, fan));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { currentPassword: messages.currentPasswordWrong },
    });
  });

  it('answers 400 for an id that is not a UUID, and for a body that is not JSON', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    expect((await del('not-a-uuid', mine, cookie)).statusCode).toBe(400);
    const broken = await injectAs(t, cookie, {
      method: 'DELETE',
      url: `/api/users/${fan.id}`,
      payload: '{"currentPassword":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBeDefined();
  });

  it('answers 400 with a clear message for a wrong password, and deletes nothing', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const res = await del(fan.id, { currentPassword: 'Wrong-Pass-2025!' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: messages.currentPasswordWrong,
      fields: { currentPassword: messages.currentPasswordWrong },
    });
    expect((await userRow(fan.id)).status).toBe('ACTIVE');
    expect((await get('/api/users/session/profile', cookie)).statusCode).toBe(200);
  });

  it("answers 403 for another fan's account (with the caller's right password), 404 for an unknown one", async () => {
    const fan = await createUser(t.app);
    const other = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const forbidden = await del(other.id, mine, cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await userRow(other.id)).status).toBe('ACTIVE');
    expect((await del(crypto.randomUUID(), mine, adminCookie)).statusCode).toBe(404);
  });

  it("answers 409 for an artist account, pointing to the studio's Terminate licence", async () => {
    const own = await createArtist(t.app);
    const res = await del(own.id, mine, await signIn(t.app, own));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: messages.artistAccountTermination });
    expect(messages.artistAccountTermination).toContain('Terminate licence');
    expect((await del(own.id, mine, adminCookie)).statusCode).toBe(409);
    expect((await userRow(own.id)).status).toBe('ACTIVE');
  });

  it('answers 409 for an admin account, its own included', async () => {
    const admin = await createAdmin(t.app);
    const res = await del(admin.id, mine, await signIn(t.app, admin));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.adminAccountCannotBeDeleted);
  });
});

describe('DELETE /api/users/{id}: a fan deletes their own account', () => {
  let fan: TestUser;
  let otherFan: TestUser;
  let cookie: string;
  let secondCookie: string;
  let song: string;
  let otherSong: string;
  let imagePath: string;
  let subscriptionId: string;
  let playsBefore: number;

  beforeAll(async () => {
    fan = await createUser(t.app, { phoneNumber: '(212) 555-0100', location: 'Texas', gender: 'FEMALE' });
    otherFan = await createUser(t.app);
    cookie = await signIn(t.app, fan);
    secondCookie = await signIn(t.app, fan);
    const upload = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/profile-image/upload/${fan.id}`,
      payload: { imageData: await makeImageDataUrl() },
    });
    imagePath = upload.json().path;
    song = (await createSong(t.app, artist.artistId, { status: 'ready' })).id;
    otherSong = (await createSong(t.app, artist.artistId, { status: 'ready' })).id;
    for (const [who, whoCookie, item] of [
      [fan, cookie, song],
      [fan, cookie, otherSong],
      [otherFan, await signIn(t.app, otherFan), song],
    ] as const) {
      const res = await injectAs(t, whoCookie, {
        method: 'POST',
        url: '/api/hi-fives',
        payload: { memberID: who.id, itemID: item, itemType: 'song' },
      });
      expect(res.statusCode).toBe(201);
    }
    const listen = await injectAs(t, cookie, {
      method: 'POST',
      url: '/api/mzd-events',
      payload: {
        memberID: fan.id,
        itemID: song,
        itemType: 'song',
        eventPayload: { action: 'listen', clientTime: new Date().toISOString() },
      },
    });
    expect(listen.statusCode).toBeLessThan(300);
    const [before] = await t.app.ctx.db.select({ plays: songs.plays }).from(songs).where(eq(songs.id, song));
    playsBefore = before!.plays;
    expect(playsBefore).toBe(1);
    const [card] = await t.app.ctx.db
      .insert(paymentCards)
      .values({
        userId: fan.id,
        providerRef: 'pm_local_test',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2040,
        cardName: 'Test Fan',
        postalCode: '10001',
      })
      .returning();
    const [subscription] = await t.app.ctx.db
      .insert(subscriptions)
      .values({
        memberId: fan.id,
        artistId: artist.artistId,
        paymentMethodId: card!.id,
        currentPeriodEnd: new Date(Date.now() + YEAR_MS),
      })
      .returning({ id: subscriptions.id });
    subscriptionId = subscription!.id;
    expect((await get(imagePath)).statusCode).toBe(200);
  });

  it('answers 200 { id, deleted } and clears the session cookie', async () => {
    const res = await del(fan.id, mine, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: fan.id, deleted: true });
    const cleared = res.cookies.find((c) => c.name === 'hfm_session');
    expect(cleared?.value).toBe('');
  });

  it('ends every session of the account at once, and sign-in is impossible', async () => {
    expect((await get('/api/users/session/profile', cookie)).statusCode).toBe(401);
    expect((await get('/api/users/session/profile', secondCookie)).statusCode).toBe(401);
    expect(await t.app.ctx.db.$count(sessions, eq(sessions.userId, fan.id))).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: fan.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    const byPlaceholder = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: tombstoneEmail(fan.id), password: '' },
    });
    expect(byPlaceholder.statusCode).toBe(400);
  });

  it('keeps the user row as a tombstone without personal data', async () => {
    const row = await userRow(fan.id);
    expect(row).toMatchObject({
      status: 'DELETED',
      role: 'SUBSCRIBER',
      firstName: 'Deleted',
      lastName: 'account',
      email: tombstoneEmail(fan.id),
      userName: tombstoneEmail(fan.id),
      passwordHash: '',
      phoneNumber: null,
      dob: null,
      location: null,
      gender: null,
      profileImage: null,
      confirmedAt: null,
    });
    expect(tombstoneEmail(fan.id)).toMatch(/@deleted\.invalid$/);
    expect(JSON.stringify(row)).not.toContain(fan.email);
  });

  it('writes the complaint record: the original email, kept 6 years after the deletion', async () => {
    const [record] = await t.app.ctx.db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, fan.id));
    expect(record).toMatchObject({ email: fan.email, role: 'SUBSCRIBER', deletedBy: fan.id });
    expect(record!.retainUntil.toISOString()).toBe(retentionEnd(record!.deletedAt).toISOString());
    expect(record!.retainUntil.getUTCFullYear() - record!.deletedAt.getUTCFullYear()).toBe(6);
    expect(Math.abs(record!.deletedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('keeps the subscription row (a payment record) but stops its renewal, and removes the saved cards', async () => {
    const [sub] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(sub).toMatchObject({ memberId: fan.id, cancelAtPeriodEnd: true, paymentMethodId: null, priceCents: 999 });
    expect(await t.app.ctx.db.$count(paymentCards, eq(paymentCards.userId, fan.id))).toBe(0);
  });

  it("removes the fan's Hi Fives and events, and the counts still equal the entries", async () => {
    const db = t.app.ctx.db;
    expect(await db.$count(hiFives, eq(hiFives.userId, fan.id))).toBe(0);
    expect(await db.$count(events, eq(events.memberId, fan.id))).toBe(0);
    expect(await db.$count(memberSongListens, eq(memberSongListens.memberId, fan.id))).toBe(0);
    const [first] = await db.select().from(songs).where(eq(songs.id, song));
    const [second] = await db.select().from(songs).where(eq(songs.id, otherSong));
    expect(first!.hifives).toBe(1); // the other fan's stays
    expect(second!.hifives).toBe(0);
    expect(first!.plays).toBe(playsBefore); // a play that counted stays the artist's
    const [owner] = await db.select().from(artists).where(eq(artists.id, artist.artistId));
    const entries = await db
      .select({ id: hiFives.id })
      .from(hiFives)
      .innerJoin(songs, eq(songs.id, hiFives.itemId))
      .where(eq(songs.artistId, artist.artistId));
    expect(owner!.hifives).toBe(entries.length);
    expect(owner!.hifives).toBeGreaterThan(0);
  });

  it('deletes the profile image from storage', async () => {
    expect((await get(imagePath)).statusCode).toBe(404);
    const key = imagePath.replace(/^\/media\//, '');
    expect(await t.app.ctx.storage.stat(key)).toBeNull();
  });

  it('mails the address the account had', async () => {
    await t.app.ctx.jobs.idle([ACCOUNT_DELETED_MAIL_JOB]);
    const mails = await readMails(t, fan.email);
    const mail = mails.find((text) => text.includes('Subject: Your HFM account has been deleted'));
    expect(mail).toBeDefined();
    expect(mail).toContain('signed out everywhere');
    expect(mail).toContain(`for ${LEGAL.complaintRecordYears} years`);
  });

  it('lets the email sign up again, and the tombstone is no account to anyone (404)', async () => {
    expect((await get(`/api/users/check-email/${encodeURIComponent(fan.email)}`)).json()).toEqual({ exists: false });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      payload: {
        firstName: 'Back',
        lastName: 'Again',
        email: fan.email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dob: '01/01/1990',
        gender: 'FEMALE',
        role: 'subscriber',
      },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(fan.id);
    expect((await del(fan.id, mine, adminCookie)).statusCode).toBe(404);
    const put = await injectAs(t, adminCookie, {
      method: 'PUT',
      url: `/api/users/${fan.id}`,
      payload: { firstName: 'Back' },
    });
    expect(put.statusCode).toBe(404);
  });
});

describe('DELETE /api/users/{id}: others', () => {
  it("lets an admin delete a fan's account with the admin's own password (not the fan's)", async () => {
    const fan = await createUser(t.app, { password: 'Fans-Own-Pass-9?' });
    const fanCookie = await signIn(t.app, fan);
    const wrong = await del(fan.id, { currentPassword: 'Fans-Own-Pass-9?' }, adminCookie);
    expect(wrong.statusCode).toBe(400);
    const res = await del(fan.id, mine, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'hfm_session')).toBeUndefined();
    expect((await get('/api/users/session/profile', adminCookie)).statusCode).toBe(200);
    expect((await get('/api/users/session/profile', fanCookie)).statusCode).toBe(401);
    const [record] = await t.app.ctx.db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, fan.id));
    expect(record!.deletedBy).toBe(adminUser.id);
  });

  it('deletes an unconfirmed account (admin) with its confirmation code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      payload: {
        firstName: 'New',
        lastName: 'Fan',
        email: `unconfirmed-${crypto.randomUUID()}@example.test`,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        dob: '01/01/1990',
        gender: 'MALE',
      },
    });
    const id: string = res.json().id;
    await t.app.ctx.jobs.idle([CONFIRMATION_MAIL_JOB]);
    expect(await t.app.ctx.db.$count(confirmationCodes, eq(confirmationCodes.userId, id))).toBe(1);
    expect((await del(id, mine, adminCookie)).statusCode).toBe(200);
    expect(await t.app.ctx.db.$count(confirmationCodes, eq(confirmationCodes.userId, id))).toBe(0);
  });

  it('four deletions of one account at once: one deletes, the others find nothing (404)', async () => {
    const fan = await createUser(t.app);
    const answers = await Promise.all([1, 2, 3, 4].map(() => del(fan.id, mine, adminCookie)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404, 404, 404]);
    expect(await t.app.ctx.db.$count(deletedAccounts, eq(deletedAccounts.userId, fan.id))).toBe(1);
  });
});

describe('complaint records', () => {
  it('are kept 6 years to the day, then purged', async () => {
    expect(retentionEnd(new Date('2025-05-01T10:00:00Z')).toISOString()).toBe('2031-05-01T10:00:00.000Z');
    const db = t.app.ctx.db;
    const record = (deletedAt: Date) => ({
      userId: crypto.randomUUID(),
      email: `old-${crypto.randomUUID()}@example.test`,
      role: 'SUBSCRIBER',
      accountCreatedAt: new Date('2015-01-01T00:00:00Z'),
      deletedAt,
      deletedBy: crypto.randomUUID(),
      retainUntil: retentionEnd(deletedAt),
    });
    const expired = record(new Date(Date.now() - 6 * YEAR_MS - 10 * 24 * 3600 * 1000));
    const kept = record(new Date(Date.now() - 5 * YEAR_MS));
    await db.insert(deletedAccounts).values([expired, kept]);
    expect(await purgeExpiredDeletedAccounts(db)).toBeGreaterThanOrEqual(1);
    expect(await db.$count(deletedAccounts, eq(deletedAccounts.userId, expired.userId))).toBe(0);
    expect(await db.$count(deletedAccounts, eq(deletedAccounts.userId, kept.userId))).toBe(1);
  });
});
