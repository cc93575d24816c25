import { MIN_AGE_YEARS, PASSWORD_MIN_LENGTH } from './constants.js';
import { messages, passwordStrengthMessages } from './messages.js';

/** Each rule answers an error message, or null when the value passes. */
export type Rule = (value: unknown) => string | null;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const US_PHONE_PATTERN = /^(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;
const INTERNATIONAL_PHONE_PATTERN = /^\+(?:[\s.-]?\d){7,15}$/;
const DOB_PATTERN = /^(0[1-9]|1[0-2])[-/ .](0[1-9]|[12]\d|3[01])[-/ .]((?:19|20)\d\d)$/;
const SPECIAL_CHARACTER = /[^A-Za-z0-9\s]/;

/** Required fields fail when empty; numbers and booleans count as filled. */
export function isFilled(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
}

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

export function isValidPhoneNumber(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value !== 'string') return false;
  const phone = value.trim();
  return US_PHONE_PATTERN.test(phone) || INTERNATIONAL_PHONE_PATTERN.test(phone);
}

/** The failures of the password strength test, in a fixed order; empty when strong. */
export function passwordStrengthFailures(value: unknown): string[] {
  const password = typeof value === 'string' ? value : '';
  const failures: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) failures.push(passwordStrengthMessages.length);
  if (!/[A-Z]/.test(password)) failures.push(passwordStrengthMessages.uppercase);
  if (!/\d/.test(password)) failures.push(passwordStrengthMessages.number);
  if (!SPECIAL_CHARACTER.test(password)) failures.push(passwordStrengthMessages.special);
  if (/(.)\1\1/.test(password)) failures.push(passwordStrengthMessages.repeated);
  return failures;
}

export function isStrongPassword(value: unknown): boolean {
  return passwordStrengthFailures(value).length === 0;
}

export interface ParsedDate {
  month: number;
  day: number;
  year: number;
}

/** MM/DD/YYYY with -, /, space or dot as separators, years 19xx or 20xx, a real calendar day. */
export function parseDob(value: unknown): ParsedDate | null {
  if (typeof value !== 'string') return null;
  const match = DOB_PATTERN.exec(value.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { month, day, year };
}

/** The spec's age check compares years only: birth year plus 13 must not exceed this year. */
export function isOldEnough(dob: ParsedDate, now: Date = new Date()): boolean {
  return dob.year + MIN_AGE_YEARS <= now.getUTCFullYear();
}

export function dobError(value: unknown, now: Date = new Date()): string | null {
  const dob = parseDob(value);
  if (!dob) return messages.dob;
  return isOldEnough(dob, now) ? null : messages.tooYoung;
}

/** Canonical wire form of a valid date of birth: MM/DD/YYYY. */
export function formatDob(dob: ParsedDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(dob.month)}/${pad(dob.day)}/${dob.year}`;
}

/** ISO (YYYY-MM-DD) to the wire form MM/DD/YYYY. */
export function isoDateToDob(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

export function dobToIsoDate(dob: ParsedDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dob.year}-${pad(dob.month)}-${pad(dob.day)}`;
}

/** Strips markup and whitespace; a bio is valid when something is left. */
export function plainText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
