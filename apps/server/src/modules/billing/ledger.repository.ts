import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { placeholderValues, preparedStatement } from '../../platform/db/prepared.js';
import { ledgerEntries } from '../../platform/db/schema/billing.js';

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerRow = typeof ledgerEntries.$inferInsert;

/** The columns a paid term's rows give (`paidTermRows`); an artist credit's `payableFrom`, else null. */
const TERM_ROW_COLUMNS = [
  'kind',
  'amountCents',
  'memberId',
  'artistId',
  'subscriptionId',
  'termNumber',
  'provider',
  'providerChargeId',
  'payableFrom',
  'description',
  'createdAt',
] as const;
export type TermLedgerRow = Pick<NewLedgerRow, (typeof TERM_ROW_COLUMNS)[number]> &
  Required<Pick<NewLedgerRow, 'createdAt'>>;

/**
 * Adds rows; a row whose unique key is taken already (a term charged or credited once, a refund or dispute
 * applied once) is skipped. Answers the rows that were added.
 */
export function insertLedgerRows(db: Database, rows: NewLedgerRow[]): Promise<LedgerRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(ledgerEntries).values(rows).onConflictDoNothing().returning();
}

/** The insert of `count` term rows, prepared (a renewal's or a first charge's two or three rows). */
const termRowsStatement = (count: number) =>
  preparedStatement(
    (db, name) =>
      db
        .insert(ledgerEntries)
        .values(Array.from({ length: count }, (_, at) => placeholderValues<NewLedgerRow>(TERM_ROW_COLUMNS, String(at))))
        .onConflictDoNothing()
        .returning()
        .prepare(name),
    `billing_insert_term_rows_${count}`,
  );
const termRowsStatements = new Map([2, 3].map((count) => [count, termRowsStatement(count)]));

/**
 * A paid term's rows (`paidTermRows`: charge, credit and, when known, the fee), as `insertLedgerRows` adds them
 * (a row whose term key is taken is skipped; answers the rows added), by a prepared statement.
 */
export function insertTermRows(db: Database, rows: TermLedgerRow[]): Promise<LedgerRow[]> {
  const statement = termRowsStatements.get(rows.length);
  if (!statement) return insertLedgerRows(db, rows);
  const values: Record<string, unknown> = {};
  rows.forEach((row, at) => {
    for (const column of TERM_ROW_COLUMNS) values[`${column}${at}`] = row[column] ?? null;
  });
  return statement(db).execute(values);
}

export function listLedgerRowsOfSubscription(db: Database, subscriptionId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.subscriptionId, subscriptionId))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
}

/** The charge row of a provider payment, locked: refunds and disputes of one charge queue behind it. */
export async function findChargeRowForUpdate(
  db: Database,
  provider: string,
  providerChargeId: string,
): Promise<LedgerRow | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'charge'),
        eq(ledgerEntries.provider, provider),
        eq(ledgerEntries.providerChargeId, providerChargeId),
      ),
    )
    .for('update');
  return row ?? null;
}

/** What has been given back of one provider payment so far, by refunds and disputes (a sum of negative rows). */
export async function sumMoneyBack(db: Database, provider: string, providerChargeId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.kind, ['refund', 'dispute']),
        eq(ledgerEntries.provider, provider),
        eq(ledgerEntries.providerChargeId, providerChargeId),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The artist's credit of one paid term, locked: debits of the term queue behind it (never more than it). */
export async function findTermCreditForUpdate(
  db: Database,
  subscriptionId: string,
  termNumber: number,
): Promise<LedgerRow | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'artist_credit'),
        eq(ledgerEntries.subscriptionId, subscriptionId),
        eq(ledgerEntries.termNumber, termNumber),
      ),
    )
    .for('update');
  return row ?? null;
}

/** What has been taken back of a term's artist credit so far (a sum of negative rows). */
export async function sumTermDebits(db: Database, subscriptionId: string, termNumber: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'artist_debit'),
        eq(ledgerEntries.subscriptionId, subscriptionId),
        eq(ledgerEntries.termNumber, termNumber),
      ),
    );
  return Number(row?.total ?? 0);
}

const ARTIST_KINDS = ['artist_credit', 'artist_debit'];

/** The artist's earnings: all of them, and the part whose payout window has opened by `asOf`. Sums of rows. */
export async function sumArtistEarnings(
  db: Database,
  artistId: string,
  asOf: Date,
): Promise<{ earnedCents: number; payableCents: number }> {
  const [row] = await db
    .select({
      earned: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      payable: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${lte(ledgerEntries.payableFrom, asOf)}), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.artistId, artistId), inArray(ledgerEntries.kind, ARTIST_KINDS)));
  return { earnedCents: Number(row?.earned ?? 0), payableCents: Number(row?.payable ?? 0) };
}

/** What the member paid, net of refunds and disputes: a sum of rows. */
export async function sumMemberPayments(db: Database, memberId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), inArray(ledgerEntries.kind, ['charge', 'refund', 'dispute'])));
  return Number(row?.total ?? 0);
}
