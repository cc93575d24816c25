import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { GENDERS } from './constants.js';
import { messages } from './messages.js';
import { dobField, emailField, genderField, passwordField, phoneNumberField } from './users.js';

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('emailField', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['ADA@Example.COM', 'ada@example.com'],
    ['  Ada.L@Example.com  ', 'ada.l@example.com'],
  ])('accepts %j and lowercases it to %j', (input, email) => {
    expect(emailField.parse(input)).toBe(email);
  });

  it.each([['ada@example'], ['ada example.com'], [''], ['   '], [undefined], [42]])(
    'rejects %j with the email message',
    (input) => {
      expect(messagesOf(emailField, input)).toEqual(['Please enter a valid email address.']);
    },
  );
});

describe('passwordField', () => {
  it('accepts a strong password unchanged', () => {
    expect(passwordField.parse('Str0ng!Pass')).toBe('Str0ng!Pass');
  });

  it.each([
    ['too short', 'Ab1!xyz'],
    ['no uppercase', 'str0ng!pass'],
    ['no number', 'Strong!Pass'],
    ['no special character', 'Str0ngPass'],
    ['three repeated characters', 'Str0ng!Paaass'],
    ['longer than 200 characters', `Str0ng!${'ab'.repeat(100)}`],
    ['missing', undefined],
  ])('rejects %s with the password message', (_case, input) => {
    expect(messagesOf(passwordField, input)).toEqual(['Please enter a valid password.']);
  });
});

describe('dobField (against the clock, pinned to 2026)', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it.each([['01/02/1990'], ['12/31/2013'], ['12-31-2013'], ['12 31 2013'], ['12.31.2013']])('accepts %j', (input) => {
    expect(messagesOf(dobField, input)).toEqual([]);
  });

  it.each([
    ['01/02/1899', messages.dob],
    ['01/02/2100', messages.dob],
    ['02/30/2000', messages.dob],
    ['13/01/2000', messages.dob],
    ['00/10/2000', messages.dob],
    ['', messages.dob],
    [undefined, messages.dob],
    ['01/01/2014', messages.tooYoung],
  ])('rejects %j with %j', (input, message) => {
    expect(messagesOf(dobField, input)).toEqual([message]);
  });
});

describe('phoneNumberField (optional)', () => {
  it.each([[undefined], [null], [''], ['(555) 123-4567'], ['+44 20 7946 0958']])('accepts %j', (input) => {
    expect(messagesOf(phoneNumberField, input)).toEqual([]);
  });

  it.each([['555-1234'], ['+123456'], ['+1234567890123456'], ['phone'], [5551234567]])(
    'rejects %j with the phone message',
    (input) => {
      expect(messagesOf(phoneNumberField, input)).toEqual(['Please enter a valid US or international phone number.']);
    },
  );
});

describe('genderField', () => {
  it('offers exactly the four values of the spec', () => {
    expect(GENDERS).toEqual(['MALE', 'FEMALE', 'NON-BINARY', 'PREFER NOT TO SAY']);
  });

  it.each(GENDERS.map((gender) => [gender]))('accepts %j', (gender) => {
    expect(genderField.parse(gender)).toBe(gender);
  });

  it.each([['male'], ['Non-Binary'], ['OTHER'], [''], [undefined]])('rejects %j with the gender message', (input) => {
    expect(messagesOf(genderField, input)).toEqual([messages.gender]);
  });
});
