import { messages, passwordStrengthFailures } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.js';
import { latestCode, makeImageDataUrl, readMails, uniqueEmail } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'Sign-Up-2025!';
const fanBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email: uniqueEmail('fan'),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  dob: '04/05/1991',
  gender: 'FEMALE',
  role: 'subscriber',
  ...overrides,
});
const create = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/create', payload: payload as object, headers });
const checkEmail = (email: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/check-email/${encodeURIComponent(email)}` });

describe('POST /api/users/create (fan sign-up)', () => {
  it('answers 400 with the exact shared messages for each bad field', async () => {
    const res = await create({
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      password: 'weak',
      confirmPassword: 'other',
      dob: '13/45/1990',
      gender: 'ROBOT',
      phoneNumber: '12',
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe(messages.completeRequiredFields);
    expect(error.fields).toMatchObject({
      firstName: messages.firstName,
      lastName: messages.lastName,
      email: messages.email,
      password: messages.password,
      dob: messages.dob,
      gender: messages.gender,
      phoneNumber: messages.phoneNumber,
    });
  });

  it('says when the passwords differ, and when the fan is younger than 13 (by year)', async () => {
    const mismatch = await create(fanBody({ confirmPassword: 'Sign-Up-2026!' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: messages.confirmPassword });
    const young = await create(fanBody({ dob: `01/01/${new Date().getUTCFullYear() - 12}` }));
    expect(young.statusCode).toBe(400);
    expect(young.json().error.fields).toEqual({ dob: messages.tooYoung });
  });

  it('refuses a password that repeats a character three times', async () => {
    expect(passwordStrengthFailures('Siiign-Up-2025!')).not.toHaveLength(0);
    const res = await create(fanBody({ password: 'Siiign-Up-2025!', confirmPassword: 'Siiign-Up-2025!' }));
    expect(res.json().error.fields).toEqual({ password: messages.password });
  });

  it('answers 400 for wrong types, a non-subscriber role and malformed JSON, never 500', async () => {
    expect((await create(fanBody({ firstName: 5, email: ['a'] }))).statusCode).toBe(400);
    expect((await create(fanBody({ role: 'ADMIN' }))).statusCode).toBe(400);
    expect((await create('{"firstName":', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await create('[]', { 'content-type': 'application/json' })).statusCode).toBe(400);
  });

  it('answers 413 for a body over the image limit', async () => {
    const res = await create(fanBody({ profileImageData: 'A'.repeat(21 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('creates an unconfirmed subscriber with userName = lowercased email, mails a code, answers 201', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await create(fanBody({ email, phoneNumber: '+44 20 7946 0958', location: 'New York' }));
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      _id: user.id,
      email: email.toLowerCase(),
      userName: email.toLowerCase(),
      status: 'UNCONFIRMED',
      role: 'SUBSCRIBER',
      dob: '04/05/1991',
      gender: 'FEMALE',
      location: 'New York',
      name: 'Ann Lee',
      profileImage: null,
      profileImagePath: null,
      subscribedTo: [],
      hiFived: [],
    });
    expect(JSON.stringify(user)).not.toMatch(/password|argon2/i);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'SUBSCRIBER', dob: '1991-04-05', confirmedAt: null });
    expect(await latestCode(t, email.toLowerCase())).toMatch(/^\d{6}$/);
  });

  it('answers 409 EMAIL_EXISTS for a taken email, whatever its case', async () => {
    const email = uniqueEmail('taken');
    expect((await create(fanBody({ email }))).statusCode).toBe(201);
    const again = await create(fanBody({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'EMAIL_EXISTS', message: messages.emailExists(email) });
    expect(await readMails(t, email)).toHaveLength(1);
  });

  it('stores a profile image sent as a data URL under profile-images/{userId}/', async () => {
    const res = await create(fanBody({ profileImageData: await makeImageDataUrl('jpeg'), fileName: 'me.jpg' }));
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user.profileImagePath).toBe(`/media/profile-images/${user.id}/${user.profileImage}`);
    expect(user.profileImage).toMatch(/\.jpg$/);
    const image = await t.app.inject({ method: 'GET', url: user.profileImagePath });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a GIF profile image with 415 and creates nothing', async () => {
    const email = uniqueEmail('gif');
    const res = await create(fanBody({ email, profileImageData: await makeImageDataUrl('gif') }));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(messages.imageType);
    expect((await checkEmail(email)).json()).toEqual({ exists: false });
    expect(await readMails(t, email)).toHaveLength(0);
  });
});

describe('GET /api/users/check-email/{email}', () => {
  it('answers 400 for something that is not an email', async () => {
    const res = await checkEmail('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: messages.email });
  });

  it('answers exists true for a taken email in any case, false otherwise', async () => {
    const email = uniqueEmail('check');
    expect((await checkEmail(email)).json()).toEqual({ exists: false });
    await create(fanBody({ email }));
    expect((await checkEmail(email.toUpperCase())).json()).toEqual({ exists: true });
  });
});
