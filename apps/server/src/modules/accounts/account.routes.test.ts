import crypto from 'node:crypto';
import { messages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EMAIL_CANNOT_CHANGE } from './account.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const put = (url: string, payload: object, cookie?: string) => injectAs(t, cookie, { method: 'PUT', url, payload });
const profileStatus = async (cookie: string) =>
  (await injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' })).statusCode;

describe('PUT /api/users/{id}', () => {
  it('answers 401 signed out, 400 for a non-UUID id, 403 for another user, 404 for an unknown id', async () => {
    const fan = await createUser(t.app);
    const other = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const fanCookie = await signIn(t.app, fan);
    expect((await put(`/api/users/${fan.id}`, { firstName: 'X' })).statusCode).toBe(401);
    expect((await put('/api/users/not-a-uuid', { firstName: 'X' }, fanCookie)).statusCode).toBe(400);
    const forbidden = await put(`/api/users/${other.id}`, { firstName: 'X' }, fanCookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const unknown = await put(`/api/users/${crypto.randomUUID()}`, { firstName: 'X' }, await signIn(t.app, admin));
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 400 with the shared messages for bad fields', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const res = await put(`/api/users/${fan.id}`, { firstName: '', phoneNumber: 'abc', gender: 'X' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: messages.firstName,
      phoneNumber: messages.phoneNumber,
      gender: messages.gender,
    });
  });

  it('refuses a changed date of birth or email, accepts them sent back unchanged', async () => {
    const fan = await createUser(t.app, { dob: '1990-05-17' });
    const cookie = await signIn(t.app, fan);
    const dob = await put(`/api/users/${fan.id}`, { dob: '05/18/1990' }, cookie);
    expect(dob.statusCode).toBe(400);
    expect(dob.json().error).toMatchObject({
      message: messages.dobCannotChange,
      fields: { dob: messages.dobCannotChange },
    });
    const email = await put(`/api/users/${fan.id}`, { email: 'new@example.test' }, cookie);
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields).toEqual({ email: EMAIL_CANNOT_CHANGE });
    const same = await put(
      `/api/users/${fan.id}`,
      { dob: '05-17-1990', email: fan.email.toUpperCase(), firstName: 'Same' },
      cookie,
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ firstName: 'Same', dob: '05/17/1990', email: fan.email });
  });

  it('updates the editable fields and ignores role, status and other unknown keys', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const res = await put(
      `/api/users/${fan.id}`,
      {
        firstName: 'Nia',
        lastName: 'Moss',
        phoneNumber: '(212) 555-0100',
        location: 'Texas',
        gender: 'NON-BINARY',
        hfmPicksOptIn: true,
        role: 'ADMIN',
        status: 'SUSPENDED',
        passwordHash: 'x',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Nia',
      lastName: 'Moss',
      name: 'Nia Moss',
      phoneNumber: '(212) 555-0100',
      location: 'Texas',
      gender: 'NON-BINARY',
      hfmPicksOptIn: true,
      role: 'SUBSCRIBER',
      status: 'ACTIVE',
    });
    expect(await profileStatus(cookie)).toBe(200);
    const cleared = await put(`/api/users/${fan.id}`, { phoneNumber: '', location: '' }, cookie);
    expect(cleared.json()).toMatchObject({ phoneNumber: null, location: null });
  });

  it('lets an admin update another user', async () => {
    const fan = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const res = await put(`/api/users/${fan.id}`, { lastName: 'Edited' }, await signIn(t.app, admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fan.id, lastName: 'Edited' });
  });
});

describe('PUT /api/users/password/{id}', () => {
  const NEW_PASSWORD = 'Brand-New-2026?';
  const body = (overrides: object = {}) => ({
    currentPassword: TEST_PASSWORD,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...overrides,
  });

  it('answers 401 signed out, 400 for bad fields, 403 for anyone but the user (admins too)', async () => {
    const fan = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const cookie = await signIn(t.app, fan);
    expect((await put(`/api/users/password/${fan.id}`, body())).statusCode).toBe(401);
    const weak = await put(
      `/api/users/password/${fan.id}`,
      body({ password: 'short', confirmPassword: 'short' }),
      cookie,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: messages.password });
    const mismatch = await put(`/api/users/password/${fan.id}`, body({ confirmPassword: 'Other-Pass-2026?' }), cookie);
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: messages.confirmPassword });
    expect((await put(`/api/users/password/${fan.id}`, body(), await signIn(t.app, admin))).statusCode).toBe(403);
    expect((await put('/api/users/password/1234', body(), cookie)).statusCode).toBe(400);
  });

  it('answers 400 on the currentPassword field when the current password is wrong', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const res = await put(`/api/users/password/${fan.id}`, body({ currentPassword: 'Wrong-Pass-2025!' }), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currentPassword: messages.currentPasswordWrong });
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const fan = await createUser(t.app);
    const here = await signIn(t.app, fan);
    const elsewhere = await signIn(t.app, fan);
    const res = await put(`/api/users/password/${fan.id}`, body(), here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await profileStatus(here)).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(401);
    await expect(signIn(t.app, fan)).rejects.toThrow(/401/);
    await signIn(t.app, { email: fan.email, password: NEW_PASSWORD });
  });
});
