/**
 * Billing's calls (`/api/subscriptions/*`): saved cards, subscribing to an artist, the member's
 * subscriptions. Cards are named by the provider's payment-method token (`paymentMethodID`); a card number
 * never reaches these calls (it goes only to the provider's card form: docs/payments.md).
 */
import { z } from 'zod';
import { artistCard } from './discovery.js';
import { paged } from './pagination.js';
import { CARD_BRANDS, cardNameField, postalCodeField } from './payments.js';

const id = z.guid({ error: 'Not a valid id.' });

export const billingMessages = {
  choosePaymentMethod: 'Please choose a card.',
  noSuchCard: 'No such card.',
  cardNotSaved: 'Please choose one of your saved cards.',
  unknownPaymentMethod: 'That card could not be used. Please enter it again.',
  alreadySubscribed: 'You already subscribe to this artist.',
  artistNotTaking: 'This artist is not taking new subscribers.',
  notYourself: 'You cannot subscribe to yourself.',
  paymentUnderWay: 'This payment is already under way.',
  idempotencyKeyReused: 'This Idempotency-Key was used with a different request.',
  cardPaysSubscription:
    'This card pays for a subscription that renews. Cancel the subscription first, or keep the card.',
  noSuchSubscription: 'No such subscription.',
  alreadyEnded: 'This subscription has ended already.',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  badWebhookSignature: 'The webhook signature is missing, wrong or too old.',
  noSuchWebhook: 'No webhook is taken for this payment provider.',
  noCardSetup: 'Cards are entered with the card form here, not through Stripe.',
  noSuchReceipt: 'No such receipt.',
  termEndedNoResume: 'This subscription has ended, so its renewal cannot be resumed. You can subscribe again.',
  artistLeftNoResume: 'This artist has left HFM, so the subscription cannot renew.',
} as const;

export const memberIdParams = z.object({ memberID: id });

/** POST /api/subscriptions/card-setup/{memberID} (Stripe only): the SetupIntent's secret for Stripe.js. */
export const cardSetupAnswer = z.object({ clientSecret: z.string() });
export type CardSetupAnswer = z.infer<typeof cardSetupAnswer>;
export const savedCardParams = z.object({ memberID: id, cardId: id });
export const subscriptionIdParams = z.object({ id });

const paymentMethodIdField = z
  .string({ error: billingMessages.choosePaymentMethod })
  .trim()
  .min(1, { error: billingMessages.choosePaymentMethod })
  .max(255, { error: billingMessages.choosePaymentMethod });

/**
 * POST /api/subscriptions/attach-payment-method/{memberID}: saves a tokenised card to the member. cardName
 * and postalCode are the card form's (the local provider keeps them with the token; with Stripe's card
 * element the web app sends them here); either way they must pass the spec's rules.
 */
export const attachPaymentMethodBody = z.object({
  paymentMethodID: paymentMethodIdField,
  cardName: cardNameField.optional(),
  postalCode: postalCodeField.optional(),
});
export type AttachPaymentMethodBody = z.input<typeof attachPaymentMethodBody>;

/** A saved card as the member sees it: never the number or CVC. */
export const savedCard = z.object({
  _id: z.string(),
  id: z.string(),
  /** The provider's token: what POST /api/subscriptions takes as paymentMethodID. */
  paymentMethodID: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  cardName: z.string(),
  postalCode: z.string(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;
export const savedCardList = z.array(savedCard);
export const savedCardRemoved = z.object({ id: z.string(), deleted: z.literal(true) });

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'lapsed', 'declined'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** POST /api/subscriptions: the spec's body. The Idempotency-Key header makes a repeat charge once. */
export const subscribeBody = z.object({
  memberID: id,
  paymentMethodID: paymentMethodIdField,
  artistID: id,
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: billingMessages.badIdempotencyKey })
    .optional(),
});

export const publicSubscription = z.object({
  _id: z.string(),
  id: z.string(),
  memberID: z.string(),
  artistID: z.string(),
  artistName: z.string(),
  /** The saved card's token, or null once that card was removed. */
  paymentMethodID: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  priceCents: z.number(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** When the next year is charged; null when it will not renew (cancelled, lapsed). */
  renewsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicSubscription = z.infer<typeof publicSubscription>;

export const subscribeAnswer = z.object({
  subscription: publicSubscription,
  /** A few ACTIVE artists of the same genre the member does not subscribe to. */
  relatedArtists: z.array(artistCard),
});
export type SubscribeAnswer = z.infer<typeof subscribeAnswer>;

export const subscriptionList = z.array(publicSubscription);

export const receiptIdParams = z.object({ id });

export const RECEIPT_KINDS = ['charge', 'renewal', 'refund', 'dispute', 'failed_renewal'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * A receipt of one money movement on a subscription: a first year paid (`charge`), a `renewal`, a `refund`
 * or `dispute` (money back), or a `failed_renewal` (the card refused; nothing was charged).
 */
export const paymentReceipt = z.object({
  id: z.string(),
  /** 'HFM-2026-000123': stable and unique. */
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  /** Positive cents: what was paid, given back, or (failed_renewal) asked for. */
  amountCents: z.number(),
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  subscriptionID: z.string().nullable(),
  artistID: z.string().nullable(),
  artistName: z.string(),
  termNumber: z.number().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** failed_renewal: the issuer's words, and the next try (null after the last: the subscription ended). */
  failureReason: z.string().nullable(),
  retryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceipt>;

/** GET /api/subscriptions/payments/{memberID}?page&limit: newest first. */
export const pagedPaymentReceipts = paged(paymentReceipt);
export type PagedPaymentReceipts = z.infer<typeof pagedPaymentReceipts>;
