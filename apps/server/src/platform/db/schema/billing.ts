/**
 * Billing: members' payment cards, their subscriptions to artists, and the ledger of every money movement.
 * Our rows are the source of truth (docs/decisions/0013-payments-provider.md): the provider's ids are kept
 * beside them, never its state. Money is integer cents; balances are sums of ledger rows.
 */
import type { SubscriptionStatus } from '@hfm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { artists } from './artists.js';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './identity.js';

/** The member's customer at the payment provider: one per member and provider. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.provider] }),
    uniqueIndex('billing_customers_ref_idx').on(t.provider, t.customerId),
  ],
);

/** A saved card: the provider's token and what may be shown. Never a card number or CVC. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's payment-method token (`pm_...`). */
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    cardName: text('card_name').notNull(),
    postalCode: text('postal_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId),
    uniqueIndex('payment_cards_user_ref_idx').on(t.userId, t.providerRef),
  ],
);

/**
 * A member's subscription to an artist. status: `incomplete` (the first payment is under way: holds the
 * member and artist's place so two requests cannot both pay), `active` (in its term; `cancel_at_period_end`
 * means it ends at `current_period_end`), `past_due` (a renewal was declined; retried at
 * `next_attempt_at`), `declined` (the first payment was refused: no subscription, kept so the same request
 * key answers the same decline), `canceled` (ended by the fan's cancel at the end of its term), `lapsed` (renewal
 * failed after every retry). Access: active and `current_period_end` in the future.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    priceCents: integer('price_cents').notNull().default(999),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Which yearly term is current: 1 for the first year. */
    termNumber: integer('term_number').notNull().default(1),
    /** Failed renewal attempts of the current term (0 while paid up). */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    /** When the renewal job next charges it: the period end, or a retry after a decline. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    provider: text('provider'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The subscribe request's Idempotency-Key header (or our id), from which the provider's key is made. */
    requestKey: text('request_key'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why the first payment was refused (status declined): a repeat of the same request key answers it again. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_member_idx').on(t.memberId),
    index('subscriptions_artist_idx').on(t.artistId),
    // One live subscription per member and artist: two subscribes at once cannot both pay.
    uniqueIndex('subscriptions_live_idx')
      .on(t.memberId, t.artistId)
      .where(sql`${t.status} in ('incomplete', 'active', 'past_due')`),
    uniqueIndex('subscriptions_request_key_idx').on(t.memberId, t.requestKey),
    index('subscriptions_due_idx').on(t.nextAttemptAt),
    // The reconciliation job reads first payments left under way (a crash between the provider and our write).
    index('subscriptions_incomplete_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'incomplete'`),
    // A provider's event names its subscription: the webhook finds ours by it.
    index('subscriptions_provider_ref_idx').on(t.provider, t.providerSubscriptionId),
  ],
);

/**
 * The ledger: every money movement is a row, in integer cents, signed from the point of view of its kind's
 * account: `charge` (+ what the member paid), `refund` (- what went back), `dispute` (- what a chargeback
 * took), `artist_credit` (+ what the artist earned), `artist_debit` (- an earning taken back), `artist_payout`
 * (- what was paid out to the artist: credits, debits and payouts sum to what the artist is still owed),
 * `provider_fee` (- what the payment provider kept of a charge). Balances are sums. Member, artist and subscription are kept as plain ids too, so the rows outlive a deleted account
 * (payment records are kept as the law requires).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    memberId: uuid('member_id'),
    artistId: uuid('artist_id'),
    subscriptionId: uuid('subscription_id'),
    /** The subscription's term this row pays or credits (1 = the first year). */
    termNumber: integer('term_number'),
    provider: text('provider'),
    providerChargeId: text('provider_charge_id'),
    /** A refund's or dispute's id at the provider. */
    providerRefId: text('provider_ref_id'),
    /** For artist rows: from when the payout run may pay it (the 22nd of the month after the charge). */
    payableFrom: timestamp('payable_from', { withTimezone: true }),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_artist_idx').on(t.artistId, t.kind),
    // The earnings statement reads an artist's rows in time order, the revenue report a range of months.
    index('ledger_entries_artist_time_idx').on(t.artistId, t.createdAt, t.id),
    index('ledger_entries_created_idx').on(t.createdAt),
    index('ledger_entries_member_idx').on(t.memberId),
    // A refund or dispute finds its payment's charge, and what was given back of it, by the provider's id.
    index('ledger_entries_provider_charge_idx').on(t.provider, t.providerChargeId),
    // A term is charged, credited and its fee kept once, whoever learns of the payment first (our call or an event).
    uniqueIndex('ledger_entries_term_idx')
      .on(t.subscriptionId, t.termNumber, t.kind)
      .where(sql`${t.kind} in ('charge', 'artist_credit', 'provider_fee') and ${t.subscriptionId} is not null`),
    uniqueIndex('ledger_entries_provider_ref_idx')
      .on(t.provider, t.kind, t.providerRefId)
      .where(sql`${t.providerRefId} is not null`),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('charge', 'refund', 'dispute', 'artist_credit', 'artist_debit', 'artist_payout', 'provider_fee')`,
    ),
  ],
);

/** Provider events already applied: a redelivered event id changes nothing. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    appliedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A receipt: one per money movement a fan is told about (a first charge, a renewal, a refund or dispute, a
 * renewal the card refused), mailed once and listed on the Account page. What it shows is kept on the row
 * (artist name, card brand and last four), so it reads the same after the card or the artist is gone.
 * `number` runs on a sequence: the receipt reads `HFM-{year}-{number, six digits}`.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: id(),
    number: serial('number').notNull(),
    /** `charge` (a first year), `renewal`, `refund`, `dispute`, `failed_renewal` (nothing was charged). */
    kind: text('kind').notNull(),
    /** What it records, once: `ledger:{ledger row id}`, or the provider's key of a refused renewal attempt. */
    sourceKey: text('source_key').notNull(),
    memberId: uuid('member_id').notNull(),
    subscriptionId: uuid('subscription_id'),
    artistId: uuid('artist_id'),
    artistName: text('artist_name').notNull(),
    /** What moved (or, for a refused renewal, what was asked): positive cents; the kind says which way. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    termNumber: integer('term_number'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** A refused renewal: the issuer's words, and the next try (null: it was the last, the subscription ended). */
    failureReason: text('failure_reason'),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** Set when its mail is taken to be sent: a retried job finds it set and sends nothing. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_receipts_source_idx').on(t.sourceKey),
    uniqueIndex('payment_receipts_number_idx').on(t.number),
    index('payment_receipts_member_idx').on(t.memberId, t.createdAt, t.id),
    check(
      'payment_receipts_kind_check',
      sql`${t.kind} in ('charge', 'renewal', 'refund', 'dispute', 'failed_renewal')`,
    ),
  ],
);
