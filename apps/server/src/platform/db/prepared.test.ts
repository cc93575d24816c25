import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database, DatabaseHandle } from './client.js';
import { preparedStatement } from './prepared.js';
import { localCustomers } from './schema/payments.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const customerStatement = preparedStatement(
  (db, name) =>
    db
      .select()
      .from(localCustomers)
      .where(eq(localCustomers.id, sql.placeholder('id')))
      .prepare(name),
  'test_customer_by_id',
);
const customer = async (db: Database, id: string) => (await customerStatement(db).execute({ id }))[0] ?? null;
const insertCustomer = (db: Database, id: string) =>
  db.insert(localCustomers).values({ id, memberRef: id, email: `${id}@test.example`, name: id });

class Undo extends Error {}

describe('preparedStatement', () => {
  it('runs inside the transaction it is given: it sees the transaction’s own rows, which a rollback takes away', async () => {
    // Built first on the handle, then run in a transaction (and the other way round for the second statement).
    expect(await customer(database.db, 'cus_prepared_a')).toBeNull();
    await expect(
      database.db.transaction(async (tx) => {
        await insertCustomer(tx as unknown as Database, 'cus_prepared_a');
        expect(await customer(tx as unknown as Database, 'cus_prepared_a')).toMatchObject({ id: 'cus_prepared_a' });
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(await customer(database.db, 'cus_prepared_a')).toBeNull();
  });

  it('keeps transactions under way at once apart: each sees only its own uncommitted row', async () => {
    const seen = await Promise.all(
      ['cus_prepared_b', 'cus_prepared_c'].map((id) =>
        database.db
          .transaction(async (tx) => {
            const db = tx as unknown as Database;
            await insertCustomer(db, id);
            const other = id === 'cus_prepared_b' ? 'cus_prepared_c' : 'cus_prepared_b';
            const answer = { own: await customer(db, id), other: await customer(db, other) };
            throw Object.assign(new Undo(), { answer });
          })
          .catch((error: Undo & { answer: { own: unknown; other: unknown } }) => error.answer),
      ),
    );
    for (const answer of seen) {
      expect(answer.own).not.toBeNull();
      expect(answer.other).toBeNull();
    }
  });

  it('runs on PGlite and PostgreSQL in one process (the statement built first on the other engine)', async () => {
    // On the PostgreSQL pass the second database is PGlite; on the PGlite pass both are PGlite.
    const url = process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    const embedded = await openTestDatabase().finally(() => {
      if (url !== undefined) process.env.TEST_DATABASE_URL = url;
    });
    try {
      await insertCustomer(embedded.db, 'cus_prepared_d');
      await insertCustomer(database.db, 'cus_prepared_e');
      for (const [db, id] of [
        [embedded.db, 'cus_prepared_d'],
        [database.db, 'cus_prepared_e'],
      ] as const) {
        expect(await customer(db, id)).toMatchObject({ id });
        await db.transaction(async (tx) => {
          expect(await customer(tx as unknown as Database, id)).toMatchObject({ id });
        });
      }
    } finally {
      await embedded.close();
    }
  });
});
