/**
 * The embedded local payment provider's own state (platform/payments/local/): what Stripe would keep on its
 * side. No module reads these tables; billing keeps its own rows and speaks to the provider's interface.
 * A card is kept as brand, last four and expiry: never its number or CVC.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const localCustomers = pgTable('local_customers', {
  id: text('id').primaryKey(),
  /** Our user id: one customer per member. */
  memberRef: text('member_ref').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** The customer a row belongs to. */
const customerRef = () =>
  text('customer_id')
    .notNull()
    .references(() => localCustomers.id);

/** The saved card a row pays with. */
const paymentMethodRef = () =>
  text('payment_method_id')
    .notNull()
    .references(() => localPaymentMethods.id);

/** A write that moves money: our ids, and the key and request it answers again when repeated. */
const idempotentWrite = () => ({
  metadata: text('metadata').notNull().default('{}'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  createdAt: createdAt(),
});

export const localPaymentMethods = pgTable(
  'local_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').references(() => localCustomers.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    cardName: text('card_name'),
    postalCode: text('postal_code'),
    /** What the test card does: `succeeds`, `declined`, `insufficient_funds`, `charge_fails`. */
    behaviour: text('behaviour').notNull(),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('local_payment_methods_customer_idx').on(t.customerId)],
);

export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: customerRef(),
    paymentMethodId: paymentMethodRef(),
    amountCents: integer('amount_cents').notNull(),
    interval: text('interval').notNull(),
    /** incomplete (first payment declined: never started), active, past_due, canceled. */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    ...idempotentWrite(),
  },
  (t) => [index('local_subscriptions_customer_idx').on(t.customerId)],
);

export const localCharges = pgTable(
  'local_charges',
  {
    id: text('id').primaryKey(),
    customerId: customerRef(),
    paymentMethodId: paymentMethodRef(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** succeeded or failed (a decline is recorded, as Stripe records a failed payment). */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** A subscription's payment: which subscription, and the start of the term it pays. */
    subscriptionId: text('subscription_id').references(() => localSubscriptions.id),
    periodStart: timestamp('period_start', { withTimezone: true }),
    ...idempotentWrite(),
  },
  (t) => [
    index('local_charges_customer_idx').on(t.customerId),
    // A term is paid at most once, whatever keys the renewal attempts used.
    uniqueIndex('local_charges_term_paid_idx')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.status} = 'succeeded' and ${t.subscriptionId} is not null`),
  ],
);

export const localRefunds = pgTable(
  'local_refunds',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => localCharges.id),
    amountCents: integer('amount_cents').notNull(),
    ...idempotentWrite(),
  },
  (t) => [index('local_refunds_charge_idx').on(t.chargeId)],
);

/**
 * Payout accounts (Stripe Connect's Express accounts, locally): an artist's account, and what its holder gave
 * on our onboarding page. Never a full bank account or tax id number: their last four digits, the form's type,
 * names, the typed signature and when it was signed (docs/payouts.md).
 */
export const localConnectAccounts = pgTable('local_connect_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  /** The bank account money is sent to: its holder and last four digits. */
  bankAccountHolder: text('bank_account_holder'),
  bankLast4: text('bank_last4'),
  bankAddedAt: timestamp('bank_added_at', { withTimezone: true }),
  /** 'W-9' or 'W-8BEN' once completed. */
  taxForm: text('tax_form'),
  taxName: text('tax_name'),
  taxBusinessName: text('tax_business_name'),
  /** The last four digits of the SSN, EIN or foreign tax id; null when a W-8BEN gives a reason for none. */
  taxIdLast4: text('tax_id_last4'),
  taxSignature: text('tax_signature'),
  taxSignedAt: timestamp('tax_signed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  ...idempotentWrite(),
});

/** A single-use onboarding link: its id is the credential (unguessable), good for an hour, spent once completed. */
export const localAccountLinks = pgTable(
  'local_account_links',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => localConnectAccounts.id),
    returnUrl: text('return_url').notNull(),
    refreshUrl: text('refresh_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('local_account_links_account_idx').on(t.accountId)],
);

/** Money sent to a payout account (Stripe: a Transfer), once per idempotency key. */
export const localTransfers = pgTable(
  'local_transfers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => localConnectAccounts.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    ...idempotentWrite(),
  },
  (t) => [index('local_transfers_account_idx').on(t.accountId)],
);
