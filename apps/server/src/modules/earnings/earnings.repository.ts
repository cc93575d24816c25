/**
 * The earnings read model's SQL: sums over billing's ledger and subscriptions, the payout run's records and
 * engagement's plays per month. Months are UTC (`at time zone 'UTC'` on every timestamp), money integer
 * cents; every answer is a fixed number of statements whatever the number of months.
 */
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { songPlayMonths } from '../../platform/db/schema/engagement.js';
import { payoutAccounts, payouts } from '../../platform/db/schema/payouts.js';

/** The artist's own rows of the ledger: what they earned, what was taken back, what they were paid. */
export const ARTIST_LEDGER_KINDS = ['artist_credit', 'artist_debit', 'artist_payout'] as const;
const EARNING_KINDS = sql`${ledgerEntries.kind} in ('artist_credit', 'artist_debit')`;
/** From when a row may be paid out: its payable date, or (a debit without one) when it was written. */
const PAYABLE_AT = sql`coalesce(${ledgerEntries.payableFrom}, ${ledgerEntries.createdAt})`;

/** sum() and count() answer bigint, which the drivers give as text: exact integers as numbers. */
const toInt = (value: unknown): number => Number(value ?? 0);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** 'YYYY-MM' as the UTC timestamp of its first moment, for SQL. */
const monthStart = (month: string) => sql`(${`${month}-01`}::timestamp at time zone 'UTC')`;

export interface ArtistLedgerSums {
  earnedCents: number;
  earnedThisMonthCents: number;
  /** Paid out, as a positive amount. */
  paidOutCents: number;
  /** Earned with a payable date by each cutoff. */
  earnedPayableByFirstCents: number;
  earnedPayableBySecondCents: number;
  laterPayableFrom: Date | null;
}

/** One statement: the artist's earnings, payouts and what is payable by the two cutoffs. */
export async function sumArtistLedger(
  db: Database,
  artistId: string,
  options: { thisMonth: string; first: Date; second: Date },
): Promise<ArtistLedgerSums> {
  const first = options.first.toISOString();
  const second = options.second.toISOString();
  const amount = ledgerEntries.amountCents;
  const [row] = await db
    .select({
      earned: sql`coalesce(sum(${amount}) filter (where ${EARNING_KINDS}), 0)`,
      earnedThisMonth: sql`coalesce(sum(${amount}) filter (where ${EARNING_KINDS} and ${ledgerEntries.createdAt} >= ${monthStart(options.thisMonth)}), 0)`,
      paidOut: sql`coalesce(-sum(${amount}) filter (where ${ledgerEntries.kind} = 'artist_payout'), 0)`,
      payableByFirst: sql`coalesce(sum(${amount}) filter (where ${EARNING_KINDS} and ${PAYABLE_AT} <= ${first}::timestamptz), 0)`,
      payableBySecond: sql`coalesce(sum(${amount}) filter (where ${EARNING_KINDS} and ${PAYABLE_AT} <= ${second}::timestamptz), 0)`,
      laterPayableFrom: sql<
        string | Date | null
      >`min(${PAYABLE_AT}) filter (where ${EARNING_KINDS} and ${PAYABLE_AT} > ${second}::timestamptz)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.artistId, artistId), inArray(ledgerEntries.kind, [...ARTIST_LEDGER_KINDS])));
  return {
    earnedCents: toInt(row?.earned),
    earnedThisMonthCents: toInt(row?.earnedThisMonth),
    paidOutCents: toInt(row?.paidOut),
    earnedPayableByFirstCents: toInt(row?.payableByFirst),
    earnedPayableBySecondCents: toInt(row?.payableBySecond),
    laterPayableFrom: row?.laterPayableFrom ? new Date(row.laterPayableFrom) : null,
  };
}

export interface SeriesRow {
  month: string;
  subscribers: number;
  newSubscriptions: number;
  renewals: number;
  plays: number;
  earningsCents: number;
  /** Subscriptions in their paid term at `now` (the same on every row). */
  subscribersNow: number;
}

/**
 * One statement: for each of `count` months from `firstMonth`, the subscriptions live at its end (a running
 * sum of those begun less those ended, month by month), paid first years and renewals (the artist's credits
 * of term 1 and of later terms), credits less debits, and plays; and the subscriptions in term at `now`.
 */
export async function readArtistSeries(
  db: Database,
  artistId: string,
  options: { firstMonth: string; count: number; now: Date },
): Promise<SeriesRow[]> {
  const first = sql`${`${options.firstMonth}-01`}::timestamp`;
  const now = options.now.toISOString();
  const result = await db.execute(sql`
    with months as (
      select generate_series(${first}, ${first} + make_interval(months => ${options.count - 1}), interval '1 month') as month
    ),
    earnings as (
      select date_trunc('month', created_at at time zone 'UTC') as month,
        sum(amount_cents) as cents,
        count(*) filter (where kind = 'artist_credit' and term_number = 1) as new_subscriptions,
        count(*) filter (where kind = 'artist_credit' and term_number > 1) as renewals
      from ${ledgerEntries}
      where artist_id = ${artistId} and kind in ('artist_credit', 'artist_debit')
        and created_at >= (${first} at time zone 'UTC')
      group by 1
    ),
    plays as (
      select month::timestamp as month, sum(plays) as plays
      from ${songPlayMonths}
      where artist_id = ${artistId} and month >= ${first}::date
      group by 1
    ),
    paid as (
      select created_at,
        coalesce(ended_at, case when status in ('canceled', 'lapsed') then updated_at end) as ended_at
      from ${subscriptions}
      where artist_id = ${artistId} and status not in ('incomplete', 'declined')
    ),
    changes as (
      select greatest(date_trunc('month', created_at at time zone 'UTC'), ${first}) as month, count(*) as delta
      from paid group by 1
      union all
      select greatest(date_trunc('month', ended_at at time zone 'UTC'), ${first}) as month, -count(*) as delta
      from paid where ended_at is not null group by 1
    ),
    live as (select month, sum(delta) as delta from changes group by month)
    select to_char(m.month, 'YYYY-MM') as month,
      sum(coalesce(live.delta, 0)) over (order by m.month) as subscribers,
      coalesce(e.new_subscriptions, 0) as new_subscriptions,
      coalesce(e.renewals, 0) as renewals,
      coalesce(p.plays, 0) as plays,
      coalesce(e.cents, 0) as earnings_cents,
      (select count(*) from ${subscriptions}
        where artist_id = ${artistId} and status = 'active' and current_period_end > ${now}::timestamptz) as subscribers_now
    from months m
      left join earnings e on e.month = m.month
      left join plays p on p.month = m.month
      left join live on live.month = m.month
    order by m.month
  `);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    month: String(row.month),
    subscribers: toInt(row.subscribers),
    newSubscriptions: toInt(row.new_subscriptions),
    renewals: toInt(row.renewals),
    plays: toInt(row.plays),
    earningsCents: toInt(row.earnings_cents),
    subscribersNow: toInt(row.subscribers_now),
  }));
}

export type PayoutRow = typeof payouts.$inferSelect;

/** The artist's payouts, newest period first: one per month at most, so a lifetime is a few hundred rows. */
export function listPayoutsOfArtist(db: Database, artistId: string): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.artistId, artistId)).orderBy(desc(payouts.period)).limit(1200);
}

export async function findPayoutAccount(db: Database, artistId: string) {
  const [row] = await db
    .select({
      detailsSubmitted: payoutAccounts.detailsSubmitted,
      payoutsEnabled: payoutAccounts.payoutsEnabled,
      taxForm: payoutAccounts.taxForm,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.artistId, artistId));
  return row ?? null;
}

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** A page of the artist's own ledger rows in time order, after `after` (keyset: the index on artist and time). */
export function listArtistLedgerPage(
  db: Database,
  artistId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<LedgerRow[]> {
  const mine = and(eq(ledgerEntries.artistId, artistId), inArray(ledgerEntries.kind, [...ARTIST_LEDGER_KINDS]));
  const later = after
    ? or(
        gt(ledgerEntries.createdAt, after.createdAt),
        and(eq(ledgerEntries.createdAt, after.createdAt), gt(ledgerEntries.id, after.id)),
      )
    : undefined;
  return db
    .select()
    .from(ledgerEntries)
    .where(and(mine, later))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    .limit(limit);
}

export interface RevenueRow {
  month: string;
  grossCents: number;
  refundsCents: number;
  disputesCents: number;
  artistShareCents: number;
  providerFeesCents: number;
  payoutsCents: number;
  newSubscriptions: number;
  renewals: number;
}

/**
 * One statement: each month from `from` to `to` (UTC, both included, empty months with zeros) with its
 * ledger's sums, each as a positive amount: charges, refunds, disputes, artists' credits less debits,
 * provider fees, payouts; and the paid first years and renewals (charges of term 1 and of later terms).
 */
export async function readRevenueMonths(db: Database, from: string, to: string): Promise<RevenueRow[]> {
  const first = sql`${`${from}-01`}::timestamp`;
  const last = sql`${`${to}-01`}::timestamp`;
  const result = await db.execute(sql`
    with months as (select generate_series(${first}, ${last}, interval '1 month') as month),
    sums as (
      select date_trunc('month', created_at at time zone 'UTC') as month,
        sum(amount_cents) filter (where kind = 'charge') as gross,
        -sum(amount_cents) filter (where kind = 'refund') as refunds,
        -sum(amount_cents) filter (where kind = 'dispute') as disputes,
        sum(amount_cents) filter (where kind in ('artist_credit', 'artist_debit')) as artist_share,
        -sum(amount_cents) filter (where kind = 'provider_fee') as provider_fees,
        -sum(amount_cents) filter (where kind = 'artist_payout') as payouts,
        count(*) filter (where kind = 'charge' and term_number = 1) as new_subscriptions,
        count(*) filter (where kind = 'charge' and term_number > 1) as renewals
      from ${ledgerEntries}
      where created_at >= (${first} at time zone 'UTC')
        and created_at < ((${last} + interval '1 month') at time zone 'UTC')
      group by 1
    )
    select to_char(m.month, 'YYYY-MM') as month, s.gross, s.refunds, s.disputes, s.artist_share, s.provider_fees,
      s.payouts, s.new_subscriptions, s.renewals
    from months m left join sums s on s.month = m.month
    order by m.month
  `);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    month: String(row.month),
    grossCents: toInt(row.gross),
    refundsCents: toInt(row.refunds),
    disputesCents: toInt(row.disputes),
    artistShareCents: toInt(row.artist_share),
    providerFeesCents: toInt(row.provider_fees),
    payoutsCents: toInt(row.payouts),
    newSubscriptions: toInt(row.new_subscriptions),
    renewals: toInt(row.renewals),
  }));
}
