/**
 * Payouts: what artists are paid of their earnings, monthly (docs/payouts.md). The money itself is in the
 * ledger (billing's `ledger_entries`: `artist_credit` earned, `artist_debit` taken back, `artist_payout`
 * paid); these tables hold the artist's account at the provider and the record of each monthly payment.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { artists } from './artists.js';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * The artist's payout account at the provider (Stripe: a Connect Express account), with what we last learnt
 * of it. Payouts need `payouts_enabled` and a tax form (W-9 or W-8) on file; the provider is asked again
 * before money moves.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    artistId: uuid('artist_id')
      .primaryKey()
      .references(() => artists.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** 'W-9' or 'W-8BEN' / 'W-8BEN-E' once the artist has completed one; null before. */
    taxForm: text('tax_form'),
    /** The last four digits of the bank account payouts go to, when the provider shows them. */
    bankLast4: text('bank_last4'),
    /** Where the artist is paid (ISO 3166-1 alpha-2), as the account was made. */
    country: text('country').notNull().default('US'),
    /** What the provider still asks for, in its words (shown to the artist). */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payout_accounts_ref_idx').on(t.provider, t.accountId)],
);

/** One run of the monthly payout (scheduled on the 22nd, caught up if missed, from the CLI, or an admin's). */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: id(),
    /** The month paid in, 'YYYY-MM': it pays what became payable by the 22nd of that month. */
    period: text('period').notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    /** 'schedule', 'cli' or 'admin'. */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** How many artists were paid, held, failed, and the cents paid. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    /**
     * Until when the process working the run is known to be alive (decision 0043): renewed by it every heartbeat,
     * by the database's clock. An unfinished run without a job whose lease has run out is stopped.
     */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [index('payout_runs_period_idx').on(t.period, t.startedAt)],
);

/**
 * An artist's payout for one period: at most one per artist and period, whatever runs overlap or crash
 * (the unique key). status: `held` (no payout account or tax form yet: the amount waits for a later
 * period), `pending` (the transfer is being made, with the key in `idempotency_key`), `paid`, `failed` (the
 * provider refused; retried by a later run of the period with the next attempt's key). The artist id is a
 * plain column: payment records outlive the artist.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    artistId: uuid('artist_id').notNull(),
    period: text('period').notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Why a held payout waits: 'no_account', 'onboarding_incomplete', 'no_tax_form'. */
    heldReason: text('held_reason'),
    provider: text('provider'),
    accountId: text('account_id'),
    transferId: text('transfer_id'),
    attempt: integer('attempt').notNull().default(1),
    idempotencyKey: text('idempotency_key'),
    failureMessage: text('failure_message'),
    runId: uuid('run_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_artist_period_idx').on(t.artistId, t.period),
    index('payouts_period_idx').on(t.period, t.status),
    check('payouts_status_check', sql`${t.status} in ('held', 'pending', 'paid', 'failed')`),
  ],
);
