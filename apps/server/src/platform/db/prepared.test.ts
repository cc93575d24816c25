import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database, DatabaseHandle } from './client.js';
import { preparedRead, preparedStatement, runOnConnection } from './prepared.js';
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

  it('fails loudly when drizzle no longer exposes a connection, or its statement no longer keeps one', () => {
    const statement = preparedStatement(() => ({ execute: () => [] }), 'test_without_client');
    expect(() => statement({} as Database)).toThrow(/_\.session\.client/);
    expect(() => statement(database.db)).toThrow(/no longer keeps its connection/);
  });
});

describe('prepared statements read what drizzle reads', () => {
  const unprepared = (db: Database, id: string) => db.select().from(localCustomers).where(eq(localCustomers.id, id));
  const withClock = preparedRead(
    (db, name) =>
      db
        .select({ id: localCustomers.id, createdAt: localCustomers.createdAt, clock: sql<string>`now()` })
        .from(localCustomers)
        .where(eq(localCustomers.id, sql.placeholder('id')))
        .prepare(name),
    'test_customer_with_clock',
  );

  it('answers the same row, its timestamp a Date, in and out of a transaction (PGlite: with its own parsers)', async () => {
    await insertCustomer(database.db, 'cus_prepared_f');
    const [plain] = await unprepared(database.db, 'cus_prepared_f');
    expect(plain!.createdAt).toBeInstanceOf(Date);
    expect(await customer(database.db, 'cus_prepared_f')).toEqual(plain);
    await database.db.transaction(async (tx) => {
      expect(await customer(tx as unknown as Database, 'cus_prepared_f')).toEqual(plain);
    });
  });

  it('keeps drizzle’s own reading where a column or expression would read otherwise (an expression’s timestamp is text)', async () => {
    await insertCustomer(database.db, 'cus_prepared_g');
    const [row] = await withClock(database.db).execute({ id: 'cus_prepared_g' });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(typeof row!.clock).toBe('string');
  });
});

describe('runOnConnection', () => {
  it('runs plain SQL on the transaction it is given, and on the handle outside one', async () => {
    const count = async (db: Database) =>
      (await runOnConnection(db, 'select count(*)::int as n from local_customers where id = $1', [
        'cus_prepared_h',
      ])) as {
        n: number;
      }[];
    await expect(
      database.db.transaction(async (tx) => {
        await insertCustomer(tx as unknown as Database, 'cus_prepared_h');
        expect((await count(tx as unknown as Database))[0]!.n).toBe(1);
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect((await count(database.db))[0]!.n).toBe(0);
  });
});
