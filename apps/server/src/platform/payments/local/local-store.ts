/**
 * The local provider's helpers over its tables: ids, idempotency, the rows as the interface's types. Keys
 * are unique in each table; a replay compares the request's hash with the first request's, as Stripe does.
 */
import crypto from 'node:crypto';
import type { CardBrand } from '@hfm/shared';
import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared.js';
import type { Database } from '../../db/client.js';
import type { localCharges, localSubscriptions } from '../../db/schema/payments.js';
import { localPaymentMethods } from '../../db/schema/payments.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  type CardDetails,
  type Charge,
  type DeclineCode,
  type Metadata,
  type ProviderSubscription,
} from '../provider.js';

export type ChargeRow = typeof localCharges.$inferSelect;
export type PaymentMethodRow = typeof localPaymentMethods.$inferSelect;
export type SubscriptionRow = typeof localSubscriptions.$inferSelect;

/** `pm_local_...`, `ch_local_...`: the provider's ids, as unguessable as Stripe's. */
export function newId(prefix: 'cus' | 'pm' | 'ch' | 're' | 'sub' | 'evt' | 'acct' | 'tr'): string {
  return `${prefix}_local_${crypto.randomBytes(12).toString('hex')}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** What a key was first used with: the operation and its parameters (the key itself left out). */
export function requestHash(operation: string, params: object): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([operation, canonical(params)]))
    .digest('hex');
}

export function assertSameRequest(stored: string, given: string, key: string): void {
  if (stored !== given) {
    throw new PaymentRequestError(
      'idempotency_key_reused',
      `Keys for idempotent requests can only be used with the same parameters they were first used with (${key}).`,
    );
  }
}

export const missing = (what: string, id: string) =>
  new PaymentRequestError('resource_missing', `No such ${what}: '${id}'`);

export function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 50 || amountCents > 99_999_999) {
    throw new PaymentRequestError('invalid_amount', 'Amount must be a whole number of cents from 50 to 99999999.');
  }
}

export const metadataOf = (text: string): Metadata => JSON.parse(text) as Metadata;

export function toCardDetails(row: PaymentMethodRow): CardDetails {
  return {
    paymentMethodId: row.id,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    cardName: row.cardName,
    postalCode: row.postalCode,
  };
}

export function toCharge(row: ChargeRow): Charge {
  return {
    chargeId: row.id,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    amountCents: row.amountCents,
    currency: 'usd',
    status: 'succeeded',
    createdAt: row.createdAt,
    metadata: metadataOf(row.metadata),
    feeCents: localFeeCents(row.amountCents),
  };
}

/** What the local provider keeps of a payment, as Stripe's standard US card pricing: 2.9% + 30 cents, rounded. */
export function localFeeCents(amountCents: number): number {
  return Math.round(amountCents * 0.029 + 30);
}

/** A recorded charge as its caller first got it: the charge, or the same decline again. */
export function replayCharge(row: ChargeRow): Charge {
  if (row.status === 'failed') {
    throw new PaymentDeclinedError(row.failureCode as DeclineCode, row.failureMessage ?? '', row.id);
  }
  return toCharge(row);
}

export function toSubscription(row: SubscriptionRow, now: Date): ProviderSubscription {
  const ended = row.status === 'canceled' || (row.cancelAtPeriodEnd && now >= row.currentPeriodEnd);
  return {
    subscriptionId: row.id,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    amountCents: row.amountCents,
    interval: 'year',
    status: ended ? 'canceled' : row.status === 'past_due' ? 'past_due' : 'active',
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    metadata: metadataOf(row.metadata),
  };
}

/** One year on, in UTC; 29 February becomes 28 February (as Stripe's yearly billing does). */
export function addYear(date: Date): Date {
  const next = new Date(date);
  next.setUTCFullYear(date.getUTCFullYear() + 1);
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0);
  return next;
}

/** Every charge reads its card: prepared once, also in transactions. */
const paymentMethodStatement = preparedStatement(
  (db, name) =>
    db
      .select()
      .from(localPaymentMethods)
      .where(eq(localPaymentMethods.id, sql.placeholder('id')))
      .prepare(name),
  'local_payment_method',
);

export async function findPaymentMethod(db: Database, id: string): Promise<PaymentMethodRow> {
  const [row] = await paymentMethodStatement(db).execute({ id });
  if (!row) throw missing('PaymentMethod', id);
  return row;
}

/** The card may be charged for this customer: attached to them, not detached. */
export async function chargeablePaymentMethod(db: Database, id: string, customerId: string): Promise<PaymentMethodRow> {
  const method = await findPaymentMethod(db, id);
  if (method.customerId !== customerId || method.detachedAt) {
    throw new PaymentRequestError(
      'payment_method_unattached',
      `The PaymentMethod ${id} is not attached to the customer ${customerId}.`,
    );
  }
  return method;
}

/** What the issuer answers for a charge on this card now: nothing (it pays), or a refusal. */
export function chargeRefusal(method: PaymentMethodRow, now: Date): { code: DeclineCode; message: string } | null {
  const endOfExpiryMonth = Date.UTC(method.expYear, method.expMonth, 1);
  if (now.getTime() >= endOfExpiryMonth) return { code: 'expired_card', message: 'Your card has expired.' };
  switch (method.behaviour) {
    case 'declined':
    case 'charge_fails':
      return { code: 'card_declined', message: 'Your card was declined.' };
    case 'insufficient_funds':
      return { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    default:
      return null;
  }
}
