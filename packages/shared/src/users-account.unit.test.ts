import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from './messages.js';
import { changePasswordBody, confirmUserBody, deleteAccountBody, loginBody, updateUserBody } from './users.js';

type Issue = [path: string, message: string];

function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const noCredentials = 'No login credentials found.';

describe('loginBody', () => {
  it('accepts a userName and password', () => {
    expect(loginBody.parse({ userName: ' ada@example.com ', password: 'anything' })).toEqual({
      userName: 'ada@example.com',
      password: 'anything',
    });
  });

  it.each([
    ['userName missing', { password: 'pw' }, [['userName', noCredentials]]],
    ['userName empty', { userName: '', password: 'pw' }, [['userName', noCredentials]]],
    ['userName whitespace', { userName: '   ', password: 'pw' }, [['userName', noCredentials]]],
    ['password missing', { userName: 'ada@example.com' }, [['password', noCredentials]]],
    ['password empty', { userName: 'ada@example.com', password: '' }, [['password', noCredentials]]],
    [
      'both missing',
      {},
      [
        ['userName', noCredentials],
        ['password', noCredentials],
      ],
    ],
  ])('rejects %s', (_case, input, issues) => {
    expect(issuesOf(loginBody, input)).toEqual(issues);
  });
});

describe('confirmUserBody (a 6-digit code)', () => {
  const sixDigits = 'Please enter the 6-digit code.';

  it.each([
    ['a code', { email: 'Ada@Example.com', code: '012345' }, { email: 'ada@example.com', code: '012345' }],
    ['a padded code', { email: 'ada@example.com', code: ' 123456 ' }, { email: 'ada@example.com', code: '123456' }],
  ])('accepts %s', (_case, input, parsed) => {
    expect(confirmUserBody.parse(input)).toEqual(parsed);
  });

  it.each([
    ['5 digits', { email: 'ada@example.com', code: '12345' }, [['code', sixDigits]]],
    ['7 digits', { email: 'ada@example.com', code: '1234567' }, [['code', sixDigits]]],
    ['letters', { email: 'ada@example.com', code: '12a456' }, [['code', sixDigits]]],
    ['code missing', { email: 'ada@example.com' }, [['code', sixDigits]]],
    ['code as a number', { email: 'ada@example.com', code: 123456 }, [['code', sixDigits]]],
    ['email malformed', { email: 'ada', code: '123456' }, [['email', messages.email]]],
    ['email missing', { code: '123456' }, [['email', messages.email]]],
  ])('rejects %s', (_case, input, issues) => {
    expect(issuesOf(confirmUserBody, input)).toEqual(issues);
  });
});

describe('changePasswordBody', () => {
  const change = { currentPassword: 'Old!Passw0rd', password: 'N3w!Password', confirmPassword: 'N3w!Password' };

  it('accepts a valid change', () => {
    expect(changePasswordBody.parse(change)).toEqual(change);
  });

  it.each([
    ['currentPassword empty', { currentPassword: '' }, [['currentPassword', messages.currentPasswordWrong]]],
    ['currentPassword missing', { currentPassword: undefined }, [['currentPassword', messages.currentPasswordWrong]]],
    [
      'password weak (confirmed)',
      { password: 'weakpass', confirmPassword: 'weakpass' },
      [['password', 'Please enter a valid password.']],
    ],
    [
      'confirmPassword differs',
      { confirmPassword: 'N3w!Passwor' },
      [['confirmPassword', 'Please ensure your password matches.']],
    ],
    [
      'confirmPassword missing',
      { confirmPassword: undefined },
      [['confirmPassword', 'Please ensure your password matches.']],
    ],
  ])('rejects %s', (_case, patch, issues) => {
    expect(issuesOf(changePasswordBody, { ...change, ...patch })).toEqual(issues);
  });
});

describe('updateUserBody (every field optional)', () => {
  it.each([
    ['nothing', {}],
    ['names', { firstName: 'Ada', lastName: 'Byron' }],
    ['a phone number', { phoneNumber: '555-123-4567' }],
    ['a cleared phone number', { phoneNumber: '' }],
    ['a null phone number', { phoneNumber: null }],
    ['a location', { location: 'Texas' }],
    ['a gender', { gender: 'NON-BINARY' }],
    ['the opt-in', { hfmPicksOptIn: false }],
    ['an unchanged dob (the server compares it)', { dob: '12/10/1990' }],
  ])('accepts %s', (_case, input) => {
    expect(issuesOf(updateUserBody, input)).toEqual([]);
  });

  it.each([
    ['firstName empty', { firstName: '' }, [['firstName', 'Please enter your first name.']]],
    ['lastName whitespace', { lastName: '  ' }, [['lastName', 'Please enter your last name']]],
    ['phoneNumber malformed', { phoneNumber: '12-34' }, [['phoneNumber', messages.phoneNumber]]],
    ['gender unknown', { gender: 'female' }, [['gender', messages.gender]]],
    ['location unknown', { location: 'Atlantis' }, [['location', expect.any(String)]]],
    ['hfmPicksOptIn not a boolean', { hfmPicksOptIn: 'yes' }, [['hfmPicksOptIn', expect.any(String)]]],
  ])('rejects %s', (_case, input, issues) => {
    expect(issuesOf(updateUserBody, input)).toEqual(issues);
  });
});

describe('deleteAccountBody (the caller confirms with their current password)', () => {
  const wrong = messages.currentPasswordWrong;

  it('accepts any non-empty password as typed (no trimming: it is compared, not stored)', () => {
    expect(deleteAccountBody.parse({ currentPassword: ' Test-Pass-2025! ' })).toEqual({
      currentPassword: ' Test-Pass-2025! ',
    });
  });

  it.each([
    ['no body', undefined, [['', wrong]]],
    ['null', null, [['', wrong]]],
    ['password missing', {}, [['currentPassword', wrong]]],
    ['password empty', { currentPassword: '' }, [['currentPassword', wrong]]],
    ['password a number', { currentPassword: 12345678 }, [['currentPassword', wrong]]],
    ['password over 200 characters', { currentPassword: 'x'.repeat(201) }, [['currentPassword', wrong]]],
  ])('rejects %s', (_case, input, issues) => {
    expect(issuesOf(deleteAccountBody, input)).toEqual(issues);
  });
});
