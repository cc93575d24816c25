import { messages } from '@hfm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../../platform/db/schema/identity.js';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { SESSION_COOKIE } from './sessions.js';
import { accountKeyOf } from './sign-in-failures.repository.js';

const FAILURES = 3;
const MINUTES = 15;
const WRONG = 'Wrong-Pass-2025!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_LOCKOUT_FAILURES: String(FAILURES), SIGN_IN_LOCKOUT_MINUTES: String(MINUTES) });
});
afterAll(async () => t.close());

const login = (userName: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: { userName, password }, remoteAddress });
const locked = (minutes: number) => ({ error: { code: 'RATE_LIMITED', message: messages.accountLocked(minutes) } });
const wrongCredentials = { error: { code: 'UNAUTHENTICATED', message: messages.wrongCredentials } };
const rowOf = async (userName: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.accountKey, accountKeyOf(userName)))
  )[0];

describe(`sign-in lockout (${FAILURES} wrong passwords in ${MINUTES} minutes)`, () => {
  it('locks the account on the last allowed failure, from any address, saying when to try again', async () => {
    const fan = await createUser(t.app);
    for (let i = 1; i < FAILURES; i++) {
      const res = await login(fan.email, WRONG, `10.9.0.${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(wrongCredentials);
    }
    const last = await login(fan.email, WRONG, '10.9.0.99');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual(locked(MINUTES));
    expect(messages.accountLocked(MINUTES)).toBe(
      'Too many failed sign-ins for this account. Please try again in 15 minutes.',
    );

    // While locked, even the right password is refused (and not checked), in any spelling of the email.
    const right = await login(fan.email.toUpperCase(), TEST_PASSWORD, '10.9.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked(MINUTES));
    expect(right.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    // Another account is not affected.
    const other = await createUser(t.app);
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('locks an unknown email the same way, so a lock tells nothing about which emails have accounts', async () => {
    const nobody = uniqueEmail();
    for (let i = 1; i < FAILURES; i++) expect((await login(nobody, TEST_PASSWORD)).json()).toEqual(wrongCredentials);
    const last = await login(nobody, TEST_PASSWORD);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual(locked(MINUTES));
  });

  it('counts in the database, so failures seen by another API process count too; the email is kept only hashed', async () => {
    const fan = await createUser(t.app);
    // Another process recorded all but one of the allowed failures a moment ago.
    await t.app.ctx.db.insert(signInFailures).values({ accountKey: accountKeyOf(fan.email), failures: FAILURES - 1 });
    const res = await login(fan.email, WRONG);
    expect(res.statusCode).toBe(429);
    const row = await rowOf(fan.email);
    expect(row).toMatchObject({ failures: FAILURES });
    expect(JSON.stringify(row)).not.toContain(fan.email);
  });

  it('a successful sign-in forgets the failures', async () => {
    const fan = await createUser(t.app);
    for (let i = 1; i < FAILURES; i++) expect((await login(fan.email, WRONG)).statusCode).toBe(401);
    expect((await login(fan.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await rowOf(fan.email)).toBeUndefined();
    for (let i = 1; i < FAILURES; i++) expect((await login(fan.email, WRONG)).statusCode).toBe(401);
    expect((await login(fan.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('says the minutes left, rounded up, and lets the account in once the lock is over', async () => {
    const fan = await createUser(t.app);
    for (let i = 0; i < FAILURES; i++) await login(fan.email, WRONG);
    const key = accountKeyOf(fan.email);
    const setLock = (until: ReturnType<typeof sql>) =>
      t.app.ctx.db.update(signInFailures).set({ lockedUntil: until }).where(eq(signInFailures.accountKey, key));

    await setLock(sql`now() + interval '61 seconds'`);
    expect((await login(fan.email, TEST_PASSWORD)).json()).toEqual(locked(2));
    await setLock(sql`now() + interval '30 seconds'`);
    expect((await login(fan.email, TEST_PASSWORD)).json()).toEqual(locked(1));
    expect(messages.accountLocked(1)).toMatch(/in 1 minute\.$/);

    await setLock(sql`now() - interval '1 second'`);
    expect((await login(fan.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await rowOf(fan.email)).toBeUndefined();
  });

  it('starts counting afresh after a lock is over, and after the window has passed', async () => {
    const fan = await createUser(t.app);
    for (let i = 0; i < FAILURES; i++) await login(fan.email, WRONG);
    const key = accountKeyOf(fan.email);
    await t.app.ctx.db
      .update(signInFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInFailures.accountKey, key));
    expect((await login(fan.email, WRONG)).statusCode).toBe(401);
    expect(await rowOf(fan.email)).toMatchObject({ failures: 1, lockedUntil: null });

    for (let i = 1; i < FAILURES - 1; i++) await login(fan.email, WRONG);
    await t.app.ctx.db
      .update(signInFailures)
      .set({ windowStartedAt: sql`now() - make_interval(mins => ${MINUTES + 1})` })
      .where(eq(signInFailures.accountKey, key));
    expect((await login(fan.email, WRONG)).statusCode).toBe(401);
    expect(await rowOf(fan.email)).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it('clears out rows whose window and lock are over when it counts a failure', async () => {
    const stale = uniqueEmail();
    await login(stale, WRONG);
    await t.app.ctx.db
      .update(signInFailures)
      .set({ windowStartedAt: sql`now() - make_interval(mins => ${MINUTES + 1})` })
      .where(eq(signInFailures.accountKey, accountKeyOf(stale)));
    await login(uniqueEmail(), WRONG);
    expect(await rowOf(stale)).toBeUndefined();
  });

  it('concurrent wrong passwords still lock the account', async () => {
    const fan = await createUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: FAILURES + 2 }, (_, i) => login(fan.email, WRONG, `10.8.0.${i}`)),
    );
    expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    expect(answers.some((res) => res.statusCode === 429)).toBe(true);
    expect((await login(fan.email, TEST_PASSWORD)).json()).toEqual(locked(MINUTES));
  });
});
