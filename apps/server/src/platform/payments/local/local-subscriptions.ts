/**
 * The local provider's yearly subscriptions: Stripe Billing's shape (a subscription, its terms, a payment per
 * term), but the renewal clock is ours: billing's renewal job asks `renewSubscription` once a term has ended
 * (docs/decisions/0013). A term is paid at most once, whatever keys the attempts use (a unique index).
 */
import { eq, sql } from 'drizzle-orm';
import { placeholderValues, preparedStatement } from '../../db/prepared.js';
import type { Database } from '../../db/client.js';
import { localCharges, localSubscriptions } from '../../db/schema/payments.js';
import {
  PaymentRequestError,
  type CancelSubscriptionInput,
  type Charge,
  type CreateSubscriptionInput,
  type DeclineCode,
  type PaymentProvider,
  type ProviderSubscription,
  type RenewSubscriptionInput,
  type SubscriptionPayment,
} from '../provider.js';
import {
  addYear,
  assertAmount,
  assertSameRequest,
  chargeRefusal,
  chargeablePaymentMethod,
  missing,
  newId,
  replayCharge,
  requestHash,
  toSubscription,
  type ChargeRow,
  type PaymentMethodRow,
  type SubscriptionRow,
} from './local-store.js';

type SubscriptionMethods = Pick<
  PaymentProvider,
  | 'createSubscription'
  | 'findSubscriptionAttempt'
  | 'renewSubscription'
  | 'cancelSubscription'
  | 'resumeSubscription'
  | 'getSubscription'
  | 'setSubscriptionPaymentMethod'
>;

/** A renewal's reads and write in its transaction, prepared once (the renewal sweep runs them for every due row). */
const subscriptionForUpdate = preparedStatement(
  (db, name) =>
    db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, sql.placeholder('id')))
      .for('update')
      .prepare(name),
  'local_subscription_for_update',
);
const chargeByKeyStatement = preparedStatement(
  (db, name) =>
    db
      .select()
      .from(localCharges)
      .where(eq(localCharges.idempotencyKey, sql.placeholder('key')))
      .prepare(name),
  'local_charge_by_key',
);

/** A renewal paid: the subscription in its next term (prepared, as the reads). */
const paidTermStatement = preparedStatement(
  (db, name) =>
    db
      .update(localSubscriptions)
      .set({
        status: 'active',
        currentPeriodStart: sql`${sql.placeholder('start')}`,
        currentPeriodEnd: sql`${sql.placeholder('end')}`,
      })
      .where(eq(localSubscriptions.id, sql.placeholder('id')))
      .returning()
      .prepare(name),
  'local_subscription_paid_term',
);

/** A term's payment, paid or refused (every renewal writes one): prepared, also in transactions. */
const CHARGE_COLUMNS = [
  'id',
  'customerId',
  'paymentMethodId',
  'amountCents',
  'currency',
  'description',
  'status',
  'failureCode',
  'failureMessage',
  'subscriptionId',
  'periodStart',
  'metadata',
  'idempotencyKey',
  'requestHash',
  'createdAt',
] as const;
type ChargeValues = Required<Pick<typeof localCharges.$inferInsert, (typeof CHARGE_COLUMNS)[number]>>;
const insertChargeStatement = preparedStatement(
  (db, name) =>
    db.insert(localCharges).values(placeholderValues<ChargeValues>(CHARGE_COLUMNS)).returning().prepare(name),
  'local_insert_charge',
);

export function createLocalSubscriptions(db: Database, now: () => Date): SubscriptionMethods {
  async function findSubscription(tx: Database, id: string, lock = false): Promise<SubscriptionRow> {
    const [row] = lock
      ? await subscriptionForUpdate(tx).execute({ id })
      : await tx.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
    if (!row) throw missing('subscription', id);
    return row;
  }

  /**
   * Records the term's payment: the charge row, paid or refused by the card (`checked`: the card as the caller
   * read it in this transaction and the moment it was asked, else it is read here, now).
   */
  async function payTerm(
    tx: Database,
    sub: SubscriptionRow,
    idempotencyKey: string,
    hash: string,
    checked?: { method: PaymentMethodRow; at: Date },
  ): Promise<ChargeRow> {
    const method = checked?.method ?? (await chargeablePaymentMethod(tx, sub.paymentMethodId, sub.customerId));
    const at = checked?.at ?? now();
    const refusal = chargeRefusal(method, at);
    const values: ChargeValues = {
      id: newId('ch'),
      customerId: sub.customerId,
      paymentMethodId: method.id,
      amountCents: sub.amountCents,
      currency: 'usd',
      description: `Subscription ${sub.id}`,
      status: refusal ? 'failed' : 'succeeded',
      failureCode: refusal?.code ?? null,
      failureMessage: refusal?.message ?? null,
      subscriptionId: sub.id,
      periodStart: sub.currentPeriodStart,
      metadata: sub.metadata,
      idempotencyKey,
      requestHash: hash,
      createdAt: at,
    };
    const [row] = await insertChargeStatement(tx).execute(values);
    return row!;
  }

  async function chargeByKey(tx: Database, key: string): Promise<ChargeRow | undefined> {
    const [row] = await chargeByKeyStatement(tx).execute({ key });
    return row;
  }

  /**
   * The answer of a finished call: the subscription with its payment, or the recorded decline. `sub`: the
   * subscription row as read or written in the caller's transaction, else it is read here.
   */
  async function answer(tx: Database, charge: ChargeRow, sub?: SubscriptionRow): Promise<SubscriptionPayment> {
    const paid: Charge = replayCharge(charge);
    const row = sub?.id === charge.subscriptionId ? sub : await findSubscription(tx, charge.subscriptionId!);
    return { subscription: toSubscription(row, now()), charge: paid };
  }

  return {
    async createSubscription(input: CreateSubscriptionInput) {
      assertAmount(input.amountCents);
      const { idempotencyKey, ...params } = input;
      const hash = requestHash('subscription.create', params);
      const firstPaymentKey = `${idempotencyKey}#first-payment`;
      // One transaction, nothing read twice: the subscription row is written with the status its first payment
      // gives it (the card's answer is known before either row is). The answer is made from the rows, after the
      // commit (a decline is an answer too: its rows are kept for replays).
      const settled = await db.transaction(async (tx) => {
        const [earlier] = await tx
          .select()
          .from(localSubscriptions)
          .where(eq(localSubscriptions.idempotencyKey, idempotencyKey));
        if (earlier) {
          assertSameRequest(earlier.requestHash, hash, idempotencyKey);
          return { charge: (await chargeByKey(tx, firstPaymentKey))!, sub: earlier };
        }
        const method = await chargeablePaymentMethod(tx, input.paymentMethodId, input.customerId);
        const start = now();
        // Declined: the subscription never starts (Stripe's error_if_incomplete); the decline is kept for replays.
        const refused = chargeRefusal(method, start) !== null;
        const [sub] = await tx
          .insert(localSubscriptions)
          .values({
            id: newId('sub'),
            customerId: input.customerId,
            paymentMethodId: input.paymentMethodId,
            amountCents: input.amountCents,
            interval: input.interval,
            status: refused ? 'incomplete' : 'active',
            currentPeriodStart: start,
            currentPeriodEnd: addYear(start),
            metadata: JSON.stringify(input.metadata ?? {}),
            idempotencyKey,
            requestHash: hash,
            createdAt: start,
          })
          .onConflictDoNothing({ target: localSubscriptions.idempotencyKey })
          .returning();
        if (!sub) {
          // A concurrent call with this key committed first: answer what it got.
          const [first] = await tx
            .select()
            .from(localSubscriptions)
            .where(eq(localSubscriptions.idempotencyKey, idempotencyKey));
          assertSameRequest(first!.requestHash, hash, idempotencyKey);
          return { charge: (await chargeByKey(tx, firstPaymentKey))!, sub: first };
        }
        return { charge: await payTerm(tx, sub, firstPaymentKey, hash, { method, at: start }), sub };
      });
      return answer(db, settled.charge, settled.sub);
    },

    async findSubscriptionAttempt({ customerId, idempotencyKey }) {
      const [sub] = await db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.idempotencyKey, idempotencyKey));
      const payment =
        sub?.customerId === customerId ? await chargeByKey(db, `${idempotencyKey}#first-payment`) : undefined;
      if (!payment) return { outcome: 'none' };
      if (payment.status === 'failed') {
        return { outcome: 'declined', code: payment.failureCode as DeclineCode, message: payment.failureMessage ?? '' };
      }
      return { outcome: 'paid', payment: await answer(db, payment, sub) };
    },

    async renewSubscription({ subscriptionId, idempotencyKey }: RenewSubscriptionInput) {
      const hash = requestHash('subscription.renew', { subscriptionId });
      const settled = await db.transaction(async (tx) => {
        // Attempts on one subscription queue behind its row: one term, one payment.
        const sub = await findSubscription(tx, subscriptionId, true);
        const earlier = await chargeByKey(tx, idempotencyKey);
        if (earlier) {
          assertSameRequest(earlier.requestHash, hash, idempotencyKey);
          return { payment: earlier, sub };
        }
        if (sub.status === 'incomplete') throw missing('subscription', subscriptionId);
        if (sub.status === 'canceled' || sub.cancelAtPeriodEnd) {
          throw new PaymentRequestError('subscription_canceled', `Subscription ${subscriptionId} does not renew.`);
        }
        if (now() < sub.currentPeriodEnd) {
          throw new PaymentRequestError(
            'subscription_not_due',
            `Subscription ${subscriptionId} is paid until ${sub.currentPeriodEnd.toISOString()}.`,
          );
        }
        const nextTerm = { ...sub, currentPeriodStart: sub.currentPeriodEnd };
        const payment = await payTerm(tx, nextTerm, idempotencyKey, hash);
        const [moved] =
          payment.status === 'succeeded'
            ? await paidTermStatement(tx).execute({
                id: sub.id,
                start: sub.currentPeriodEnd,
                end: addYear(sub.currentPeriodEnd),
              })
            : await tx
                .update(localSubscriptions)
                .set({ status: 'past_due' })
                .where(eq(localSubscriptions.id, sub.id))
                .returning();
        return { payment, sub: moved! };
      });
      // The subscription as this transaction left it (a replay: as it is now): not read again.
      return answer(db, settled.payment, settled.sub);
    },

    async cancelSubscription({ subscriptionId, atPeriodEnd }: CancelSubscriptionInput): Promise<ProviderSubscription> {
      const sub = await findSubscription(db, subscriptionId);
      if (sub.status === 'incomplete') throw missing('subscription', subscriptionId);
      if (sub.status !== 'canceled') {
        await db
          .update(localSubscriptions)
          .set(atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: 'canceled' })
          .where(eq(localSubscriptions.id, subscriptionId));
      }
      return toSubscription(await findSubscription(db, subscriptionId), now());
    },

    async resumeSubscription(subscriptionId: string): Promise<ProviderSubscription> {
      const sub = await findSubscription(db, subscriptionId);
      if (sub.status === 'incomplete') throw missing('subscription', subscriptionId);
      if (toSubscription(sub, now()).status === 'canceled') {
        throw new PaymentRequestError('subscription_canceled', `Subscription ${subscriptionId} has ended.`);
      }
      await db
        .update(localSubscriptions)
        .set({ cancelAtPeriodEnd: false })
        .where(eq(localSubscriptions.id, subscriptionId));
      return toSubscription(await findSubscription(db, subscriptionId), now());
    },

    async setSubscriptionPaymentMethod({ subscriptionId, paymentMethodId }) {
      const sub = await findSubscription(db, subscriptionId);
      if (sub.status === 'incomplete') throw missing('subscription', subscriptionId);
      if (toSubscription(sub, now()).status === 'canceled') {
        throw new PaymentRequestError('subscription_canceled', `Subscription ${subscriptionId} has ended.`);
      }
      await chargeablePaymentMethod(db, paymentMethodId, sub.customerId);
      await db.update(localSubscriptions).set({ paymentMethodId }).where(eq(localSubscriptions.id, subscriptionId));
      return toSubscription(await findSubscription(db, subscriptionId), now());
    },

    async getSubscription(subscriptionId: string) {
      const sub = await findSubscription(db, subscriptionId);
      if (sub.status === 'incomplete') throw missing('subscription', subscriptionId);
      return toSubscription(sub, now());
    },
  };
}
