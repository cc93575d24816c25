import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { messages } from './messages.js';
import { artistSignUpArtist, artistSignUpForm, artistSignUpUser, createFanBody } from './users.js';

type Issue = [path: string, message: string];

function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const account = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'Str0ng!Pass',
  confirmPassword: 'Str0ng!Pass',
  dob: '12/10/1990',
  gender: 'FEMALE',
};

/** One row per failing account field; each row breaks exactly that field. */
const accountFailures: [string, Record<string, unknown>, Issue[]][] = [
  ['firstName empty', { firstName: '' }, [['firstName', 'Please enter your first name.']]],
  ['firstName whitespace', { firstName: '   ' }, [['firstName', 'Please enter your first name.']]],
  ['firstName missing', { firstName: undefined }, [['firstName', 'Please enter your first name.']]],
  ['lastName empty', { lastName: '' }, [['lastName', 'Please enter your last name']]],
  ['lastName missing', { lastName: undefined }, [['lastName', 'Please enter your last name']]],
  ['email malformed', { email: 'ada@example' }, [['email', 'Please enter a valid email address.']]],
  ['email missing', { email: undefined }, [['email', 'Please enter a valid email address.']]],
  [
    'password weak (confirmed)',
    { password: 'password', confirmPassword: 'password' },
    [['password', 'Please enter a valid password.']],
  ],
  [
    'confirmPassword differs',
    { confirmPassword: 'Str0ng!Pas' },
    [['confirmPassword', 'Please ensure your password matches.']],
  ],
  [
    'confirmPassword missing',
    { confirmPassword: undefined },
    [['confirmPassword', 'Please ensure your password matches.']],
  ],
  ['dob 1899', { dob: '01/02/1899' }, [['dob', 'Please enter a valid datre (MM/DD/YYYY).']]],
  ['dob impossible', { dob: '02/30/2000' }, [['dob', 'Please enter a valid datre (MM/DD/YYYY).']]],
  ['dob missing', { dob: undefined }, [['dob', 'Please enter a valid datre (MM/DD/YYYY).']]],
  ['gender unknown', { gender: 'OTHER' }, [['gender', messages.gender]]],
  ['gender missing', { gender: undefined }, [['gender', messages.gender]]],
  [
    'phoneNumber malformed',
    { phoneNumber: '123' },
    [['phoneNumber', 'Please enter a valid US or international phone number.']],
  ],
  ['location not a US state', { location: 'Atlantis' }, [['location', expect.any(String)]]],
];

const accountOptionals: [string, Record<string, unknown>][] = [
  ['phoneNumber empty', { phoneNumber: '' }],
  ['phoneNumber given', { phoneNumber: '+1 (555) 123-4567' }],
  ['location empty', { location: '' }],
  ['location a state', { location: 'New York' }],
  ['location Other', { location: 'Other' }],
];

describe('createFanBody', () => {
  const fan = { ...account, role: 'subscriber' };

  it('accepts a valid fan and lowercases the email', () => {
    expect(createFanBody.parse(fan)).toMatchObject({ email: 'ada@example.com', role: 'subscriber' });
  });

  it.each(accountOptionals)('accepts %s', (_case, patch) => {
    expect(issuesOf(createFanBody, { ...fan, ...patch })).toEqual([]);
  });

  it.each([
    ...accountFailures,
    ['role not subscriber', { role: 'ADMIN' }, [['role', 'Fan sign-up creates a subscriber.']]],
  ] as const)('rejects %s', (_case, patch, issues) => {
    expect(issuesOf(createFanBody, { ...fan, ...patch })).toEqual(issues);
  });

  it('validates all fields together: a mismatch shows beside other failures', () => {
    expect(issuesOf(createFanBody, { ...fan, firstName: undefined, gender: '', confirmPassword: 'x' })).toEqual([
      ['firstName', 'Please enter your first name.'],
      ['gender', messages.gender],
      ['confirmPassword', 'Please ensure your password matches.'],
    ]);
  });
});

describe('sign-up age check (clock pinned to 2026)', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it.each([
    ['12/31/2013', []],
    ['01/01/2014', [['dob', 'You must be 13 years or older to sign up.']]],
  ])('dob %s', (dob, issues) => {
    expect(issuesOf(createFanBody, { ...account, dob })).toEqual(issues);
    expect(issuesOf(artistSignUpUser, { ...account, dob })).toEqual(issues);
  });
});

describe('artistSignUpUser (the user JSON part)', () => {
  const user = { ...account, role: 'ARTIST' };

  it('accepts a valid artist user', () => {
    expect(artistSignUpUser.parse(user)).toMatchObject({ email: 'ada@example.com', role: 'ARTIST' });
  });

  it.each(accountFailures)('rejects %s', (_case, patch, issues) => {
    expect(issuesOf(artistSignUpUser, { ...user, ...patch })).toEqual(issues);
  });
});

describe('artistSignUpForm (the flat web form)', () => {
  const form = { ...account, name: 'The Engines', genre: 'genre-1', phoneNumber: '', location: '' };

  it('accepts a valid form', () => {
    expect(issuesOf(artistSignUpForm, form)).toEqual([]);
  });

  it.each([
    ...accountFailures,
    ['name empty', { name: ' ' }, [['name', messages.artistName]]],
    ['name missing', { name: undefined }, [['name', messages.artistName]]],
    ['genre empty', { genre: '' }, [['genre', messages.genre]]],
    ['genre missing', { genre: undefined }, [['genre', messages.genre]]],
  ] as const)('rejects %s', (_case, patch, issues) => {
    expect(issuesOf(artistSignUpForm, { ...form, ...patch })).toEqual(issues);
  });
});

describe('artistSignUpArtist (the artist JSON part)', () => {
  it.each([
    ['genre as an id', { name: 'The Engines', genre: 'genre-1' }, true],
    ['genre as an object with _id', { name: 'The Engines', genre: { _id: 'genre-1' } }, true],
    ['hfmPicksOptIn false kept', { name: 'The Engines', genre: 'genre-1', hfmPicksOptIn: false }, false],
  ])('accepts %s (hfmPicksOptIn defaults to true)', (_case, input, optIn) => {
    expect(artistSignUpArtist.parse(input)).toEqual({ name: 'The Engines', genre: 'genre-1', hfmPicksOptIn: optIn });
  });

  it.each([
    ['name empty', { name: '', genre: 'genre-1' }, [['name', messages.artistName]]],
    ['name missing', { genre: 'genre-1' }, [['name', messages.artistName]]],
    ['genre missing', { name: 'The Engines' }, [['genre', messages.genre]]],
    ['genre empty', { name: 'The Engines', genre: ' ' }, [['genre', messages.genre]]],
    ['genre object with empty _id', { name: 'The Engines', genre: { _id: '' } }, [['genre', messages.genre]]],
    ['genre object without _id', { name: 'The Engines', genre: {} }, [['genre', messages.genre]]],
    ['genre a number', { name: 'The Engines', genre: 7 }, [['genre', messages.genre]]],
    [
      'hfmPicksOptIn not a boolean',
      { name: 'The Engines', genre: 'genre-1', hfmPicksOptIn: 'yes' },
      [['hfmPicksOptIn', expect.any(String)]],
    ],
  ])('rejects %s', (_case, input, issues) => {
    expect(issuesOf(artistSignUpArtist, input)).toEqual(issues);
  });
});
