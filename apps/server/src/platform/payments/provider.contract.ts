/**
 * The payments contract: what every PaymentProvider must do, run unchanged against each one
 * (`local/local-provider.test.ts`: the embedded provider on PGlite or PostgreSQL; the Stripe adapter's test
 * against a Stripe-compatible server on loopback). Billing relies on these behaviours and on nothing else of a
 * provider, so a behaviour billing needs belongs here, not in one adapter's test.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  WebhookSignatureError,
  type PaymentProvider,
  type PaymentRequestErrorCode,
  type ProviderCustomer,
  type ProviderEvent,
} from './provider.js';
import { DECLINE_MESSAGES, type TestCard } from './test-cards.js';

export interface ProviderUnderTest {
  provider: PaymentProvider;
  /**
   * A fresh payment-method token for a test card, as the browser would get it (local: the provider's own
   * tokenize; Stripe: its `pm_card_visa`-style test tokens).
   */
  paymentMethodFor(card: TestCard): Promise<string>;
  /**
   * The signature header the provider would send with this body, made `ageSeconds` ago by the provider's clock
   * (Stripe: the SDK's `webhooks.generateTestHeaderString`).
   */
  signWebhook(body: string, ageSeconds?: number): string;
  /** A body of one of the provider's own events, and the typed event it must parse into. */
  sampleEvent(): { body: string; expected: ProviderEvent };
  /**
   * Moves the provider's clock on by this much, so a term can end. Absent where time cannot be moved (a
   * mock server): the renewal cases are then skipped, and the adapter's docs say so.
   */
  advanceClock?(ms: number): Promise<void>;
  /**
   * Parts of the contract the server under test does not implement (a mock server lacking an API), each with
   * why: their cases are skipped with that reason, and the adapter's docs list them. Absent for a provider that
   * does everything (the local one, Stripe itself).
   */
  uncovered?: Partial<Record<ContractPart, string>>;
  /**
   * Finishes the payout account's onboarding as its holder would: a bank account, and a tax form unless
   * `taxForm` is false (local: our onboarding page's submission). Absent where a person must do it in the
   * provider's own pages (Stripe's hosted onboarding): the cases that need a finished account are skipped.
   */
  onboardPayoutAccount?(accountId: string, options?: { taxForm?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** The parts of the contract, as `uncovered` names them. */
export type ContractPart =
  | 'customers'
  | 'payment methods'
  | 'charges'
  | 'refunds'
  | 'subscriptions'
  | 'webhooks'
  | 'payout accounts'
  | 'account links'
  | 'transfers';

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

async function declined(promise: Promise<unknown>): Promise<PaymentDeclinedError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(PaymentDeclinedError);
  return error as PaymentDeclinedError;
}

async function refused(promise: Promise<unknown>, code: PaymentRequestErrorCode): Promise<void> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(PaymentRequestError);
  expect((error as PaymentRequestError).code).toBe(code);
}

const key = (what: string) => `contract:${what}:${crypto.randomUUID()}`;

export function describePaymentProviderContract(name: string, make: () => Promise<ProviderUnderTest>): void {
  describe(`payments contract: ${name}`, () => {
    let under: ProviderUnderTest;
    let provider: PaymentProvider;

    beforeAll(async () => {
      under = await make();
      provider = under.provider;
    });
    afterAll(async () => under?.close());

    /** Skips a part's cases where the server under test does not implement it, saying why. */
    const unlessUncovered = (part: ContractPart) =>
      beforeEach((context) => {
        const why = under.uncovered?.[part];
        if (why) context.skip(why);
      });

    async function newCustomer(): Promise<ProviderCustomer> {
      const memberId = crypto.randomUUID();
      return provider.ensureCustomer({ memberId, email: `${memberId}@example.test`, name: 'Contract Fan' });
    }

    /** A customer with a saved card of this kind. */
    async function customerWithCard(card: TestCard = 'succeeds') {
      const customer = await newCustomer();
      const paymentMethodId = await under.paymentMethodFor(card);
      await provider.attachPaymentMethod({ customerId: customer.customerId, paymentMethodId });
      return { customerId: customer.customerId, paymentMethodId };
    }

    const charge999 = (saved: { customerId: string; paymentMethodId: string }, idempotencyKey: string) =>
      provider.charge({ ...saved, amountCents: 999, description: 'Contract charge', idempotencyKey });

    describe('customers', () => {
      unlessUncovered('customers');

      it('creates one customer per member, and answers the same one again', async () => {
        const memberId = crypto.randomUUID();
        const input = { memberId, email: `${memberId}@example.test`, name: 'Ada Fan' };
        const first = await provider.ensureCustomer(input);
        expect(first).toEqual({ customerId: expect.any(String), memberId });
        expect(await provider.ensureCustomer(input)).toEqual(first);
        expect((await newCustomer()).customerId).not.toBe(first.customerId);
      });
    });

    describe('payment methods', () => {
      unlessUncovered('payment methods');

      it('attaches a good card and answers brand, last4 and expiry, never the number', async () => {
        const customer = await newCustomer();
        const paymentMethodId = await under.paymentMethodFor('succeeds');
        const card = await provider.attachPaymentMethod({ customerId: customer.customerId, paymentMethodId });
        expect(card).toMatchObject({ paymentMethodId, brand: 'visa', last4: '4242', expMonth: expect.any(Number) });
        expect(card.expYear).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
        expect(JSON.stringify(card)).not.toContain('4242424242424242');
        // Attaching it again to the same customer answers the same card.
        expect(await provider.attachPaymentMethod({ customerId: customer.customerId, paymentMethodId })).toEqual(card);
      });

      it.each([
        ['declined', 'card_declined', DECLINE_MESSAGES.card_declined],
        ['insufficientFunds', 'insufficient_funds', DECLINE_MESSAGES.insufficient_funds],
      ] as const)('refuses to attach the %s card: %s, "%s"', async (card, code, message) => {
        const customer = await newCustomer();
        const paymentMethodId = await under.paymentMethodFor(card);
        const error = await declined(
          provider.attachPaymentMethod({ customerId: customer.customerId, paymentMethodId }),
        );
        expect(error.code).toBe(code);
        expect(error.message).toBe(message);
      });

      it('attaches the charge-fails card (4000 0000 0000 0341)', async () => {
        const customer = await newCustomer();
        const paymentMethodId = await under.paymentMethodFor('chargeFails');
        expect(await provider.attachPaymentMethod({ customerId: customer.customerId, paymentMethodId })).toMatchObject({
          last4: '0341',
        });
      });

      it("will not attach one customer's card to another", async () => {
        const saved = await customerWithCard();
        const other = await newCustomer();
        await refused(
          provider.attachPaymentMethod({ customerId: other.customerId, paymentMethodId: saved.paymentMethodId }),
          'payment_method_unusable',
        );
      });

      it('detaches a card, which then cannot be charged; detaching again is harmless', async () => {
        const saved = await customerWithCard();
        await provider.detachPaymentMethod(saved.paymentMethodId);
        await provider.detachPaymentMethod(saved.paymentMethodId);
        await refused(charge999(saved, key('detached')), 'payment_method_unattached');
      });
    });

    describe('charges', () => {
      unlessUncovered('charges');

      it('charges a saved card off-session and answers the charge', async () => {
        const saved = await customerWithCard();
        const charge = await provider.charge({
          ...saved,
          amountCents: 999,
          description: 'One year of Contract Band',
          idempotencyKey: key('charge'),
          metadata: { subscriptionId: 'our-sub-1' },
        });
        expect(charge).toMatchObject({
          chargeId: expect.any(String),
          customerId: saved.customerId,
          paymentMethodId: saved.paymentMethodId,
          amountCents: 999,
          currency: 'usd',
          status: 'succeeded',
          metadata: { subscriptionId: 'our-sub-1' },
        });
        expect(charge.createdAt).toBeInstanceOf(Date);
        // What the provider kept, in whole cents, when it says.
        if (charge.feeCents !== null) expect(Number.isInteger(charge.feeCents) && charge.feeCents > 0).toBe(true);
      });

      it('charges once for one key: the same key answers the same charge', async () => {
        const saved = await customerWithCard();
        const idempotencyKey = key('once');
        const first = await charge999(saved, idempotencyKey);
        const again = await charge999(saved, idempotencyKey);
        expect(again.chargeId).toBe(first.chargeId);
        expect(again).toEqual(first);
      });

      it('charges once when the same key arrives twice at the same time', async () => {
        const saved = await customerWithCard();
        const idempotencyKey = key('together');
        const [a, b] = await Promise.all([charge999(saved, idempotencyKey), charge999(saved, idempotencyKey)]);
        expect(a.chargeId).toBe(b.chargeId);
      });

      it('charges twice for two keys', async () => {
        const saved = await customerWithCard();
        const first = await charge999(saved, key('one'));
        const second = await charge999(saved, key('two'));
        expect(second.chargeId).not.toBe(first.chargeId);
      });

      it('refuses a key reused with other parameters', async () => {
        const saved = await customerWithCard();
        const idempotencyKey = key('reused');
        await charge999(saved, idempotencyKey);
        await refused(
          provider.charge({ ...saved, amountCents: 1999, description: 'Contract charge', idempotencyKey }),
          'idempotency_key_reused',
        );
      });

      it('declines the charge-fails card with card_declined, and answers the same decline for the same key', async () => {
        const saved = await customerWithCard('chargeFails');
        const idempotencyKey = key('fails');
        const error = await declined(charge999(saved, idempotencyKey));
        expect(error.code).toBe('card_declined');
        expect(error.message).toBe(DECLINE_MESSAGES.card_declined);
        const again = await declined(charge999(saved, idempotencyKey));
        expect([again.code, again.message, again.chargeId]).toEqual([error.code, error.message, error.chargeId]);
      });

      it('refuses to charge a card the customer does not hold', async () => {
        const saved = await customerWithCard();
        const other = await newCustomer();
        await refused(
          charge999({ customerId: other.customerId, paymentMethodId: saved.paymentMethodId }, key('not-theirs')),
          'payment_method_unattached',
        );
      });

      it.each([[0], [-999], [9.99], [49]])('refuses an amount of %j cents', async (amountCents) => {
        const saved = await customerWithCard();
        await refused(
          provider.charge({ ...saved, amountCents, description: 'Bad amount', idempotencyKey: key('amount') }),
          'invalid_amount',
        );
      });
    });

    describe('refunds', () => {
      unlessUncovered('refunds');

      it('refunds once per key, and never more than was charged', async () => {
        const saved = await customerWithCard();
        const charge = await charge999(saved, key('to-refund'));
        const idempotencyKey = key('refund');
        const refund = await provider.refund({ chargeId: charge.chargeId, idempotencyKey });
        expect(refund).toMatchObject({ chargeId: charge.chargeId, amountCents: 999, status: 'succeeded' });
        expect(await provider.refund({ chargeId: charge.chargeId, idempotencyKey })).toEqual(refund);
        await refused(
          provider.refund({ chargeId: charge.chargeId, idempotencyKey: key('again') }),
          'charge_already_refunded',
        );
      });

      it('refunds part of a charge, then the rest, and no more', async () => {
        const saved = await customerWithCard();
        const charge = await charge999(saved, key('partly'));
        const part = await provider.refund({
          chargeId: charge.chargeId,
          amountCents: 499,
          idempotencyKey: key('part'),
        });
        expect(part.amountCents).toBe(499);
        await refused(
          provider.refund({ chargeId: charge.chargeId, amountCents: 501, idempotencyKey: key('too-much') }),
          'refund_exceeds_charge',
        );
        const rest = await provider.refund({ chargeId: charge.chargeId, idempotencyKey: key('rest') });
        expect(rest.amountCents).toBe(500);
      });

      it('refuses a refund of a charge that does not exist', async () => {
        await refused(provider.refund({ chargeId: 'ch_missing', idempotencyKey: key('missing') }), 'resource_missing');
      });
    });

    describe('yearly subscriptions', () => {
      unlessUncovered('subscriptions');

      const subscribe = (saved: { customerId: string; paymentMethodId: string }, idempotencyKey: string) =>
        provider.createSubscription({
          ...saved,
          amountCents: 999,
          interval: 'year',
          description: 'Contract Band, one year',
          idempotencyKey,
          metadata: { subscriptionId: 'our-sub-2' },
        });

      it('starts a subscription and pays its first year now, once per key', async () => {
        const saved = await customerWithCard();
        const idempotencyKey = key('subscribe');
        const { subscription, charge } = await subscribe(saved, idempotencyKey);
        expect(subscription).toMatchObject({
          customerId: saved.customerId,
          paymentMethodId: saved.paymentMethodId,
          amountCents: 999,
          interval: 'year',
          status: 'active',
          cancelAtPeriodEnd: false,
          metadata: { subscriptionId: 'our-sub-2' },
        });
        const termDays =
          (subscription.currentPeriodEnd.getTime() - subscription.currentPeriodStart.getTime()) / 86_400_000;
        expect(termDays).toBeGreaterThanOrEqual(365);
        expect(termDays).toBeLessThanOrEqual(366);
        expect(charge).toMatchObject({ amountCents: 999, status: 'succeeded', customerId: saved.customerId });
        const again = await subscribe(saved, idempotencyKey);
        expect(again.subscription.subscriptionId).toBe(subscription.subscriptionId);
        expect(again.charge.chargeId).toBe(charge.chargeId);
      });

      it('declines a first payment and leaves no subscription that could renew', async () => {
        const saved = await customerWithCard('chargeFails');
        const idempotencyKey = key('subscribe-declined');
        const error = await declined(subscribe(saved, idempotencyKey));
        expect([error.code, error.message]).toEqual(['card_declined', DECLINE_MESSAGES.card_declined]);
        const again = await declined(subscribe(saved, idempotencyKey));
        expect(again.message).toBe(error.message);
      });

      it('tells what became of a first payment without charging: paid, declined, or nothing', async () => {
        const saved = await customerWithCard();
        const subscriptionRef = crypto.randomUUID();
        const idempotencyKey = key('attempt');
        const ask = (customerId: string, attemptKey: string, ref: string) =>
          provider.findSubscriptionAttempt({ customerId, idempotencyKey: attemptKey, subscriptionRef: ref });
        expect(await ask(saved.customerId, idempotencyKey, subscriptionRef)).toEqual({ outcome: 'none' });
        const paid = await provider.createSubscription({
          ...saved,
          amountCents: 999,
          interval: 'year',
          description: 'Contract Band, one year',
          idempotencyKey,
          metadata: { subscriptionId: subscriptionRef },
        });
        const found = await ask(saved.customerId, idempotencyKey, subscriptionRef);
        expect(found).toMatchObject({
          outcome: 'paid',
          payment: {
            subscription: { subscriptionId: paid.subscription.subscriptionId, status: 'active' },
            charge: { chargeId: paid.charge.chargeId, amountCents: 999 },
          },
        });
        // Another customer asking about the same attempt finds nothing.
        expect(await ask((await newCustomer()).customerId, idempotencyKey, subscriptionRef)).toEqual({
          outcome: 'none',
        });
        const refusing = await customerWithCard('chargeFails');
        const refusedRef = crypto.randomUUID();
        const refusedKey = key('attempt-declined');
        await declined(
          provider.createSubscription({
            ...refusing,
            amountCents: 999,
            interval: 'year',
            description: 'Contract Band, one year',
            idempotencyKey: refusedKey,
            metadata: { subscriptionId: refusedRef },
          }),
        );
        // Nothing was charged: the local provider keeps the decline, Stripe keeps no subscription.
        expect(['declined', 'none']).toContain((await ask(refusing.customerId, refusedKey, refusedRef)).outcome);
      });

      it('does not renew before the term ends', async () => {
        const saved = await customerWithCard();
        const { subscription } = await subscribe(saved, key('early'));
        await refused(
          provider.renewSubscription({
            subscriptionId: subscription.subscriptionId,
            idempotencyKey: key('renew-early'),
          }),
          'subscription_not_due',
        );
      });

      it('cancels at the period end: paid until then, never renewed', async () => {
        const saved = await customerWithCard();
        const { subscription } = await subscribe(saved, key('cancel'));
        const canceled = await provider.cancelSubscription({
          subscriptionId: subscription.subscriptionId,
          atPeriodEnd: true,
        });
        expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
        expect(canceled.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
        expect(await provider.getSubscription(subscription.subscriptionId)).toEqual(canceled);
        await refused(
          provider.renewSubscription({
            subscriptionId: subscription.subscriptionId,
            idempotencyKey: key('renew-canceled'),
          }),
          'subscription_canceled',
        );
      });

      it('resumes a cancel at the period end: renews again; an ended one cannot', async () => {
        const saved = await customerWithCard();
        const { subscription } = await subscribe(saved, key('resume'));
        await provider.cancelSubscription({ subscriptionId: subscription.subscriptionId, atPeriodEnd: true });
        const resumed = await provider.resumeSubscription(subscription.subscriptionId);
        expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
        expect(await provider.resumeSubscription(subscription.subscriptionId)).toEqual(resumed);
        await provider.cancelSubscription({ subscriptionId: subscription.subscriptionId, atPeriodEnd: true });
        expect(await provider.getSubscription(subscription.subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true });
        await provider.cancelSubscription({ subscriptionId: subscription.subscriptionId, atPeriodEnd: false });
        await refused(provider.resumeSubscription(subscription.subscriptionId), 'subscription_canceled');
      });

      it('ends a subscription now (a lapse)', async () => {
        const saved = await customerWithCard();
        const { subscription } = await subscribe(saved, key('lapse'));
        const ended = await provider.cancelSubscription({
          subscriptionId: subscription.subscriptionId,
          atPeriodEnd: false,
        });
        expect(ended.status).toBe('canceled');
        expect(
          await provider.cancelSubscription({ subscriptionId: subscription.subscriptionId, atPeriodEnd: false }),
        ).toEqual(ended);
      });

      describe('renewal at the end of the term', () => {
        it('pays the next year once per key, and the term moves on a year', async (context) => {
          if (!under.advanceClock) return context.skip();
          const saved = await customerWithCard();
          const { subscription } = await subscribe(saved, key('renew'));
          await under.advanceClock(YEAR_MS);
          const idempotencyKey = key('renew-term-1');
          const renewed = await provider.renewSubscription({
            subscriptionId: subscription.subscriptionId,
            idempotencyKey,
          });
          expect(renewed.subscription.status).toBe('active');
          expect(renewed.subscription.currentPeriodStart).toEqual(subscription.currentPeriodEnd);
          expect(renewed.subscription.currentPeriodEnd.getTime()).toBeGreaterThan(
            subscription.currentPeriodEnd.getTime(),
          );
          expect(renewed.charge).toMatchObject({ amountCents: 999, status: 'succeeded' });
          const again = await provider.renewSubscription({
            subscriptionId: subscription.subscriptionId,
            idempotencyKey,
          });
          expect(again.charge.chargeId).toBe(renewed.charge.chargeId);
          // The new term is paid: a second attempt with another key is not due.
          await refused(
            provider.renewSubscription({
              subscriptionId: subscription.subscriptionId,
              idempotencyKey: key('renew-twice'),
            }),
            'subscription_not_due',
          );
        });

        it('declines a renewal on a card that fails: past due, the term unpaid, paid by a retry on another card', async (context) => {
          if (!under.advanceClock) return context.skip();
          const good = await customerWithCard();
          const { subscription } = await subscribe(good, key('renew-fails'));
          const subscriptionId = subscription.subscriptionId;
          // The fan moves the subscription to a card that will fail when charged.
          const failing = await under.paymentMethodFor('chargeFails');
          await provider.attachPaymentMethod({ customerId: good.customerId, paymentMethodId: failing });
          const moved = await provider.setSubscriptionPaymentMethod({ subscriptionId, paymentMethodId: failing });
          expect(moved.paymentMethodId).toBe(failing);
          await under.advanceClock(YEAR_MS);

          const attempt1 = key('attempt-1');
          const error = await declined(provider.renewSubscription({ subscriptionId, idempotencyKey: attempt1 }));
          expect([error.code, error.message]).toEqual(['card_declined', DECLINE_MESSAGES.card_declined]);
          const pastDue = await provider.getSubscription(subscriptionId);
          expect(pastDue).toMatchObject({ status: 'past_due', paymentMethodId: failing });
          expect(pastDue.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
          // The same attempt's key answers the same decline; it does not try the card again.
          expect(
            (await declined(provider.renewSubscription({ subscriptionId, idempotencyKey: attempt1 }))).chargeId,
          ).toBe(error.chargeId);

          await provider.setSubscriptionPaymentMethod({ subscriptionId, paymentMethodId: good.paymentMethodId });
          const paid = await provider.renewSubscription({ subscriptionId, idempotencyKey: key('attempt-2') });
          expect(paid.subscription).toMatchObject({
            status: 'active',
            currentPeriodStart: subscription.currentPeriodEnd,
          });
          expect(paid.charge.paymentMethodId).toBe(good.paymentMethodId);
        });

        it('will not renew a subscription set to end, even once its term is over', async (context) => {
          if (!under.advanceClock) return context.skip();
          const saved = await customerWithCard();
          const { subscription } = await subscribe(saved, key('ends'));
          await provider.cancelSubscription({ subscriptionId: subscription.subscriptionId, atPeriodEnd: true });
          await under.advanceClock(YEAR_MS);
          expect((await provider.getSubscription(subscription.subscriptionId)).status).toBe('canceled');
          await refused(
            provider.renewSubscription({
              subscriptionId: subscription.subscriptionId,
              idempotencyKey: key('too-late'),
            }),
            'subscription_canceled',
          );
        });
      });

      it('will not move a subscription to a card its customer does not hold', async () => {
        const saved = await customerWithCard();
        const { subscription } = await subscribe(saved, key('move'));
        const stranger = await customerWithCard();
        await refused(
          provider.setSubscriptionPaymentMethod({
            subscriptionId: subscription.subscriptionId,
            paymentMethodId: stranger.paymentMethodId,
          }),
          'payment_method_unattached',
        );
      });
    });

    /** A new payout account of an artist of ours, in the US. */
    const newPayoutAccount = (idempotencyKey = key('account'), country = 'US') =>
      provider.createPayoutAccount({
        artistId: `artist-of:${idempotencyKey}`,
        email: 'contract-band@example.test',
        name: 'Contract Band',
        country,
        idempotencyKey,
      });

    /** A payout account that has finished onboarding; skips the case where no one can onboard here. */
    async function onboardedAccount(context: { skip(note?: string): never }, taxForm = true): Promise<string> {
      if (!under.onboardPayoutAccount) context.skip('onboarding needs a person in the provider’s own pages');
      const { accountId } = await newPayoutAccount();
      await under.onboardPayoutAccount!(accountId, { taxForm });
      return accountId;
    }

    describe('payout accounts', () => {
      unlessUncovered('payout accounts');

      it('makes one account per key, which cannot receive money before its holder onboards', async () => {
        const idempotencyKey = key('account');
        const account = await newPayoutAccount(idempotencyKey);
        expect(account).toMatchObject({
          accountId: expect.any(String),
          detailsSubmitted: false,
          payoutsEnabled: false,
          taxForm: null,
        });
        expect(account.requirements.length).toBeGreaterThan(0);
        expect((await newPayoutAccount(idempotencyKey)).accountId).toBe(account.accountId);
        expect((await newPayoutAccount()).accountId).not.toBe(account.accountId);
      });

      it('makes one account when the same key arrives twice at once', async () => {
        const idempotencyKey = key('account-together');
        const [a, b] = await Promise.all([newPayoutAccount(idempotencyKey), newPayoutAccount(idempotencyKey)]);
        expect(a.accountId).toBe(b.accountId);
      });

      it('refuses a key reused with other parameters', async () => {
        const idempotencyKey = key('account-reused');
        await newPayoutAccount(idempotencyKey);
        const error = await caught(newPayoutAccount(idempotencyKey, 'GB'));
        expect(error).toBeInstanceOf(PaymentRequestError);
        expect((error as PaymentRequestError).code).toBe('idempotency_key_reused');
      });

      it('answers an account as it is now, and resource_missing for one it does not know', async () => {
        const { accountId } = await newPayoutAccount();
        expect(await provider.getPayoutAccount(accountId)).toMatchObject({ accountId, payoutsEnabled: false });
        await refused(provider.getPayoutAccount('acct_missing_contract'), 'resource_missing');
      });

      it('after onboarding: details submitted, payouts enabled, a W-9 on file for the US, nothing due', async (context) => {
        const accountId = await onboardedAccount(context);
        expect(await provider.getPayoutAccount(accountId)).toMatchObject({
          accountId,
          detailsSubmitted: true,
          payoutsEnabled: true,
          taxForm: 'W-9',
          requirements: [],
        });
      });

      it('onboarded without a tax form: payouts enabled, but no form on file and the form still due', async (context) => {
        const accountId = await onboardedAccount(context, false);
        const account = await provider.getPayoutAccount(accountId);
        expect(account).toMatchObject({ detailsSubmitted: false, payoutsEnabled: true, taxForm: null });
        expect(account.requirements.length).toBeGreaterThan(0);
      });
    });

    describe('account links', () => {
      unlessUncovered('account links');

      it('makes a fresh link for each call, one that expires', async () => {
        const { accountId } = await newPayoutAccount();
        const urls = {
          accountId,
          returnUrl: 'https://hfm.test/artist/#payouts',
          refreshUrl: 'https://hfm.test/artist/#payouts',
        };
        const link = await provider.createPayoutAccountLink(urls);
        expect(link.url).toMatch(/^https?:\/\//);
        expect(link.expiresAt).toBeInstanceOf(Date);
        expect((await provider.createPayoutAccountLink(urls)).url).not.toBe(link.url);
      });

      it('refuses a link to an account it does not know', async () => {
        await refused(
          provider.createPayoutAccountLink({
            accountId: 'acct_missing_contract',
            returnUrl: 'https://hfm.test/r',
            refreshUrl: 'https://hfm.test/r',
          }),
          'resource_missing',
        );
      });
    });

    describe('transfers', () => {
      unlessUncovered('transfers');

      const send = (accountId: string, idempotencyKey: string, amountCents = 1500) =>
        provider.transfer({
          accountId,
          amountCents,
          description: 'HFM payout, contract',
          idempotencyKey,
          metadata: { payoutId: 'our-payout-1' },
        });

      it('refuses a transfer to an account that cannot receive money yet', async () => {
        const { accountId } = await newPayoutAccount();
        await refused(send(accountId, key('not-enabled')), 'payouts_not_enabled');
      });

      it('refuses a transfer to an account it does not know', async () => {
        await refused(send('acct_missing_contract', key('missing')), 'resource_missing');
      });

      it.each([[0], [-1], [1.5]])('refuses an amount of %j cents', async (amountCents) => {
        const { accountId } = await newPayoutAccount();
        await refused(send(accountId, key('amount'), amountCents), 'invalid_amount');
      });

      it('sends once per key: the same key answers the same transfer, also twice at once', async (context) => {
        const accountId = await onboardedAccount(context);
        const idempotencyKey = key('transfer');
        const transfer = await send(accountId, idempotencyKey);
        expect(transfer).toMatchObject({
          transferId: expect.any(String),
          accountId,
          amountCents: 1500,
          currency: 'usd',
          metadata: { payoutId: 'our-payout-1' },
        });
        expect(transfer.createdAt).toBeInstanceOf(Date);
        expect(await send(accountId, idempotencyKey)).toEqual(transfer);
        const together = key('transfer-together');
        const [a, b] = await Promise.all([send(accountId, together), send(accountId, together)]);
        expect(a.transferId).toBe(b.transferId);
        expect(a.transferId).not.toBe(transfer.transferId);
      });

      it('refuses a key reused with other parameters', async (context) => {
        const accountId = await onboardedAccount(context);
        const idempotencyKey = key('transfer-reused');
        await send(accountId, idempotencyKey);
        await refused(send(accountId, idempotencyKey, 1600), 'idempotency_key_reused');
      });
    });

    describe('webhooks', () => {
      unlessUncovered('webhooks');

      it('parses a correctly signed event into its typed form', async () => {
        const { body, expected } = under.sampleEvent();
        expect(await provider.parseWebhook(Buffer.from(body), under.signWebhook(body))).toEqual(expected);
        expect(await provider.parseWebhook(body, under.signWebhook(body))).toEqual(expected);
      });

      it.each([
        ['no signature', (_body: string) => undefined],
        ['an empty signature', () => ''],
        ['a malformed signature', () => 'not-a-signature'],
        ['a signature of another body', (body: string) => under.signWebhook(`${body} `)],
        ['a signature older than five minutes', (body: string) => under.signWebhook(body, 600)],
        [
          'a signature made with another secret',
          (body: string) => under.signWebhook(body).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`),
        ],
      ])('refuses an event with %s', async (_case, signatureOf) => {
        const { body } = under.sampleEvent();
        const error = await caught(provider.parseWebhook(body, signatureOf(body)));
        expect(error).toBeInstanceOf(WebhookSignatureError);
      });

      it('names the header its signature travels in', () => {
        expect(provider.webhookSignatureHeader).toMatch(/^[a-z0-9-]+-signature$/);
      });
    });
  });
}
