/**
 * The Stripe adapter: the PaymentProvider interface on Stripe's API through the official SDK. The mapping
 * (customers, PaymentMethods, off-session PaymentIntents, refunds, a yearly Price of the amount and
 * Subscriptions whose renewal invoice our job pays, signed events) is docs/decisions/0013 and docs/payments.md.
 * Every call that moves money or makes an object carries an idempotency key; card numbers never come here.
 */
import Stripe from 'stripe';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  WebhookSignatureError,
  type CardBrand,
  type CardDetails,
  type Charge,
  type PaymentProvider,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type SubscriptionPayment,
  type Transfer,
} from '../provider.js';
import { stripeCall } from './stripe-errors.js';
import { toPayoutAccount } from './stripe-accounts.js';
import { idOf, toProviderEvent } from './stripe-events.js';

/** The API version the adapter is written against (the SDK's own): pinned, never the account's default. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
export const STRIPE_WEBHOOK_HEADER = 'stripe-signature';
/** Stripe refuses a webhook signed longer ago than this, as the local provider does. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Stripe's smallest USD charge, and the largest it takes. */
const MIN_CENTS = 50;
const MAX_CENTS = 99_999_999;
export const SUBSCRIPTION_PRODUCT_NAME = 'HFM artist subscription';
/** The Price of a yearly subscription of this many cents (decision 0013: `hfm_artist_yearly_999`). */
export const yearlyPriceLookupKey = (amountCents: number) => `hfm_artist_yearly_${amountCents}`;
/** The invoice metadata naming the renewal attempt (our idempotency key) that claimed a renewal invoice. */
const RENEWAL_KEY = 'hfm_renewal_key';
/** The transfer metadata carrying our idempotency key (Stripe keeps a key only 24 hours). */
const TRANSFER_KEY = 'hfm_idempotency_key';

function toTransfer(transfer: Stripe.Transfer, accountId: string): Transfer {
  const { [TRANSFER_KEY]: _key, ...metadata } = transfer.metadata ?? {};
  return {
    transferId: transfer.id,
    accountId,
    amountCents: transfer.amount,
    currency: 'usd',
    createdAt: new Date(transfer.created * 1000),
    metadata,
  };
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server instead of api.stripe.com (tests: a mock on loopback). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries failed network calls and 409s safely (every write carries a key). Default 2. */
  maxNetworkRetries?: number;
}

export interface StripePaymentProvider extends PaymentProvider {
  /** The SDK client, for tests and tools (e.g. making test PaymentMethods from tokens). */
  readonly stripe: Stripe;
  /** The id of the yearly Price of this amount, made (with its Product) on first use when the account lacks it. */
  yearlyPrice(amountCents: number): Promise<string>;
}

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
  diners: 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
};

function toCardDetails(method: Stripe.PaymentMethod): CardDetails {
  const card = method.card;
  if (!card) throw new PaymentRequestError('payment_method_unusable', `${method.id} is not a card.`);
  return {
    paymentMethodId: method.id,
    brand: BRANDS[card.brand] ?? 'unknown',
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    cardName: method.billing_details.name ?? null,
    postalCode: method.billing_details.address?.postal_code ?? null,
  };
}

/** The fee Stripe kept of the payment: the charge's balance transaction, when the answer includes it expanded. */
function feeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const balance = charge.balance_transaction;
  return balance && typeof balance !== 'string' ? balance.fee : null;
}

/** What a PaymentIntent call expands so the answer carries the fee (4 levels at most, Stripe's limit). */
const WITH_FEE = ['latest_charge.balance_transaction'];

function toCharge(intent: Stripe.PaymentIntent): Charge {
  return {
    chargeId: intent.id,
    customerId: idOf(intent.customer) ?? '',
    paymentMethodId: idOf(intent.payment_method) ?? '',
    amountCents: intent.amount_received || intent.amount,
    currency: 'usd',
    status: 'succeeded',
    createdAt: new Date(intent.created * 1000),
    metadata: { ...intent.metadata },
    feeCents: feeOf(intent),
  };
}

const STATUSES: Record<Stripe.Subscription.Status, ProviderSubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new PaymentRequestError('resource_missing', `${subscription.id} has no item.`);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    paymentMethodId: idOf(subscription.default_payment_method) ?? '',
    amountCents: item.price.unit_amount ?? 0,
    interval: 'year',
    status: STATUSES[subscription.status] ?? 'past_due',
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    metadata: { ...subscription.metadata },
  };
}

function assertAmount(amountCents: number): void {
  if (!Number.isInteger(amountCents) || amountCents < MIN_CENTS || amountCents > MAX_CENTS) {
    throw new PaymentRequestError(
      'invalid_amount',
      `An amount must be a whole number of cents from ${MIN_CENTS} to ${MAX_CENTS}.`,
    );
  }
}

export function createStripePaymentProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 30_000,
    appInfo: { name: 'HFM' },
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  const prices = new Map<number, Promise<string>>();

  /** The yearly Price of this amount: found by its lookup key, made once if missing. */
  function yearlyPrice(amountCents: number): Promise<string> {
    let price = prices.get(amountCents);
    if (!price) {
      price = findOrCreatePrice(amountCents);
      price.catch(() => prices.delete(amountCents));
      prices.set(amountCents, price);
    }
    return price;
  }

  async function findOrCreatePrice(amountCents: number): Promise<string> {
    const lookupKey = yearlyPriceLookupKey(amountCents);
    const found = await stripeCall(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 10 }));
    const existing = found.data.find(
      (price) =>
        price.lookup_key === lookupKey && price.unit_amount === amountCents && price.recurring?.interval === 'year',
    );
    if (existing) return existing.id;
    const product = await stripeCall(() =>
      stripe.products.create({ name: SUBSCRIPTION_PRODUCT_NAME }, { idempotencyKey: `hfm:product:${lookupKey}` }),
    );
    const created = await stripeCall(() =>
      stripe.prices.create(
        {
          product: product.id,
          currency: 'usd',
          unit_amount: amountCents,
          recurring: { interval: 'year' },
          lookup_key: lookupKey,
          nickname: `Yearly, ${amountCents} cents`,
        },
        { idempotencyKey: `hfm:price:${lookupKey}` },
      ),
    );
    return created.id;
  }

  /** The card, which must be attached to this customer to be charged or billed for them. */
  async function heldBy(customerId: string, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
    const method = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId));
    if (idOf(method.customer) !== customerId) {
      throw new PaymentRequestError(
        'payment_method_unattached',
        `${paymentMethodId} is not attached to ${customerId}.`,
      );
    }
    return method;
  }

  /** The PaymentIntent that paid (or last tried to pay) an invoice. */
  async function paymentIntentOf(invoice: Stripe.Invoice): Promise<Stripe.PaymentIntent | string | null> {
    const listed =
      invoice.payments?.data ??
      (
        await stripeCall(() =>
          stripe.invoicePayments.list({ invoice: invoice.id!, limit: 10, expand: ['data.payment.payment_intent'] }),
        )
      ).data;
    const payments = [...listed].sort((a, b) => Number(b.is_default) - Number(a.is_default) || b.created - a.created);
    const paid = payments.find((payment) => payment.status === 'paid') ?? payments[0];
    return paid?.payment.payment_intent ?? null;
  }

  /** The term's payment, as a Charge (the invoice's paid PaymentIntent). */
  async function chargeOfInvoice(invoice: Stripe.Invoice): Promise<Charge> {
    const intent = await paymentIntentOf(invoice);
    if (!intent) throw new PaymentRequestError('resource_missing', `${invoice.id} has no payment.`);
    const id = typeof intent === 'string' ? intent : intent.id;
    // Asked again with its charge's balance transaction, for the fee (an invoice cannot expand that deep).
    return toCharge(await stripeCall(() => stripe.paymentIntents.retrieve(id, { expand: WITH_FEE })));
  }

  async function retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return stripeCall(() => stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }));
  }

  return {
    name: 'stripe',
    webhookSignatureHeader: STRIPE_WEBHOOK_HEADER,
    stripe,
    yearlyPrice,

    async ensureCustomer({ memberId, email, name }) {
      // Stripe keeps a key 24 hours: billing stores the customer id on the first call (docs/payments.md).
      const customer = await stripeCall(() =>
        stripe.customers.create({ email, name, metadata: { memberId } }, { idempotencyKey: `customer:${memberId}` }),
      );
      return { customerId: customer.id, memberId };
    },

    async forgetCustomer(customerId) {
      // Empty strings unset the fields; the customer and its payments stay (payment records).
      await stripeCall(() => stripe.customers.update(customerId, { name: '', email: '' }));
    },

    async attachPaymentMethod({ customerId, paymentMethodId }) {
      const method = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId));
      const holder = idOf(method.customer);
      if (holder === customerId) return toCardDetails(method);
      if (holder) {
        throw new PaymentRequestError('payment_method_unusable', `${paymentMethodId} belongs to another customer.`);
      }
      const attached = await stripeCall(() =>
        stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `attach:${paymentMethodId}:${customerId}` },
        ),
      );
      return toCardDetails(attached);
    },

    async createCardSetup(customerId) {
      // A SetupIntent moves no money; each card entry gets its own, so no idempotency key is needed.
      const intent = await stripeCall(() => stripe.setupIntents.create({ customer: customerId, usage: 'off_session' }));
      if (!intent.client_secret) {
        throw new PaymentRequestError('resource_missing', `${intent.id} came without its client secret.`);
      }
      return { clientSecret: intent.client_secret };
    },

    async detachPaymentMethod(paymentMethodId) {
      const method = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId));
      if (!method.customer) return;
      await stripeCall(() =>
        stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `detach:${paymentMethodId}` }),
      );
    },

    async charge(input) {
      assertAmount(input.amountCents);
      await heldBy(input.customerId, input.paymentMethodId);
      const intent = await stripeCall(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency ?? 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata ?? {},
            expand: WITH_FEE,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (intent.status !== 'succeeded') {
        // Off-session and confirmed: anything but success (3-D Secure asked for) is a refusal for the fan.
        throw new PaymentDeclinedError(
          'authentication_required',
          'Your card was declined. This transaction requires authentication.',
          intent.id,
        );
      }
      return toCharge(intent);
    },

    async refund({ chargeId, amountCents, idempotencyKey, metadata }) {
      if (amountCents !== undefined && (!Number.isInteger(amountCents) || amountCents <= 0)) {
        throw new PaymentRequestError('invalid_amount', 'A refund must be a whole number of cents above 0.');
      }
      const refund = await stripeCall(
        () =>
          stripe.refunds.create(
            {
              payment_intent: chargeId,
              ...(amountCents !== undefined ? { amount: amountCents } : {}),
              metadata: metadata ?? {},
            },
            { idempotencyKey },
          ),
        'refund',
      );
      return {
        refundId: refund.id,
        chargeId,
        amountCents: refund.amount,
        status: 'succeeded',
        createdAt: new Date(refund.created * 1000),
      };
    },

    async createSubscription(input) {
      assertAmount(input.amountCents);
      await heldBy(input.customerId, input.paymentMethodId);
      const price = await yearlyPrice(input.amountCents);
      const subscription = await stripeCall(() =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price }],
            default_payment_method: input.paymentMethodId,
            off_session: true,
            payment_behavior: 'error_if_incomplete',
            description: input.description,
            metadata: input.metadata ?? {},
            expand: ['latest_invoice'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const invoice = subscription.latest_invoice;
      if (!invoice || typeof invoice === 'string') {
        throw new PaymentRequestError('resource_missing', `${subscription.id} has no first invoice.`);
      }
      return { subscription: toSubscription(subscription), charge: await chargeOfInvoice(invoice) };
    },

    async findSubscriptionAttempt({ customerId, subscriptionRef }) {
      // Stripe keeps no list of keys to ask by: our id is in the subscription's metadata. A declined first payment
      // (error_if_incomplete) leaves no subscription, so only a paid one is found.
      const subscriptions = await stripeCall(() =>
        stripe.subscriptions
          .list({ customer: customerId, status: 'all', limit: 100, expand: ['data.latest_invoice'] })
          .autoPagingToArray({ limit: 10_000 }),
      );
      const subscription = subscriptions.find((each) => each.metadata?.subscriptionId === subscriptionRef);
      const latest = subscription?.latest_invoice;
      if (!subscription || !latest) return { outcome: 'none' };
      const invoice = typeof latest === 'string' ? await stripeCall(() => stripe.invoices.retrieve(latest)) : latest;
      if (invoice.status !== 'paid') return { outcome: 'none' };
      return {
        outcome: 'paid',
        payment: { subscription: toSubscription(subscription), charge: await chargeOfInvoice(invoice) },
      };
    },

    async renewSubscription({ subscriptionId, idempotencyKey }): Promise<SubscriptionPayment> {
      const subscription = await retrieveSubscription(subscriptionId);
      if (subscription.status === 'canceled' || subscription.cancel_at_period_end) {
        throw new PaymentRequestError('subscription_canceled', `${subscriptionId} is canceled or set to end.`);
      }
      const latest = subscription.latest_invoice;
      const invoice = latest && typeof latest !== 'string' ? latest : null;
      const claimedBy = invoice?.metadata?.[RENEWAL_KEY];
      // Stripe makes the renewal invoice at the period end; before that, or once another attempt paid it, there is
      // nothing for this key to pay.
      if (!invoice || invoice.billing_reason !== 'subscription_cycle') {
        throw new PaymentRequestError('subscription_not_due', `${subscriptionId} has no renewal to pay yet.`);
      }
      if (invoice.status === 'void' || invoice.status === 'uncollectible') {
        throw new PaymentRequestError('subscription_canceled', `${subscriptionId}'s renewal was written off.`);
      }
      if (invoice.status === 'paid' && claimedBy && claimedBy !== idempotencyKey) {
        throw new PaymentRequestError('subscription_not_due', `${subscriptionId}'s renewal is paid.`);
      }
      if (invoice.status !== 'paid') {
        // Claim the invoice for this attempt, then pay it off-session on the subscription's card with our key.
        await stripeCall(() =>
          stripe.invoices.update(
            invoice.id!,
            { metadata: { [RENEWAL_KEY]: idempotencyKey } },
            { idempotencyKey: `${idempotencyKey}:claim` },
          ),
        );
        if (invoice.status === 'draft') {
          await stripeCall(() =>
            stripe.invoices.finalizeInvoice(
              invoice.id!,
              { auto_advance: false },
              { idempotencyKey: `${idempotencyKey}:finalize` },
            ),
          );
        }
        await stripeCall(() =>
          stripe.invoices.pay(
            invoice.id!,
            { off_session: true, payment_method: idOf(subscription.default_payment_method) ?? undefined },
            { idempotencyKey },
          ),
        );
      } else if (!claimedBy) {
        // Stripe's own attempt paid it: this attempt answers that payment, and later keys find it paid.
        await stripeCall(() =>
          stripe.invoices.update(
            invoice.id!,
            { metadata: { [RENEWAL_KEY]: idempotencyKey } },
            { idempotencyKey: `${idempotencyKey}:claim` },
          ),
        );
      }
      const renewed = await retrieveSubscription(subscriptionId);
      const paid = await stripeCall(() => stripe.invoices.retrieve(invoice.id!));
      return { subscription: toSubscription(renewed), charge: await chargeOfInvoice(paid) };
    },

    async cancelSubscription({ subscriptionId, atPeriodEnd }) {
      const current = await retrieveSubscription(subscriptionId);
      if (current.status === 'canceled') return toSubscription(current);
      const subscription = atPeriodEnd
        ? await stripeCall(() =>
            // No fixed key: after a resume, a second cancel must apply (setting the flag is idempotent itself).
            stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
          )
        : await stripeCall(() =>
            stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel:${subscriptionId}` }),
          );
      return toSubscription(subscription);
    },

    async resumeSubscription(subscriptionId) {
      const current = await retrieveSubscription(subscriptionId);
      if (current.status === 'canceled') {
        throw new PaymentRequestError('subscription_canceled', `${subscriptionId} is canceled.`);
      }
      if (!current.cancel_at_period_end) return toSubscription(current);
      const subscription = await stripeCall(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
      return toSubscription(subscription);
    },

    async setSubscriptionPaymentMethod({ subscriptionId, paymentMethodId }) {
      const current = await retrieveSubscription(subscriptionId);
      if (current.status === 'canceled') {
        throw new PaymentRequestError('subscription_canceled', `${subscriptionId} is canceled.`);
      }
      await heldBy(idOf(current.customer) ?? '', paymentMethodId);
      const subscription = await stripeCall(() =>
        stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId }),
      );
      return toSubscription(subscription);
    },

    async getSubscription(subscriptionId) {
      return toSubscription(await retrieveSubscription(subscriptionId));
    },

    async createPayoutAccount({ artistId, email, name, country, idempotencyKey }) {
      const code = country.toUpperCase();
      const account = await stripeCall(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country: code,
            email,
            business_profile: { name },
            capabilities: { transfers: { requested: true } },
            // Paid from a US platform across a border, an account takes the recipient service agreement.
            ...(code === 'US' ? {} : { tos_acceptance: { service_agreement: 'recipient' } }),
            metadata: { artistId },
          },
          { idempotencyKey },
        ),
      );
      return toPayoutAccount(account);
    },

    async createPayoutAccountLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripeCall(() =>
        stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },

    async getPayoutAccount(accountId) {
      return toPayoutAccount(await stripeCall(() => stripe.accounts.retrieve(accountId)));
    },

    async transfer({ accountId, amountCents, currency, description, idempotencyKey, metadata }) {
      if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > MAX_CENTS) {
        throw new PaymentRequestError(
          'invalid_amount',
          `A transfer must be a whole number of cents from 1 to ${MAX_CENTS}.`,
        );
      }
      // Stripe forgets an idempotency key after 24 hours; a payout whose outcome stayed unknown longer is asked
      // again with the same key, so the transfer also carries the key and is looked for by it first.
      const recent = await stripeCall(() => stripe.transfers.list({ destination: accountId, limit: 100 }));
      const earlier = recent.data.find((transfer) => transfer.metadata?.[TRANSFER_KEY] === idempotencyKey);
      if (earlier) {
        if (earlier.amount !== amountCents) {
          throw new PaymentRequestError('idempotency_key_reused', `${idempotencyKey} sent another amount before.`);
        }
        return toTransfer(earlier, accountId);
      }
      // Stripe would take a transfer to an account that cannot pay out yet and hold it there: we refuse it, as
      // the contract says, so money waits in our balance until the artist has finished onboarding.
      const account = await stripeCall(() => stripe.accounts.retrieve(accountId));
      if (!account.payouts_enabled) {
        throw new PaymentRequestError('payouts_not_enabled', `${accountId} cannot receive payouts yet.`);
      }
      const transfer = await stripeCall(() =>
        stripe.transfers.create(
          {
            amount: amountCents,
            currency: currency ?? 'usd',
            destination: accountId,
            description,
            metadata: { ...metadata, [TRANSFER_KEY]: idempotencyKey },
          },
          { idempotencyKey },
        ),
      );
      return toTransfer(transfer, accountId);
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError(`The ${STRIPE_WEBHOOK_HEADER} header is missing.`);
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message);
        }
        throw error;
      }
      return toProviderEvent(event, { paymentIntentOf });
    },

    async close() {},
  };
}
