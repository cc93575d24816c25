import { describe, expect, it } from 'vitest';
import { messages, passwordStrengthMessages as strength } from './messages.js';
import {
  dobError,
  dobToIsoDate,
  formatDob,
  isFilled,
  isOldEnough,
  isStrongPassword,
  isValidEmail,
  isValidPhoneNumber,
  isoDateToDob,
  parseDob,
  passwordStrengthFailures,
  plainText,
} from './validation.js';

describe('passwordStrengthFailures (spec 000 section 5)', () => {
  it.each([
    ['a strong password', 'Str0ng!Pass', []],
    ['7 characters', 'Ab1!xyz', [strength.length]],
    ['exactly 8 characters', 'Ab1!wxyz', []],
    ['no uppercase letter', 'str0ng!pass', [strength.uppercase]],
    ['no number', 'Strong!Pass', [strength.number]],
    ['no special character', 'Str0ngPass', [strength.special]],
    ['a space is not a special character', 'Str0ng Pass', [strength.special]],
    ["'aaa' repeated", 'Str0ng!Paaass', [strength.repeated]],
    ["'111' repeated", 'Str0ng!Pass111', [strength.repeated]],
    ["'!!!' repeated", 'Str0ng!!!Pass', [strength.repeated]],
    ['two repeated characters are allowed', 'Str00ng!!Pass', []],
    ['repeats are case-sensitive', 'StrAaa0!', []],
    ['the empty password', '', [strength.length, strength.uppercase, strength.number, strength.special]],
    [
      "'aaa' fails every rule, in order",
      'aaa',
      [strength.length, strength.uppercase, strength.number, strength.special, strength.repeated],
    ],
    ['a non-string', 42, [strength.length, strength.uppercase, strength.number, strength.special]],
  ])('%s', (_case, password, failures) => {
    expect(passwordStrengthFailures(password)).toEqual(failures);
    expect(isStrongPassword(password)).toBe(failures.length === 0);
  });

  it('joins the failure messages into one error', () => {
    expect(passwordStrengthFailures('str0ngpass').join(' ')).toBe(
      'Password must contain an uppercase letter. Password must contain a special character.',
    );
  });
});

describe('parseDob and dobError format (MM/DD/YYYY)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    ['slashes', '01/02/1990', { month: 1, day: 2, year: 1990 }],
    ['dashes', '01-02-1990', { month: 1, day: 2, year: 1990 }],
    ['spaces', '01 02 1990', { month: 1, day: 2, year: 1990 }],
    ['dots', '01.02.1990', { month: 1, day: 2, year: 1990 }],
    ['the first 19xx year', '12/31/1900', { month: 12, day: 31, year: 1900 }],
    ['a 20xx year', '07/04/2000', { month: 7, day: 4, year: 2000 }],
    ['a leap day', '02/29/2000', { month: 2, day: 29, year: 2000 }],
    ['surrounding whitespace', ' 01/02/1990 ', { month: 1, day: 2, year: 1990 }],
  ])('accepts %s', (_case, value, parsed) => {
    expect(parseDob(value)).toEqual(parsed);
    expect(dobError(value, now)).toBeNull();
  });

  it.each([
    ['year 1899', '01/02/1899'],
    ['year 2100', '01/02/2100'],
    ['February 30th', '02/30/2000'],
    ['month 13', '13/01/2000'],
    ['month 00', '00/10/2000'],
    ['day 00', '10/00/2000'],
    ['day 32', '01/32/2000'],
    ['February 29th in a non-leap year', '02/29/1900'],
    ['April 31st', '04/31/2000'],
    ['a single-digit month and day', '1/2/2000'],
    ['a two-digit year', '01/02/90'],
    ['ISO order', '1990-01-02'],
    ['another separator', '01_02_1990'],
    ['no separators', '01021990'],
    ['the empty string', ''],
    ['a non-string', 19900102],
    ['undefined', undefined],
  ])('rejects %s with the dob message', (_case, value) => {
    expect(parseDob(value)).toBeNull();
    expect(dobError(value, now)).toBe(messages.dob);
  });
});

describe('the age check is year-only: birth year + 13 must not exceed the current year', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    ['born in 2013 (turns 13 this year)', '06/15/2013', null],
    ['born on the last day of 2013 (year only)', '12/31/2013', null],
    ['born in 2000', '01/01/2000', null],
    ['born in 2014', '01/01/2014', messages.tooYoung],
    ['born this year', '01/01/2026', messages.tooYoung],
    ['born in the future', '01/01/2030', messages.tooYoung],
  ])('%s', (_case, value, error) => {
    expect(dobError(value, now)).toBe(error);
  });

  it('compares against the injected year, not the day', () => {
    const dob = { month: 12, day: 31, year: 2013 };
    expect(isOldEnough(dob, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isOldEnough(dob, new Date('2025-12-31T12:00:00Z'))).toBe(false);
  });

  it('says the message the spec quotes', () => {
    expect(messages.tooYoung).toBe('You must be 13 years or older to sign up.');
    expect(messages.dob).toBe('Please enter a valid datre (MM/DD/YYYY).');
  });
});

describe('dob wire form', () => {
  it.each([
    ['01.02.1990', '01/02/1990', '1990-01-02'],
    ['12 31 2013', '12/31/2013', '2013-12-31'],
  ])('%s is sent as %s and stored as %s', (value, wire, iso) => {
    const dob = parseDob(value);
    if (!dob) throw new Error(`${value} should parse`);
    expect(formatDob(dob)).toBe(wire);
    expect(dobToIsoDate(dob)).toBe(iso);
    expect(isoDateToDob(iso)).toBe(wire);
  });
});

describe('isValidEmail', () => {
  it.each([
    ['a plain address', 'ada@example.com', true],
    ['a subdomain and plus tag', 'ada.l+hfm@mail.example.co.uk', true],
    ['upper case', 'ADA@Example.COM', true],
    ['surrounding whitespace', ' ada@example.com ', true],
    ['no @', 'ada.example.com', false],
    ['no domain dot', 'ada@example', false],
    ['a one-letter top-level domain', 'ada@example.c', false],
    ['a space inside', 'ada lovelace@example.com', false],
    ['two @', 'ada@@example.com', false],
    ['nothing before @', '@example.com', false],
    ['the empty string', '', false],
    ['longer than 254 characters', `${'a'.repeat(250)}@example.com`, false],
    ['a non-string', 42, false],
  ])('%s', (_case, value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });
});

describe('isValidPhoneNumber (optional)', () => {
  it.each([
    ['empty', ''],
    ['undefined', undefined],
    ['null', null],
    ['ten digits', '5551234567'],
    ['dashes', '555-123-4567'],
    ['dots', '555.123.4567'],
    ['spaces', '555 123 4567'],
    ['area code in parentheses', '(555) 123-4567'],
    ['area code in parentheses, no space', '(555)123-4567'],
    ['a leading 1', '1 555 123 4567'],
    ['a leading 1 without separator', '15551234567'],
    ['a leading +1 and parentheses', '+1 (555) 123-4567'],
    ['international, 7 digits', '+1234567'],
    ['international, 15 digits', '+123456789012345'],
    ['international with spaces', '+44 20 7946 0958'],
    ['international with dashes', '+49-30-1234567'],
  ])('accepts %s', (_case, value) => {
    expect(isValidPhoneNumber(value)).toBe(true);
  });

  it.each([
    ['letters', 'call me'],
    ['nine digits', '555123456'],
    ['eleven digits not starting with 1', '25551234567'],
    ['an unclosed parenthesis', '(555 123-4567'],
    ['an unopened parenthesis', '555) 123-4567'],
    ['international, 6 digits', '+123456'],
    ['international, 16 digits', '+1234567890123456'],
    ['a plus sign alone', '+'],
    ['a non-string', 5551234567],
  ])('rejects %s', (_case, value) => {
    expect(isValidPhoneNumber(value)).toBe(false);
  });
});

describe('isFilled: required fields fail when empty; numbers and booleans count as filled', () => {
  it.each([
    ['a word', 'Ada', true],
    ['the empty string', '', false],
    ['whitespace only', '  \t ', false],
    ['the number 0', 0, true],
    ['a number', 42, true],
    ['false', false, true],
    ['true', true, true],
    ['undefined', undefined, false],
    ['null', null, false],
    ['an empty list', [], false],
    ['a list', ['a'], true],
    ['an object', { _id: 'g1' }, true],
  ])('%s', (_case, value, filled) => {
    expect(isFilled(value)).toBe(filled);
  });
});

describe('plainText: a bio must be non-empty after stripping markup', () => {
  it.each([
    ['<p> </p>', ''],
    ['<p>&nbsp;</p>', ''],
    ['<p><br></p>', ''],
    ['', ''],
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<p>Line one</p><p>Line two</p>', 'Line one Line two'],
    ['plain words', 'plain words'],
    [undefined, ''],
    [42, ''],
  ])('%j becomes %j', (html, text) => {
    expect(plainText(html)).toBe(text);
  });
});
