import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isNetworkFailure } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('outage errors', () => {
  it('knows a database that is down, going or dropped the connection, through wrapping causes', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('ECONNREFUSED') }))).toBe(true);
  });

  it('leaves other database errors alone: they are bugs or conflicts, not outages', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42P01'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('40001') }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('knows a storage call that got no answer', () => {
    expect(isNetworkFailure(withCode('ECONNRESET'))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('nope'), { name: 'NoSuchKey' }))).toBe(false);
  });
});
