import { describe, expect, it } from 'vitest';
import { isRetryableConflict, withRetry } from './retry.js';

const databaseError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });
const wrapped = (code: string) => new Error('Failed query', { cause: databaseError(code) });

describe('withRetry', () => {
  it('knows deadlocks and serialization failures, also wrapped by the query builder', () => {
    expect(isRetryableConflict(databaseError('40P01'))).toBe(true);
    expect(isRetryableConflict(wrapped('40001'))).toBe(true);
    expect(isRetryableConflict(wrapped('23505'))).toBe(false);
    expect(isRetryableConflict('40P01')).toBe(false);
  });

  it('runs the work again after a deadlock, a bounded number of times', async () => {
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        if (calls < 3) throw wrapped('40P01');
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw wrapped('40001');
      }, 4),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(4);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw wrapped('23505');
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
