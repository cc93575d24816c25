/**
 * The payments platform: one interface, shaped after Stripe's model, with two implementations (the embedded
 * local provider under `local/`, and Stripe). Billing speaks only this interface; `provider.contract.ts` is
 * the behaviour every implementation shares. How subscriptions, idempotency and events map to each provider:
 * docs/decisions/0013-payments-provider.md and docs/payments.md.
 *
 * Money is integer cents (USD). Every call that moves money takes an idempotency key: the same key with the
 * same parameters answers the first call's result (a success or the same decline) and moves nothing again;
 * the same key with other parameters is refused (`idempotency_key_reused`). Keys are derived from our rows
 * (e.g. `sub:{ourSubscriptionId}:term:{n}:attempt:{k}`), never random per request.
 *
 * No card number or CVC ever passes this interface: a card is named by the provider's payment-method token
 * that the browser got (Stripe.js, or the local provider's tokenize route).
 */
import type { CardBrand, PaymentProviderName } from '@hfm/shared';

export type { CardBrand, PaymentProviderName };

export type Currency = 'usd';
export type Metadata = Record<string, string>;

export interface EnsureCustomerInput {
  /** Our user id: at most one provider customer per member. */
  memberId: string;
  email: string;
  name: string;
}

export interface ProviderCustomer {
  customerId: string;
  memberId: string;
}

/** What a saved card may show and keep: never the number or the CVC. */
export interface CardDetails {
  paymentMethodId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  /** The card form's cardName and postalCode (Stripe: billing_details.name and address.postal_code). */
  cardName: string | null;
  postalCode: string | null;
}

export interface AttachInput {
  customerId: string;
  paymentMethodId: string;
}

export interface CardSetup {
  /** Given to Stripe.js only, for the member's own browser (Stripe: the SetupIntent's client_secret). */
  clientSecret: string;
}

export interface ChargeInput {
  customerId: string;
  /** Must be attached to the customer. The charge is off-session: the member is not at the keyboard. */
  paymentMethodId: string;
  amountCents: number;
  currency?: Currency;
  /** Shown on the provider's dashboard and the card statement's detail. */
  description: string;
  idempotencyKey: string;
  /** Our ids (e.g. `{ subscriptionId }`), kept with the charge and sent back in its events. */
  metadata?: Metadata;
}

export interface Charge {
  /** The provider's id of the payment (Stripe: the PaymentIntent `pi_...`); refunds and events name it. */
  chargeId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: Currency;
  status: 'succeeded';
  createdAt: Date;
  metadata: Metadata;
  /**
   * What the provider kept of this payment, when it says (local: 2.9% + 30 cents, rounded; Stripe: the
   * charge's balance transaction fee). null when the provider has not reported it with the payment.
   */
  feeCents: number | null;
}

export interface RefundInput {
  chargeId: string;
  /** Part of the charge; the whole of what is left when omitted. */
  amountCents?: number;
  idempotencyKey: string;
  metadata?: Metadata;
}

export interface Refund {
  refundId: string;
  chargeId: string;
  amountCents: number;
  status: 'succeeded';
  createdAt: Date;
}

export type SubscriptionInterval = 'year';

export interface CreateSubscriptionInput {
  customerId: string;
  paymentMethodId: string;
  /** 999 for HFM (Stripe: the yearly Price of this amount). */
  amountCents: number;
  interval: SubscriptionInterval;
  description: string;
  idempotencyKey: string;
  /** Our subscription id at least, so events can be matched to our row. */
  metadata?: Metadata;
}

export type ProviderSubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  interval: SubscriptionInterval;
  status: ProviderSubscriptionStatus;
  /** The term paid for now: [start, end). Our subscriptions table keeps its own copy (the source of truth). */
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** Renewal is off: the subscription ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  metadata: Metadata;
}

export interface SubscriptionPayment {
  subscription: ProviderSubscription;
  /** The payment of the term that just started. */
  charge: Charge;
}

export interface FindSubscriptionAttemptInput {
  customerId: string;
  /** The key createSubscription was (or may have been) called with. */
  idempotencyKey: string;
  /** Our subscription id, which createSubscription's metadata carried as `subscriptionId`. */
  subscriptionRef: string;
}

/** What became of a createSubscription call whose answer was lost: its payment, its decline, or nothing at all. */
export type SubscriptionAttempt =
  | { outcome: 'paid'; payment: SubscriptionPayment }
  | { outcome: 'declined'; code: DeclineCode; message: string }
  | { outcome: 'none' };

export interface RenewSubscriptionInput {
  subscriptionId: string;
  /** One key per attempt: `sub:{id}:term:{n}:attempt:{k}`; a retry after a decline takes a new key. */
  idempotencyKey: string;
}

export interface CancelSubscriptionInput {
  subscriptionId: string;
  /** true: no renewal, paid term runs out (the fan cancels). false: ends now (a lapse after failed retries). */
  atPeriodEnd: boolean;
}

/** The tax forms an artist may have on file before being paid (the spec: "a tax form (W-9 or W-8)"). */
export const TAX_FORMS = ['W-9', 'W-8BEN', 'W-8BEN-E'] as const;
export type TaxForm = (typeof TAX_FORMS)[number];

export interface CreatePayoutAccountInput {
  /** Our artist id: kept in the account's metadata. */
  artistId: string;
  email: string;
  name: string;
  /** ISO 3166-1 alpha-2 country of the payee ('US' pays with a W-9, elsewhere a W-8BEN). */
  country: string;
  /** `payout-account:{artistId}`: two calls at once make one account. */
  idempotencyKey: string;
}

/** An artist's payout account at the provider (Stripe: a Connect Express account) and what it still needs. */
export interface PayoutAccount {
  accountId: string;
  /** The holder finished giving their details (Stripe: details_submitted). */
  detailsSubmitted: boolean;
  /** Money may be sent to it (Stripe: payouts_enabled). */
  payoutsEnabled: boolean;
  /** The tax form on file, or null while none is. */
  taxForm: TaxForm | null;
  /** The last four digits of the bank account money goes to, when the provider shows it. */
  bankLast4: string | null;
  /** What the provider still asks of the holder, in its own words (Stripe: requirements.currently_due). */
  requirements: string[];
}

export interface PayoutAccountLinkInput {
  accountId: string;
  /** Where the holder lands when they finish or leave onboarding. */
  returnUrl: string;
  /** Where the holder lands when the link has expired or was used: make a new link there. */
  refreshUrl: string;
}

/** A single-use link to the provider's onboarding of the account (local: our own page). */
export interface PayoutAccountLink {
  url: string;
  expiresAt: Date;
}

export interface TransferInput {
  accountId: string;
  amountCents: number;
  currency?: Currency;
  description: string;
  /** `payout:{artistId}:{period}:attempt:{n}`: the same key sends the money once. */
  idempotencyKey: string;
  metadata?: Metadata;
}

/** Money sent from our balance to a payout account (Stripe: a Transfer). */
export interface Transfer {
  transferId: string;
  accountId: string;
  amountCents: number;
  currency: Currency;
  createdAt: Date;
  metadata: Metadata;
}

/** The reasons a card is refused, normalised over providers (Stripe: decline_code where it is one of these). */
export const DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** The issuer refused the card. `message` is the provider's, fit to show the member as is. */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';

  constructor(
    readonly code: DeclineCode,
    message: string,
    /** The failed payment's id, where the provider made one (not for a refused attach). */
    readonly chargeId: string | null = null,
  ) {
    super(message);
  }
}

export const PAYMENT_REQUEST_ERROR_CODES = [
  /** An id we sent names nothing the provider knows. */
  'resource_missing',
  /** The card is not attached to this customer (or was detached): it cannot be charged for them. */
  'payment_method_unattached',
  /** The card is attached to another customer, or was detached and may not be used again. */
  'payment_method_unusable',
  'idempotency_key_reused',
  'invalid_amount',
  /** The local tokenize call was given a card that fails the card rules. */
  'invalid_card',
  'charge_already_refunded',
  'refund_exceeds_charge',
  /** A renewal asked before the paid term has ended. */
  'subscription_not_due',
  /** A renewal or change asked of a subscription that is canceled or set to end. */
  'subscription_canceled',
  /** A transfer to a payout account that cannot receive money yet (onboarding unfinished, or disabled). */
  'payouts_not_enabled',
  /** A transfer larger than what our balance at the provider holds (Stripe: balance_insufficient). */
  'balance_insufficient',
] as const;
export type PaymentRequestErrorCode = (typeof PAYMENT_REQUEST_ERROR_CODES)[number];

/** We asked for something the provider refuses: a bug or a race on our side, not the member's card. */
export class PaymentRequestError extends Error {
  override readonly name = 'PaymentRequestError';

  constructor(
    readonly code: PaymentRequestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A webhook whose signature is missing, wrong or too old. Never applied; answered 400. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

interface EventBase {
  /** The provider's event id: applied at most once (billing stores the ids it applied). */
  id: string;
  createdAt: Date;
}

/** What the provider tells us happened, in our words (each adapter maps its own event types to these). */
export type ProviderEvent = EventBase &
  (
    | { type: 'charge.succeeded'; chargeId: string; customerId: string; amountCents: number; metadata: Metadata }
    | {
        type: 'charge.failed';
        chargeId: string | null;
        customerId: string;
        amountCents: number;
        code: DeclineCode;
        message: string;
        metadata: Metadata;
      }
    | { type: 'charge.refunded'; chargeId: string; refundId: string; amountCents: number; metadata: Metadata }
    /** The card holder disputed a payment (Stripe: charge.dispute.created); the amount is held from us. */
    | { type: 'charge.disputed'; chargeId: string; disputeId: string; amountCents: number }
    /** A term was paid (Stripe: invoice.paid). */
    | {
        type: 'subscription.paid';
        subscriptionId: string;
        chargeId: string;
        amountCents: number;
        currentPeriodStart: Date;
        currentPeriodEnd: Date;
        metadata: Metadata;
      }
    /** A term's payment failed (Stripe: invoice.payment_failed). */
    | {
        type: 'subscription.payment_failed';
        subscriptionId: string;
        amountCents: number;
        code: DeclineCode;
        message: string;
        metadata: Metadata;
      }
    /** The subscription is over (Stripe: customer.subscription.deleted). */
    | { type: 'subscription.ended'; subscriptionId: string; metadata: Metadata }
    | { type: 'payment_method.detached'; paymentMethodId: string }
    /** A payout account's status changed (Stripe: account.updated): what it is now. */
    | { type: 'payout_account.updated'; account: PayoutAccount; metadata: Metadata }
    /** Anything else the provider sends: acknowledged, not applied. */
    | { type: 'other'; providerType: string }
  );

export type ProviderEventType = ProviderEvent['type'];

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The request header carrying a webhook's signature (`stripe-signature` on Stripe). */
  readonly webhookSignatureHeader: string;

  /** The member's customer, created on first call; the same one on every later call. */
  ensureCustomer(input: EnsureCustomerInput): Promise<ProviderCustomer>;

  /**
   * Saves a tokenised card to the customer and answers what may be shown. The issuer checks the card here:
   * a card it refuses throws PaymentDeclinedError (Stripe's 4000 0000 0000 0002 and ...9995). Attaching
   * an already attached card to the same customer answers its details again.
   */
  attachPaymentMethod(input: AttachInput): Promise<CardDetails>;

  /**
   * Stripe only: a SetupIntent for the customer, whose client secret Stripe.js confirms with the card element
   * (the number never reaches us; the confirmed intent names the new card's token, which is then attached).
   * The local provider has no such step: its card form posts to its own tokeniser.
   */
  createCardSetup?(customerId: string): Promise<CardSetup>;

  /** The card can no longer be charged. Detaching a detached card answers as the first call did. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;

  /** Charges a saved card off-session. Throws PaymentDeclinedError (recorded by the provider, replayed by key). */
  charge(input: ChargeInput): Promise<Charge>;

  refund(input: RefundInput): Promise<Refund>;

  /**
   * Starts a yearly subscription and pays its first term now. A declined first payment throws
   * PaymentDeclinedError and leaves no subscription behind (Stripe: payment_behavior error_if_incomplete).
   */
  createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionPayment>;

  /**
   * What became of a first payment whose answer we lost (the process died between the provider and our write),
   * asked without moving money: local by its key, Stripe by our id in the metadata of the customer's
   * subscriptions. `none` means no subscription was started for it, so nothing was charged.
   */
  findSubscriptionAttempt(input: FindSubscriptionAttemptInput): Promise<SubscriptionAttempt>;

  /**
   * Pays the next term once the current one has ended (our renewal job asks; docs/decisions/0013). Throws
   * PaymentDeclinedError (the subscription turns past_due; retry with a new key), or PaymentRequestError
   * `subscription_not_due` / `subscription_canceled`.
   */
  renewSubscription(input: RenewSubscriptionInput): Promise<SubscriptionPayment>;

  cancelSubscription(input: CancelSubscriptionInput): Promise<ProviderSubscription>;

  /**
   * Undoes a cancel at the period end: the subscription renews again. Resuming one that renews answers it as
   * it is; one that has ended throws PaymentRequestError `subscription_canceled`.
   */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;

  /**
   * Forgets the customer's name and email (the member deleted their account). The customer and its payments
   * stay, as payment records. Forgetting again changes nothing.
   */
  forgetCustomer(customerId: string): Promise<void>;

  /** The card later terms are charged to (the fan replaced their card). It must be attached to the customer. */
  setSubscriptionPaymentMethod(input: {
    subscriptionId: string;
    paymentMethodId: string;
  }): Promise<ProviderSubscription>;

  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;

  /**
   * The artist's payout account, made on the first call with a key; the same key answers the same account
   * (also two calls at once). A new account can receive nothing until its holder has onboarded.
   */
  createPayoutAccount(input: CreatePayoutAccountInput): Promise<PayoutAccount>;

  /** A fresh single-use link for the holder to give (or update) their payout details and tax form. */
  createPayoutAccountLink(input: PayoutAccountLinkInput): Promise<PayoutAccountLink>;

  /** The account's status as the provider knows it now. Throws `resource_missing` for an unknown account. */
  getPayoutAccount(accountId: string): Promise<PayoutAccount>;

  /**
   * Sends money to a payout account. The same key answers the same transfer and sends nothing again (also two
   * calls at once); the same key with other parameters is refused (`idempotency_key_reused`); an account that
   * cannot receive money yet is refused (`payouts_not_enabled`).
   */
  transfer(input: TransferInput): Promise<Transfer>;

  /**
   * Verifies a webhook delivery on its raw body (as received, before any JSON parsing) and answers the typed
   * event. Throws WebhookSignatureError when the signature is missing, wrong or older than 5 minutes.
   */
  parseWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<ProviderEvent>;

  close(): Promise<void>;
}
