import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import { isUniqueViolation } from './errors.js';
import { documents } from './schema/content.js';

/** What the driver throws: PostgreSQL's SQLSTATE and, for a key, the constraint's name. */
const driverError = (code: string, constraint?: string) =>
  Object.assign(new Error(`database error ${code}`), { code, ...(constraint ? { constraint } : {}) });
/** What the query builder throws: its own error around the driver's. */
const wrapped = (cause: unknown) => new Error('Failed query', { cause });

describe('isUniqueViolation', () => {
  const cases: { name: string; error: unknown; constraint?: string; expected: boolean }[] = [
    { name: 'the driver’s unique violation', error: driverError('23505', 'users_email_key'), expected: true },
    { name: 'one wrapped by the query builder', error: wrapped(driverError('23505')), expected: true },
    { name: 'one wrapped twice', error: wrapped(wrapped(driverError('23505'))), expected: true },
    {
      name: 'the constraint asked for',
      error: wrapped(driverError('23505', 'artists_slug_key')),
      constraint: 'artists_slug_key',
      expected: true,
    },
    {
      name: 'another constraint than the one asked for',
      error: wrapped(driverError('23505', 'subscriptions_live_idx')),
      constraint: 'subscriptions_request_key_idx',
      expected: false,
    },
    {
      name: 'a constraint asked for, the error naming none',
      error: driverError('23505'),
      constraint: 'documents_label_key',
      expected: false,
    },
    { name: 'a foreign key violation', error: wrapped(driverError('23503', 'songs_artist_id_fkey')), expected: false },
    { name: 'a deadlock', error: wrapped(driverError('40P01')), expected: false },
    { name: 'the code as a number', error: { code: 23505 }, expected: false },
    { name: 'an error without a code', error: new Error('23505'), expected: false },
    { name: 'a string', error: '23505', expected: false },
    { name: 'nothing', error: undefined, expected: false },
    { name: 'null', error: null, expected: false },
  ];

  it.each(cases)('$name: $expected', ({ error, constraint, expected }) => {
    expect(isUniqueViolation(error, constraint)).toBe(expected);
  });
});

describe('isUniqueViolation on the database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('knows a duplicate key the database refused, and which key', async () => {
    await database.db.insert(documents).values({ key: 'first-key', label: 'Same label' });
    const error = await database.db
      .insert(documents)
      .values({ key: 'second-key', label: 'Same label' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'documents_label_key')).toBe(true);
    expect(isUniqueViolation(error, 'documents_key_key')).toBe(false);
  });
});
