import type { Database } from './client.js';

/** PostgreSQL's answers to two transactions that cannot both go on: serialization failure and deadlock. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/** Whether the error (or the database error Drizzle wraps in it) says "try the transaction again". */
export function isRetryableConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (RETRYABLE_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * Runs `work` again when PostgreSQL broke off a deadlock or a serialization conflict, a few times with a
 * short random pause; any other error, or the last attempt's, goes to the caller. `work` must be a whole
 * transaction (nothing of it is kept when it fails).
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = MAX_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

type TransactionWork<T> = (tx: Database) => Promise<T>;

/** A transaction retried as a whole on deadlock or serialization failure. */
export function transactionWithRetry<T>(db: Database, work: TransactionWork<T>): Promise<T> {
  return withRetry(() => db.transaction((tx) => work(tx as unknown as Database)));
}
