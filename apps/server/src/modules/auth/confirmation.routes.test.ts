import { CONFIRMATION_CODE_TTL_MS, messages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationCodes, users } from '../../platform/db/schema.js';
import { latestCode, readMails, uniqueEmail } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://hfm.example' });
});
afterAll(async () => t.close());

const PASSWORD = 'Sign-Up-2025!';

async function signUpFan(email = uniqueEmail('fan')) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/create',
    payload: {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      dob: '04/05/1991',
      gender: 'FEMALE',
      role: 'subscriber',
    },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, email };
}

const confirm = (email: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-user', payload: { email, code } });
const resend = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/resend-code', payload: { email } });
const statusOf = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const codeRow = async (id: string) =>
  (await t.app.ctx.db.select().from(confirmationCodes).where(eq(confirmationCodes.userId, id)))[0];
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the confirmation mail', () => {
  it('carries the code as six plain digits and a link to the confirm page with the email', async () => {
    const { id, email } = await signUpFan();
    const mails = await readMails(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${email}`);
    expect(mails[0]).toContain(`https://hfm.example/main/#/confirm?email=${encodeURIComponent(email)}`);
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await codeRow(id);
    expect(stored!.codeHash).not.toContain(code);
    const ttl = stored!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(CONFIRMATION_CODE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(CONFIRMATION_CODE_TTL_MS);
  });
});

describe('POST /api/auth/confirm-user', () => {
  it('answers 400 with field messages for a malformed body', async () => {
    const res = await confirm('not-an-email', '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: messages.email, code: 'Please enter the 6-digit code.' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-user' });
    expect(empty.statusCode).toBe(400);
  });

  it('a wrong code is a 400 that changes nothing but the attempt count', async () => {
    const { id, email } = await signUpFan();
    const code = await latestCode(t, email);
    const before = await codeRow(id);
    const res = await confirm(email, wrongCodeFor(code));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: messages.wrongCode,
      fields: { code: messages.wrongCode },
    });
    const after = await codeRow(id);
    expect(after).toEqual({ ...before, attempts: 1 });
    expect((await statusOf(id)).status).toBe('UNCONFIRMED');
    expect(await readMails(t, email)).toHaveLength(1);
  });

  it('an unknown email gets the same answer as a wrong code', async () => {
    const res = await confirm('nobody@example.test', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.wrongCode);
  });

  it('confirms: the user becomes ACTIVE with confirmedAt, the code is deleted and works only once', async () => {
    const { id, email } = await signUpFan();
    const code = await latestCode(t, email);
    const res = await confirm(email.toUpperCase(), code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ confirmed: true, routeTo: '/login' });
    const user = await statusOf(id);
    expect(user.status).toBe('ACTIVE');
    expect(user.confirmedAt).toBeInstanceOf(Date);
    expect(await codeRow(id)).toBeUndefined();
    expect((await confirm(email, code)).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('an expired code is a 400 that mails a fresh code; only the fresh one works', async () => {
    const { id, email } = await signUpFan();
    const oldCode = await latestCode(t, email);
    await t.app.ctx.db
      .update(confirmationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(confirmationCodes.userId, id));
    const res = await confirm(email, oldCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ code: messages.expiredCode });
    expect(await readMails(t, email)).toHaveLength(2);
    const newCode = await latestCode(t, email);
    if (newCode !== oldCode) expect((await confirm(email, oldCode)).statusCode).toBe(400);
    expect((await confirm(email, newCode)).statusCode).toBe(200);
  });

  it('the 5th wrong try burns the code and mails a new one', async () => {
    const { id, email } = await signUpFan();
    const code = await latestCode(t, email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await confirm(email, wrongCodeFor(code));
      expect(res.json().error.message).toBe(messages.wrongCode);
    }
    const fifth = await confirm(email, wrongCodeFor(code));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().error.fields).toEqual({ code: messages.codeBurned });
    expect(await readMails(t, email)).toHaveLength(2);
    expect((await codeRow(id))!.attempts).toBe(0);
    const newCode = await latestCode(t, email);
    if (newCode !== code) expect((await confirm(email, code)).statusCode).toBe(400);
    expect((await confirm(email, newCode)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/resend-code', () => {
  it('answers 400 for a malformed email', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: messages.email });
  });

  it('answers 202 for an unknown email and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await resend(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    expect(await readMails(t, email)).toHaveLength(0);
  });

  it('mails a new code to an unconfirmed account; the old code stops working', async () => {
    const { email } = await signUpFan();
    const oldCode = await latestCode(t, email);
    const res = await resend(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    expect(await readMails(t, email)).toHaveLength(2);
    const newCode = await latestCode(t, email);
    if (newCode !== oldCode) expect((await confirm(email, oldCode)).statusCode).toBe(400);
    expect((await confirm(email, newCode)).statusCode).toBe(200);
  });

  it('answers the same for a confirmed account and mails nothing', async () => {
    const { email } = await signUpFan();
    await confirm(email, await latestCode(t, email));
    const res = await resend(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    expect(await readMails(t, email)).toHaveLength(1);
  });
});
