import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, not, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { payoutAccounts, payoutRuns, payouts } from '../../platform/db/schema/payouts.js';
import type { PayoutAccount } from '../../platform/payments/provider.js';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;
export type PayoutRunRow = typeof payoutRuns.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Payout accounts

export async function findPayoutAccount(db: Database, artistId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.artistId, artistId));
  return row ?? null;
}

export async function findPayoutAccountByRef(
  db: Database,
  provider: string,
  accountId: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.accountId, accountId)));
  return row ?? null;
}

const statusColumns = (status: PayoutAccount, at: Date) => ({
  detailsSubmitted: status.detailsSubmitted,
  payoutsEnabled: status.payoutsEnabled,
  taxForm: status.taxForm,
  bankLast4: status.bankLast4,
  requirements: status.requirements,
  updatedAt: at,
});

/**
 * The artist's account at this provider: kept (the first of two racing calls wins; both made the same account
 * with one key), or put in place of an account at another provider. Answers the stored row and whether it is new.
 */
export async function savePayoutAccount(
  db: Database,
  input: { artistId: string; provider: string; country: string; status: PayoutAccount },
): Promise<{ row: PayoutAccountRow; created: boolean }> {
  const at = new Date();
  const values = {
    artistId: input.artistId,
    provider: input.provider,
    accountId: input.status.accountId,
    country: input.country,
    ...statusColumns(input.status, at),
  };
  const [inserted] = await db.insert(payoutAccounts).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const existing = (await findPayoutAccount(db, input.artistId))!;
  if (existing.provider === input.provider) return { row: existing, created: false };
  const [replaced] = await db
    .update(payoutAccounts)
    .set(values)
    .where(eq(payoutAccounts.artistId, input.artistId))
    .returning();
  return { row: replaced!, created: true };
}

/** What the provider answered about an account, cached beside it. */
export async function cachePayoutAccountStatus(
  db: Database,
  provider: string,
  status: PayoutAccount,
): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .update(payoutAccounts)
    .set(statusColumns(status, new Date()))
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.accountId, status.accountId)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Payouts

/** Holds the artist's payouts for the rest of the transaction: two runs decide one artist one at a time. */
export async function lockArtistPayouts(db: Database, artistId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`hfm.payout:${artistId}`}))`);
}

export async function findPayout(db: Database, artistId: string, period: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.artistId, artistId), eq(payouts.period, period)));
  return row ?? null;
}

export async function findPayoutById(db: Database, id: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row ?? null;
}

/** The (artist, period) row as given: made, or changed in place (the unique key keeps one per artist and period). */
export async function upsertPayout(db: Database, row: NewPayoutRow): Promise<PayoutRow> {
  const { id: _id, artistId: _artist, period: _period, createdAt: _created, ...changes } = row;
  const [saved] = await db
    .insert(payouts)
    .values(row)
    .onConflictDoUpdate({ target: [payouts.artistId, payouts.period], set: { ...changes, updatedAt: new Date() } })
    .returning();
  return saved!;
}

export async function updatePayout(
  db: Database,
  id: string,
  changes: Partial<NewPayoutRow>,
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payouts.id, id))
    .returning();
  return row ?? null;
}

export function listPayoutsOfPeriod(db: Database, period: string): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.period, period)).orderBy(payouts.createdAt, payouts.id);
}

/** Artists with a payout of the period: a run looks at them again (a paid one is reported as paid before). */
export async function artistsWithPayoutIn(db: Database, period: string): Promise<string[]> {
  const rows = await db.select({ artistId: payouts.artistId }).from(payouts).where(eq(payouts.period, period));
  return rows.map((row) => row.artistId);
}

/** Money on its way to the artist in other periods (pending transfers): not owed again while it is. */
export async function sumPendingElsewhere(db: Database, artistId: string, period: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.artistId, artistId), eq(payouts.status, 'pending'), ne(payouts.period, period)));
  return Number(row?.total ?? 0);
}

/** The periods that have a payout in these states (the sweep asks for pending ones, anywhere in time). */
export async function periodsWithStatus(db: Database, statuses: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ period: payouts.period })
    .from(payouts)
    .where(inArray(payouts.status, statuses))
    .orderBy(payouts.period);
  return rows.map((row) => row.period);
}

export async function statusesOfPeriod(db: Database, period: string): Promise<Set<string>> {
  const rows = await db.selectDistinct({ status: payouts.status }).from(payouts).where(eq(payouts.period, period));
  return new Set(rows.map((row) => row.status));
}

// ---------------------------------------------------------------------------------------------------------
// Runs

/** The database's clock `seconds` ahead: every process reads and writes leases by this one clock. */
const leaseFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Records a run; with `leaseSeconds`, held by the calling process from the start (decision 0043). */
export async function insertRun(
  db: Database,
  run: Omit<typeof payoutRuns.$inferInsert, 'leaseExpiresAt'>,
  leaseSeconds?: number,
): Promise<PayoutRunRow> {
  const lease = leaseSeconds === undefined ? {} : { leaseExpiresAt: leaseFromNow(leaseSeconds) };
  const [row] = await db
    .insert(payoutRuns)
    .values({ ...run, ...lease })
    .returning();
  return row!;
}

/** Extends the run's lease; answers false when the run is finished (or was marked stopped as dead meanwhile). */
export async function renewRunLease(db: Database, id: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(payoutRuns)
    .set({ leaseExpiresAt: leaseFromNow(leaseSeconds) })
    .where(and(eq(payoutRuns.id, id), isNull(payoutRuns.finishedAt)))
    .returning({ id: payoutRuns.id });
  return rows.length > 0;
}

export async function finishRun(
  db: Database,
  id: string,
  changes: { finishedAt: Date; counts?: Record<string, number>; error?: string | null },
): Promise<PayoutRunRow> {
  const [row] = await db.update(payoutRuns).set(changes).where(eq(payoutRuns.id, id)).returning();
  return row!;
}

/** A run as read, with whether its lease has run out by the database's clock (no lease at all: run out). */
export type PayoutRunRead = PayoutRunRow & { leaseExpired: boolean };

const runRead = {
  ...getTableColumns(payoutRuns),
  leaseExpired: sql<boolean>`coalesce(${payoutRuns.leaseExpiresAt} < now(), true)`.mapWith(Boolean),
};

export function listRecentRuns(db: Database, limit: number): Promise<PayoutRunRead[]> {
  return db.select(runRead).from(payoutRuns).orderBy(desc(payoutRuns.startedAt), desc(payoutRuns.id)).limit(limit);
}

/** An admin's real run is worked by a job (decision 0039); every other run by the process that made it. */
const workedByJob = and(eq(payoutRuns.trigger, 'admin'), eq(payoutRuns.dryRun, false));

/**
 * Marks stopped every unfinished run without a job whose lease has run out (its process died): the worker's
 * sweep (decision 0043). Answers the runs marked.
 */
export function stopRunsWithExpiredLeases(db: Database, error: string): Promise<PayoutRunRow[]> {
  return db
    .update(payoutRuns)
    .set({ finishedAt: sql`now()`, error: error.slice(0, 500) })
    .where(
      and(isNull(payoutRuns.finishedAt), not(workedByJob!), sql`coalesce(${payoutRuns.leaseExpiresAt} < now(), true)`),
    )
    .returning();
}

/** Every unfinished admin run worked by a job, of any period (the sweep asks each one's job). */
export function unfinishedJobRuns(db: Database): Promise<PayoutRunRow[]> {
  return db
    .select()
    .from(payoutRuns)
    .where(and(workedByJob, isNull(payoutRuns.finishedAt)));
}

/** The latest run of the period that finished without an error and moved money (not a dry run). */
export async function lastFinishedRun(db: Database, period: string): Promise<PayoutRunRow | null> {
  const [row] = await db
    .select()
    .from(payoutRuns)
    .where(
      and(
        eq(payoutRuns.period, period),
        eq(payoutRuns.dryRun, false),
        isNotNull(payoutRuns.finishedAt),
        isNull(payoutRuns.error),
      ),
    )
    .orderBy(desc(payoutRuns.startedAt))
    .limit(1);
  return row ?? null;
}

/** The periods with a finished run that moved money: the sweep catches up the others. */
export async function periodsWithFinishedRuns(db: Database): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ period: payoutRuns.period })
    .from(payoutRuns)
    .where(and(eq(payoutRuns.dryRun, false), isNotNull(payoutRuns.finishedAt), isNull(payoutRuns.error)));
  return new Set(rows.map((row) => row.period));
}

export async function findRun(db: Database, id: string): Promise<PayoutRunRead | null> {
  const [row] = await db.select(runRead).from(payoutRuns).where(eq(payoutRuns.id, id));
  return row ?? null;
}

/** The period's runs started by an admin (queued as jobs) that have not finished, newest first. */
export function unfinishedAdminRuns(db: Database, period: string): Promise<PayoutRunRead[]> {
  return db
    .select(runRead)
    .from(payoutRuns)
    .where(
      and(
        eq(payoutRuns.period, period),
        eq(payoutRuns.dryRun, false),
        eq(payoutRuns.trigger, 'admin'),
        isNull(payoutRuns.finishedAt),
      ),
    )
    .orderBy(desc(payoutRuns.startedAt), desc(payoutRuns.id));
}

/** Marks a run stopped with the error, unless it finished meanwhile; answers the row as it is now. */
export async function stopRunIfUnfinished(db: Database, id: string, error: string): Promise<PayoutRunRow | null> {
  const [row] = await db
    .update(payoutRuns)
    .set({ finishedAt: new Date(), error: error.slice(0, 500) })
    .where(and(eq(payoutRuns.id, id), isNull(payoutRuns.finishedAt)))
    .returning();
  return row ?? findRun(db, id);
}

/** Holds the period's admin runs for the rest of the transaction: two admins asking at once start one run. */
export async function lockPeriodRuns(db: Database, period: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`hfm.payout-run:${period}`}))`);
}
