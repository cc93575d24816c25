import { messages } from '@hfm/shared';
import { AppError } from './app-error.js';

/**
 * Errors that mean "a service HFM depends on does not answer" rather than "HFM is broken": they become a
 * 503 with a message saying which, and a Retry-After (docs/operations.md, "Faults and recovery").
 */

/** Node's socket errors when the other end is down, unreachable or went away mid-request. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's classes and codes for a server that is gone, going or not yet back: connection exceptions
 * (08...), admin/crash shutdown and "cannot connect now" (57P01-57P03), too many connections (53300).
 */
const DATABASE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own messages for a connection that dropped or never came (no code on them). */
const DATABASE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown; name?: unknown }> {
  let current = error as { cause?: unknown } | undefined;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = current.cause as typeof current;
  }
}

/** Whether the database could not be reached (or dropped the connection): the request can simply be tried again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (DATABASE_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (DATABASE_MESSAGES.some((known) => message.includes(known))) return true;
  }
  return false;
}

/** Whether a storage call failed because the storage did not answer (not because of what was asked). */
export function isNetworkFailure(error: unknown): boolean {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && NETWORK_CODES.has(link.code)) return true;
    if (link.name === 'TimeoutError' || link.name === 'RequestTimeout') return true;
  }
  return false;
}

export const storageUnavailable = (cause?: unknown) => {
  const error = new AppError('UNAVAILABLE', messages.storageUnavailable);
  if (cause !== undefined) error.cause = cause;
  return error;
};

export const databaseUnavailable = () => new AppError('UNAVAILABLE', messages.databaseUnavailable);

/** Seconds a client should wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 30;
