import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeMock, type StripeMockServer } from '../../../test/stripe-mock-server.js';
import { describePaymentProviderContract } from '../provider.contract.js';
import { PaymentDeclinedError, PaymentRequestError, type ProviderEvent } from '../provider.js';
import type { TestCard } from '../test-cards.js';
import { fromStripeError } from './stripe-errors.js';
import {
  createStripePaymentProvider,
  STRIPE_API_VERSION,
  SUBSCRIPTION_PRODUCT_NAME,
  yearlyPriceLookupKey,
  type StripePaymentProvider,
} from './stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_hfm_contract_tests';
const SECRET_KEY = 'sk_test_hfm_contract_tests';

/** Stripe's test tokens for the contract's cards (docs/payments.md, "Test cards"). */
const TEST_TOKENS: Record<TestCard, string> = {
  succeeds: 'tok_visa',
  declined: 'tok_chargeDeclined',
  insufficientFunds: 'tok_chargeDeclinedInsufficientFunds',
  chargeFails: 'tok_chargeCustomerFail',
};

/** Why the mock server cannot run a part of the contract (docs/payments.md, "What the mock server does not cover"). */
const NO_PAYMENT_METHODS = 'stripe-stateful-mock has no /v1/payment_methods (PaymentMethods, attach, detach)';
const UNCOVERED = {
  'payment methods': NO_PAYMENT_METHODS,
  charges: `${NO_PAYMENT_METHODS} and no /v1/payment_intents`,
  refunds: `refunds name a PaymentIntent, and stripe-stateful-mock has no /v1/payment_intents`,
  subscriptions: `${NO_PAYMENT_METHODS}, no /v1/invoices and no subscription update or cancel`,
  'account links': 'stripe-stateful-mock has no /v1/account_links',
  transfers: 'stripe-stateful-mock has no /v1/transfers',
} as const;

/** A Stripe event body at the adapter's API version. */
function eventBody(type: string, object: Record<string, unknown>, created = 1_772_359_200) {
  const id = `evt_${crypto.randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { id, body, createdAt: new Date(created * 1000) };
}

const sign = (payload: string, ageSeconds = 0) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000) - ageSeconds,
  });

let mock: StripeMockServer;
const providers: StripePaymentProvider[] = [];

function makeProvider(webhookSecret = WEBHOOK_SECRET): StripePaymentProvider {
  const provider = createStripePaymentProvider({
    secretKey: SECRET_KEY,
    webhookSecret,
    host: mock.host,
    port: mock.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  providers.push(provider);
  return provider;
}

beforeAll(async () => {
  mock = await startStripeMock();
});
afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.close()));
  mock?.stop();
});

describePaymentProviderContract('Stripe adapter against stripe-stateful-mock', async () => {
  const provider = makeProvider();
  return {
    provider,
    async paymentMethodFor(card) {
      // A PaymentMethod of its own per call (the `pm_card_*` shortcuts make a new one on each use).
      const method = await provider.stripe.paymentMethods.create({ type: 'card', card: { token: TEST_TOKENS[card] } });
      return method.id;
    },
    signWebhook: sign,
    sampleEvent() {
      const { id, body, createdAt } = eventBody('payment_intent.succeeded', {
        id: 'pi_sample_1',
        object: 'payment_intent',
        amount: 999,
        amount_received: 999,
        currency: 'usd',
        customer: 'cus_sample_1',
        payment_method: 'pm_sample_1',
        status: 'succeeded',
        created: 1_772_359_100,
        metadata: { subscriptionId: 'our-sub-3' },
      });
      const expected: ProviderEvent = {
        id,
        createdAt,
        type: 'charge.succeeded',
        chargeId: 'pi_sample_1',
        customerId: 'cus_sample_1',
        amountCents: 999,
        metadata: { subscriptionId: 'our-sub-3' },
      };
      return { body, expected };
    },
    uncovered: UNCOVERED,
    close: async () => undefined,
  };
});

describe('Stripe adapter: what the mock server answers', () => {
  it('makes the customer with the member in its metadata, once per member', async () => {
    const provider = makeProvider();
    const memberId = crypto.randomUUID();
    const { customerId } = await provider.ensureCustomer({ memberId, email: 'ada@example.test', name: 'Ada Fan' });
    const customer = await provider.stripe.customers.retrieve(customerId);
    // The name is sent too; the mock does not keep a customer's name (docs/payments.md).
    expect(customer).toMatchObject({ email: 'ada@example.test', metadata: { memberId } });
  });

  it("forgets the customer's email when the member deletes the account; the customer stays", async () => {
    const provider = makeProvider();
    const memberId = crypto.randomUUID();
    const { customerId } = await provider.ensureCustomer({ memberId, email: 'gone@example.test', name: 'Gone Fan' });
    await provider.forgetCustomer(customerId);
    await provider.forgetCustomer(customerId);
    const customer = await provider.stripe.customers.retrieve(customerId);
    expect(customer).toMatchObject({ id: customerId, metadata: { memberId } });
    expect(JSON.stringify(customer)).not.toContain('gone@example.test');
  });

  it('makes the yearly Price of 999 cents once, and finds it again by its lookup key', async () => {
    const first = makeProvider();
    const priceId = await first.yearlyPrice(999);
    const price = await first.stripe.prices.retrieve(priceId);
    expect(price).toMatchObject({
      unit_amount: 999,
      currency: 'usd',
      recurring: { interval: 'year' },
      lookup_key: yearlyPriceLookupKey(999),
    });
    expect(yearlyPriceLookupKey(999)).toBe('hfm_artist_yearly_999');
    const product = await first.stripe.products.retrieve(String(price.product));
    expect(product.name).toBe(SUBSCRIPTION_PRODUCT_NAME);
    expect(await first.yearlyPrice(999)).toBe(priceId);
    // Another process (no cache) finds the same Price rather than making a second one.
    expect(await makeProvider().yearlyPrice(999)).toBe(priceId);
  });

  it('makes an Express account asking for transfers, with the artist in its metadata, once per key', async () => {
    const provider = makeProvider();
    const artistId = crypto.randomUUID();
    const input = {
      artistId,
      email: 'band@example.test',
      name: 'The Band',
      country: 'US',
      idempotencyKey: `payout-account:${artistId}`,
    };
    const account = await provider.createPayoutAccount(input);
    expect(account).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false, taxForm: null, bankLast4: null });
    const stored = await provider.stripe.accounts.retrieve(account.accountId);
    expect(stored).toMatchObject({
      type: 'express',
      country: 'US',
      email: 'band@example.test',
      business_profile: { name: 'The Band' },
      metadata: { artistId },
    });
    // A second process asking with the same key gets the same account.
    expect((await makeProvider().createPayoutAccount(input)).accountId).toBe(account.accountId);
  });

  it('answers resource_missing for an account Stripe does not know (its account_invalid)', async () => {
    const error = await makeProvider()
      .getPayoutAccount('acct_missing')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect(error).toMatchObject({ code: 'resource_missing' });
  });

  it("finds no first payment where none of the customer's subscriptions carries our id", async () => {
    const provider = makeProvider();
    const { customerId } = await provider.ensureCustomer({
      memberId: crypto.randomUUID(),
      email: 'lost@example.test',
      name: 'Lost Answer',
    });
    const ask = (subscriptionRef: string) =>
      provider.findSubscriptionAttempt({ customerId, idempotencyKey: `subscribe:${subscriptionRef}`, subscriptionRef });
    expect(await ask('our-sub-lost')).toEqual({ outcome: 'none' });
    // A subscription of the same customer for another of our rows is not this attempt's.
    // The mock makes an item from a Plan (Stripe's older name for a Price), so one is made for it.
    const plan = await provider.stripe.plans.create({
      amount: 999,
      currency: 'usd',
      interval: 'year',
      product: { name: SUBSCRIPTION_PRODUCT_NAME },
    });
    const item = { price: await provider.yearlyPrice(999), plan: plan.id } as Stripe.SubscriptionCreateParams.Item;
    await provider.stripe.subscriptions.create({
      customer: customerId,
      items: [item],
      metadata: { subscriptionId: 'our-sub-other' },
    });
    expect(await ask('our-sub-lost')).toEqual({ outcome: 'none' });
    const listed = await provider.stripe.subscriptions.list({ customer: customerId });
    expect(listed.data.map((subscription) => subscription.metadata)).toEqual([{ subscriptionId: 'our-sub-other' }]);
  });

  it('answers resource_missing for a refund of a payment Stripe does not know', async () => {
    const error = await makeProvider()
      .refund({ chargeId: 'pi_missing', idempotencyKey: `refund:${crypto.randomUUID()}` })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect(error).toMatchObject({ code: 'resource_missing' });
  });

  it('refuses amounts Stripe would refuse before asking it', async () => {
    const provider = makeProvider();
    for (const amountCents of [0, -999, 9.99, 49, 100_000_000]) {
      const error = await provider
        .charge({
          customerId: 'cus_x',
          paymentMethodId: 'pm_x',
          amountCents,
          description: 'x',
          idempotencyKey: `amount:${crypto.randomUUID()}`,
        })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'invalid_amount' });
    }
  });

  describe("Stripe's errors, as the mock answers them, in our words", () => {
    // The mock's card decisions come from its legacy Charges API with Stripe's test tokens: the same errors, codes
    // and messages Stripe answers a PaymentIntent's confirmation with.
    const chargeWith = (provider: StripePaymentProvider, source: string, amount = 999, idempotencyKey?: string) =>
      provider.stripe.charges
        .create({ amount, currency: 'usd', source }, idempotencyKey ? { idempotencyKey } : {})
        .then(
          () => null,
          (error: unknown) => fromStripeError(error),
        );

    it.each([
      ['tok_chargeDeclined', 'card_declined', 'Your card was declined.'],
      ['tok_chargeCustomerFail', 'card_declined', 'Your card was declined.'],
      ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
      ['tok_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired.'],
      ['tok_chargeDeclinedIncorrectCvc', 'incorrect_cvc', "Your card's security code is incorrect."],
      [
        'tok_chargeDeclinedProcessingError',
        'processing_error',
        expect.stringContaining('error occurred while processing'),
      ],
    ])("%s is declined as %s with Stripe's message", async (token, code, message) => {
      const error = await chargeWith(makeProvider(), token);
      expect(error).toBeInstanceOf(PaymentDeclinedError);
      expect(error).toMatchObject({ code, message });
    });

    it('a key reused with other parameters is idempotency_key_reused; the same parameters answer the same charge', async () => {
      const provider = makeProvider();
      const key = `charge:${crypto.randomUUID()}`;
      const first = await provider.stripe.charges.create(
        { amount: 999, currency: 'usd', source: 'tok_visa' },
        { idempotencyKey: key },
      );
      const again = await provider.stripe.charges.create(
        { amount: 999, currency: 'usd', source: 'tok_visa' },
        { idempotencyKey: key },
      );
      expect(again.id).toBe(first.id);
      const error = await chargeWith(provider, 'tok_visa', 1999, key);
      expect(error).toBeInstanceOf(PaymentRequestError);
      expect(error).toMatchObject({ code: 'idempotency_key_reused' });
    });

    it('a refund beyond what is left is refund_exceeds_charge, a second full refund charge_already_refunded', async () => {
      const { stripe } = makeProvider();
      const charge = await stripe.charges.create({ amount: 999, currency: 'usd', source: 'tok_visa' });
      const tooMuch = await stripe.refunds
        .create({ charge: charge.id, amount: 1000 })
        .catch((error: unknown) => fromStripeError(error, 'refund'));
      expect(tooMuch).toMatchObject({ name: 'PaymentRequestError', code: 'refund_exceeds_charge' });
      await stripe.refunds.create({ charge: charge.id });
      const twice = await stripe.refunds
        .create({ charge: charge.id })
        .catch((error: unknown) => fromStripeError(error, 'refund'));
      expect(twice).toMatchObject({ name: 'PaymentRequestError', code: 'charge_already_refunded' });
    });

    it('passes errors that are not ours through unchanged (a wrong secret key)', async () => {
      const stripe = new Stripe('not-a-key', {
        apiVersion: STRIPE_API_VERSION,
        host: mock.host,
        port: mock.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const error = await stripe.customers.create({}).catch((caught: unknown) => fromStripeError(caught));
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    });
  });
});

describe('Stripe adapter: webhook events in our words', () => {
  const invoice = (extra: Record<string, unknown>) => ({
    id: 'in_1',
    object: 'invoice',
    amount_due: 999,
    amount_paid: 999,
    billing_reason: 'subscription_cycle',
    period_start: 1_740_000_000,
    period_end: 1_772_000_000,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_1', metadata: { subscriptionId: 'our-sub-9' } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount: 999,
          period: { start: 1_772_000_000, end: 1_803_536_000 },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
    ...extra,
  });
  const paidBy = (intent: Record<string, unknown> | string, status = 'paid') => ({
    payments: {
      object: 'list',
      data: [
        {
          id: 'inpay_1',
          object: 'invoice_payment',
          is_default: true,
          created: 1,
          status,
          payment: { type: 'payment_intent', payment_intent: intent },
        },
      ],
    },
  });

  const cases: Array<
    [string, Record<string, unknown>, Omit<ProviderEvent, 'id' | 'createdAt'> | Record<string, unknown>]
  > = [
    [
      'payment_intent.payment_failed',
      {
        id: 'pi_2',
        object: 'payment_intent',
        amount: 999,
        customer: 'cus_2',
        metadata: { subscriptionId: 'our-sub-4' },
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
      {
        type: 'charge.failed',
        chargeId: 'pi_2',
        customerId: 'cus_2',
        amountCents: 999,
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        metadata: { subscriptionId: 'our-sub-4' },
      },
    ],
    [
      'refund.created',
      {
        id: 're_1',
        object: 'refund',
        amount: 499,
        status: 'succeeded',
        payment_intent: 'pi_3',
        charge: 'ch_3',
        metadata: { ledgerRowId: 'l1' },
      },
      {
        type: 'charge.refunded',
        chargeId: 'pi_3',
        refundId: 're_1',
        amountCents: 499,
        metadata: { ledgerRowId: 'l1' },
      },
    ],
    [
      'refund.created',
      {
        id: 're_2',
        object: 'refund',
        amount: 499,
        status: 'pending',
        payment_intent: 'pi_3',
        charge: 'ch_3',
        metadata: {},
      },
      { type: 'other', providerType: 'refund.created' },
    ],
    [
      'charge.dispute.created',
      { id: 'dp_1', object: 'dispute', amount: 999, charge: 'ch_5', payment_intent: 'pi_5', status: 'needs_response' },
      { type: 'charge.disputed', chargeId: 'pi_5', disputeId: 'dp_1', amountCents: 999 },
    ],
    [
      'invoice.paid',
      invoice(paidBy('pi_4')),
      {
        type: 'subscription.paid',
        subscriptionId: 'sub_1',
        chargeId: 'pi_4',
        amountCents: 999,
        currentPeriodStart: new Date(1_772_000_000_000),
        currentPeriodEnd: new Date(1_803_536_000_000),
        metadata: { subscriptionId: 'our-sub-9' },
      },
    ],
    [
      'invoice.payment_failed',
      invoice({
        amount_paid: 0,
        ...paidBy(
          {
            id: 'pi_5',
            object: 'payment_intent',
            last_payment_error: { code: 'expired_card', message: 'Your card has expired.' },
          },
          'open',
        ),
      }),
      {
        type: 'subscription.payment_failed',
        subscriptionId: 'sub_1',
        amountCents: 999,
        code: 'expired_card',
        message: 'Your card has expired.',
        metadata: { subscriptionId: 'our-sub-9' },
      },
    ],
    [
      'customer.subscription.deleted',
      { id: 'sub_1', object: 'subscription', metadata: { subscriptionId: 'our-sub-9' } },
      { type: 'subscription.ended', subscriptionId: 'sub_1', metadata: { subscriptionId: 'our-sub-9' } },
    ],
    [
      'payment_method.detached',
      { id: 'pm_6', object: 'payment_method' },
      { type: 'payment_method.detached', paymentMethodId: 'pm_6' },
    ],
    [
      'account.updated',
      {
        id: 'acct_9',
        object: 'account',
        country: 'GB',
        details_submitted: true,
        payouts_enabled: true,
        metadata: { artistId: 'our-artist-9' },
        requirements: { currently_due: [] },
        external_accounts: { object: 'list', data: [{ id: 'ba_1', object: 'bank_account', last4: '2345' }] },
      },
      {
        type: 'payout_account.updated',
        account: {
          accountId: 'acct_9',
          detailsSubmitted: true,
          payoutsEnabled: true,
          taxForm: 'W-8BEN',
          bankLast4: '2345',
          requirements: [],
        },
        metadata: { artistId: 'our-artist-9' },
      },
    ],
    [
      'account.updated',
      {
        id: 'acct_10',
        object: 'account',
        country: 'US',
        details_submitted: false,
        payouts_enabled: false,
        metadata: { artistId: 'our-artist-10' },
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
      },
      {
        type: 'payout_account.updated',
        account: {
          accountId: 'acct_10',
          detailsSubmitted: false,
          payoutsEnabled: false,
          taxForm: null,
          bankLast4: null,
          requirements: ['external_account', 'tos_acceptance.date'],
        },
        metadata: { artistId: 'our-artist-10' },
      },
    ],
    ['customer.created', { id: 'cus_7', object: 'customer' }, { type: 'other', providerType: 'customer.created' }],
  ];

  it.each(cases)('%s', async (type, object, expected) => {
    const { id, body, createdAt } = eventBody(type, object);
    expect(await makeProvider().parseWebhook(Buffer.from(body), sign(body))).toEqual({ id, createdAt, ...expected });
  });

  it('checks the signature with STRIPE_WEBHOOK_SECRET, not any secret', async () => {
    const { body } = eventBody('customer.created', { id: 'cus_8', object: 'customer' });
    const error = await makeProvider('whsec_another_endpoint')
      .parseWebhook(body, sign(body))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'WebhookSignatureError' });
  });
});
