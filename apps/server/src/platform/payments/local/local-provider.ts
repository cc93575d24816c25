/**
 * The embedded payment provider: what `npm start` uses. Stripe's model kept in our own database (its own
 * `local_*` tables), with Stripe's test cards, and no network. It is a real implementation of the interface
 * (the same contract suite runs on it and on Stripe), not a mock: billing cannot tell it from Stripe except
 * by the test cards it accepts. It stores brand, last four and expiry of a card, never the number or CVC.
 */
import { localPaymentMethodBody, cardBrand, type LocalPaymentMethodBody } from '@hfm/shared';
import { and, eq, isNull, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { localCharges, localCustomers, localPaymentMethods, localRefunds } from '../../db/schema/payments.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  WebhookSignatureError,
  type CardDetails,
  type Charge,
  type ChargeInput,
  type PaymentProvider,
  type ProviderEvent,
  type Refund,
  type RefundInput,
} from '../provider.js';
import { DECLINE_MESSAGES, TEST_CARDS } from '../test-cards.js';
import { parseLocalEvent, serializeLocalEvent } from './local-events.js';
import {
  assertAmount,
  assertSameRequest,
  chargeRefusal,
  chargeablePaymentMethod,
  findPaymentMethod,
  missing,
  newId,
  replayCharge,
  requestHash,
  toCardDetails,
} from './local-store.js';
import { createLocalConnect, type LocalConnect } from './local-connect.js';
import { createLocalSubscriptions } from './local-subscriptions.js';
import { signWebhookBody, verifyWebhookBody } from './webhook-signature.js';

export const LOCAL_WEBHOOK_HEADER = 'hfm-local-signature';

export interface LocalProviderOptions {
  db: Database;
  /** Signs the provider's webhook bodies (derived from SIGNING_SECRET by the platform). */
  webhookSecret: string;
  /** The provider's clock (tests move it to reach the end of a term). */
  now?: () => Date;
  /** Where our site is (PUBLIC_URL): onboarding links point to its page `/connect/onboarding/{linkId}`. */
  publicUrl?: string;
}

/** The local provider adds what Stripe.js and Stripe's dashboard do on Stripe: tokenising, signing events. */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local';
  /** Checks a card with the shared card rules and answers its token; the number and CVC are then dropped. */
  tokenizeCard(card: LocalPaymentMethodBody): Promise<CardDetails>;
  /** An event body as the local provider sends it, and its signature header. */
  signEvent(event: ProviderEvent, timestamp?: number): { body: string; signature: string };
  /** The onboarding page's two calls (what Stripe's hosted onboarding does on Stripe). */
  findOnboardingLink: LocalConnect['findOnboardingLink'];
  completeOnboarding: LocalConnect['completeOnboarding'];
}

const BEHAVIOUR_BY_NUMBER: Record<string, string> = {
  [TEST_CARDS.declined]: 'declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.chargeFails]: 'charge_fails',
};

export function createLocalPaymentProvider(options: LocalProviderOptions): LocalPaymentProvider {
  const { db, webhookSecret } = options;
  const now = options.now ?? (() => new Date());
  const subscriptions = createLocalSubscriptions(db, now);
  const connect = createLocalConnect(db, now, options.publicUrl ?? 'http://127.0.0.1:3000');

  async function tokenizeCard(card: LocalPaymentMethodBody): Promise<CardDetails> {
    const parsed = localPaymentMethodBody.safeParse(card);
    if (!parsed.success) throw new PaymentRequestError('invalid_card', parsed.error.issues[0]!.message);
    const { number, expMonth, expYear, cardName, postalCode } = parsed.data;
    const [row] = await db
      .insert(localPaymentMethods)
      .values({
        id: newId('pm'),
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth,
        expYear,
        cardName,
        postalCode,
        behaviour: BEHAVIOUR_BY_NUMBER[number] ?? 'succeeds',
      })
      .returning();
    return toCardDetails(row!);
  }

  async function charge(input: ChargeInput): Promise<Charge> {
    assertAmount(input.amountCents);
    const { idempotencyKey, ...params } = input;
    const hash = requestHash('charge', { ...params, currency: params.currency ?? 'usd' });
    const recorded = async () => {
      const [row] = await db.select().from(localCharges).where(eq(localCharges.idempotencyKey, idempotencyKey));
      return row;
    };
    const earlier = await recorded();
    if (earlier) {
      assertSameRequest(earlier.requestHash, hash, idempotencyKey);
      return replayCharge(earlier);
    }
    const method = await chargeablePaymentMethod(db, input.paymentMethodId, input.customerId);
    const refusal = chargeRefusal(method, now());
    const [row] = await db
      .insert(localCharges)
      .values({
        id: newId('ch'),
        customerId: input.customerId,
        paymentMethodId: method.id,
        amountCents: input.amountCents,
        currency: 'usd',
        description: input.description,
        status: refusal ? 'failed' : 'succeeded',
        failureCode: refusal?.code ?? null,
        failureMessage: refusal?.message ?? null,
        metadata: JSON.stringify(input.metadata ?? {}),
        idempotencyKey,
        requestHash: hash,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: localCharges.idempotencyKey })
      .returning();
    // Another call with this key got there first: answer what it got.
    const settled = row ?? (await recorded())!;
    assertSameRequest(settled.requestHash, hash, idempotencyKey);
    return replayCharge(settled);
  }

  async function refund(input: RefundInput): Promise<Refund> {
    const { idempotencyKey, ...params } = input;
    const hash = requestHash('refund', params);
    return db.transaction(async (tx) => {
      const [earlier] = await tx.select().from(localRefunds).where(eq(localRefunds.idempotencyKey, idempotencyKey));
      if (earlier) {
        assertSameRequest(earlier.requestHash, hash, idempotencyKey);
        return {
          refundId: earlier.id,
          chargeId: earlier.chargeId,
          amountCents: earlier.amountCents,
          status: 'succeeded',
          createdAt: earlier.createdAt,
        };
      }
      // Refunds of one charge queue behind its row, so two keys never refund more than was paid.
      const [paid] = await tx.select().from(localCharges).where(eq(localCharges.id, input.chargeId)).for('update');
      if (!paid || paid.status !== 'succeeded') throw missing('charge', input.chargeId);
      const [refunded] = await tx
        .select({ cents: sum(localRefunds.amountCents).mapWith(Number) })
        .from(localRefunds)
        .where(eq(localRefunds.chargeId, paid.id));
      const left = paid.amountCents - (refunded?.cents ?? 0);
      if (left <= 0) {
        throw new PaymentRequestError('charge_already_refunded', `Charge ${paid.id} has already been refunded.`);
      }
      const amountCents = input.amountCents ?? left;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw new PaymentRequestError(
          'refund_exceeds_charge',
          `Refund amount (${amountCents}) is greater than the unrefunded amount on the charge (${left}).`,
        );
      }
      const [row] = await tx
        .insert(localRefunds)
        .values({
          id: newId('re'),
          chargeId: paid.id,
          amountCents,
          metadata: JSON.stringify(input.metadata ?? {}),
          idempotencyKey,
          requestHash: hash,
          createdAt: now(),
        })
        .returning();
      return { refundId: row!.id, chargeId: paid.id, amountCents, status: 'succeeded', createdAt: row!.createdAt };
    });
  }

  return {
    name: 'local',
    webhookSignatureHeader: LOCAL_WEBHOOK_HEADER,
    tokenizeCard,

    async ensureCustomer({ memberId, email, name }) {
      await db
        .insert(localCustomers)
        .values({ id: newId('cus'), memberRef: memberId, email, name, createdAt: now() })
        .onConflictDoNothing({ target: localCustomers.memberRef });
      const [row] = await db.select().from(localCustomers).where(eq(localCustomers.memberRef, memberId));
      return { customerId: row!.id, memberId };
    },

    async forgetCustomer(customerId) {
      // The row stays: its charges and subscriptions point at it (the payment records).
      await db.update(localCustomers).set({ email: '', name: '' }).where(eq(localCustomers.id, customerId));
    },

    async attachPaymentMethod({ customerId, paymentMethodId }) {
      const [customer] = await db.select().from(localCustomers).where(eq(localCustomers.id, customerId));
      if (!customer) throw missing('customer', customerId);
      const method = await findPaymentMethod(db, paymentMethodId);
      if (method.customerId === customerId && !method.detachedAt) return toCardDetails(method);
      if (method.customerId || method.detachedAt) {
        throw new PaymentRequestError(
          'payment_method_unusable',
          `The PaymentMethod ${paymentMethodId} was attached to a customer before and may not be attached again.`,
        );
      }
      // The issuer checks the card when it is saved: cards it refuses cannot be attached (as on Stripe).
      if (method.behaviour === 'declined')
        throw new PaymentDeclinedError('card_declined', DECLINE_MESSAGES.card_declined);
      if (method.behaviour === 'insufficient_funds') {
        throw new PaymentDeclinedError('insufficient_funds', DECLINE_MESSAGES.insufficient_funds);
      }
      const [attached] = await db
        .update(localPaymentMethods)
        .set({ customerId })
        .where(
          and(
            eq(localPaymentMethods.id, paymentMethodId),
            isNull(localPaymentMethods.customerId),
            isNull(localPaymentMethods.detachedAt),
          ),
        )
        .returning();
      if (attached) return toCardDetails(attached);
      // Attached by a concurrent call: to this customer it is the same answer, to another a refusal.
      const current = await findPaymentMethod(db, paymentMethodId);
      if (current.customerId === customerId && !current.detachedAt) return toCardDetails(current);
      throw new PaymentRequestError(
        'payment_method_unusable',
        `The PaymentMethod ${paymentMethodId} is attached elsewhere.`,
      );
    },

    async detachPaymentMethod(paymentMethodId) {
      const method = await findPaymentMethod(db, paymentMethodId);
      if (method.detachedAt) return;
      await db
        .update(localPaymentMethods)
        .set({ customerId: null, detachedAt: now() })
        .where(eq(localPaymentMethods.id, paymentMethodId));
    },

    charge,
    refund,
    ...subscriptions,
    ...connect,

    async parseWebhook(rawBody, signature) {
      const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
      verifyWebhookBody(webhookSecret, body, signature, now());
      const event = parseLocalEvent(body);
      if (!event) throw new WebhookSignatureError('The webhook body is not a local provider event.');
      return event;
    },

    signEvent(event, timestamp = Math.floor(now().getTime() / 1000)) {
      const body = serializeLocalEvent(event);
      return { body, signature: signWebhookBody(webhookSecret, body, timestamp) };
    },

    async close() {
      // State lives in the database, which the platform closes.
    },
  };
}
