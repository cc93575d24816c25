/**
 * Payment cards and the payments platform's public calls: the card rules the web form and the server share,
 * and the bodies and answers of `/api/payments/*`. A card number and CVC only ever travel to
 * `POST /api/payments/local/payment-methods` (the embedded provider's stand-in for Stripe.js); everything
 * else names a card by its provider token.
 */
import { z } from 'zod';

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The messages of the card form (ours: the spec names the fields, not the words; Stripe.js's wording). */
export const cardMessages = {
  number: 'Your card number is invalid.',
  expiry: "Your card's expiration date is invalid.",
  expired: "Your card's expiration date is in the past.",
  cvc: "Your card's security code is invalid.",
  cardName: 'Please enter the name on your card.',
  postalCode: 'Please enter a valid ZIP code (##### or #####-####).',
} as const;

/** The spec's postal code: #####(-####). */
const POSTAL_CODE = /^\d{5}(?:-\d{4})?$/;
const CVC = /^\d{3,4}$/;
export const CARD_NAME_MAX = 100;

/** Digits only: spaces and dashes as people type them are dropped; anything else leaves the value invalid. */
export function normalizeCardNumber(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[\s-]/g, '') : '';
}

/** The Luhn check digit rule every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (prefix: number, low: number, high: number) => prefix >= low && prefix <= high;

/** The brand a card number belongs to, from its leading digits (the networks' published ranges). */
export function cardBrand(number: string): CardBrand {
  const digits = normalizeCardNumber(number);
  const first = (n: number) => Number(digits.slice(0, n));
  if (digits.startsWith('4')) return 'visa';
  if (inRange(first(2), 51, 55) || inRange(first(4), 2221, 2720)) return 'mastercard';
  if (first(2) === 34 || first(2) === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || inRange(first(3), 644, 649)) return 'discover';
  if (inRange(first(3), 300, 305) || first(2) === 36 || first(2) === 38 || first(2) === 39) return 'diners';
  if (inRange(first(4), 3528, 3589)) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

export function isValidCardNumber(value: unknown): boolean {
  const digits = normalizeCardNumber(value);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** A two-digit year means 20YY, as card faces print it. */
export function fullExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const year = fullExpiryYear(expYear);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return year < thisYear || (year === thisYear && expMonth < thisMonth);
}

export function isValidCvc(value: unknown): boolean {
  return typeof value === 'string' && CVC.test(value.trim());
}

export function isValidPostalCode(value: unknown): boolean {
  return typeof value === 'string' && POSTAL_CODE.test(value.trim());
}

/** A whole number given as a number or as digits (forms send strings), within bounds; one message for any failure. */
const wholeNumber = (message: string, accept: (value: number) => boolean) =>
  z.union([z.number(), z.string()], { error: message }).transform((raw, ctx) => {
    const text = typeof raw === 'string' ? raw.trim() : String(raw);
    const value = Number(text);
    if (!/^\d{1,4}$/.test(text) || !accept(value)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

export const cardNumberField = z
  .string({ error: cardMessages.number })
  .max(40, { error: cardMessages.number })
  .refine(isValidCardNumber, { error: cardMessages.number })
  .transform(normalizeCardNumber);

export const expMonthField = wholeNumber(cardMessages.expiry, (month) => month >= 1 && month <= 12);
/** Four digits, or two (20YY); normalised to four. */
export const expYearField = wholeNumber(cardMessages.expiry, (year) => year < 100 || year >= 2000).transform(
  fullExpiryYear,
);
export const cvcField = z
  .string({ error: cardMessages.cvc })
  .refine(isValidCvc, { error: cardMessages.cvc })
  .transform((cvc) => cvc.trim());
export const cardNameField = z
  .string({ error: cardMessages.cardName })
  .trim()
  .min(1, { error: cardMessages.cardName })
  .max(CARD_NAME_MAX, { error: cardMessages.cardName });
export const postalCodeField = z
  .string({ error: cardMessages.postalCode })
  .refine(isValidPostalCode, { error: cardMessages.postalCode })
  .transform((code) => code.trim());

/** POST /api/payments/local/payment-methods: the card form, as Stripe.js would send it to Stripe. */
export const localPaymentMethodBody = z
  .object({
    number: cardNumberField,
    expMonth: expMonthField,
    expYear: expYearField,
    cvc: cvcField,
    cardName: cardNameField,
    postalCode: postalCodeField,
  })
  .superRefine((card, ctx) => {
    if (isCardExpired(card.expMonth, card.expYear)) {
      ctx.addIssue({ code: 'custom', path: ['expYear'], message: cardMessages.expired });
    }
  });
export type LocalPaymentMethodBody = z.input<typeof localPaymentMethodBody>;

/** What the card form gets back: the token to hand to the attach call, and what to show. */
export const localPaymentMethodAnswer = z.object({
  paymentMethodID: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
});
export type LocalPaymentMethodAnswer = z.infer<typeof localPaymentMethodAnswer>;

/** GET /api/payments/config: which card form the web app mounts, and Stripe's publishable key for it. */
export const paymentsConfigAnswer = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigAnswer = z.infer<typeof paymentsConfigAnswer>;

/** The card form's expiry as a card prints it: MM/YY or MM/YYYY, spaces allowed; null when it is not one. */
export function parseCardExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: fullExpiryYear(Number(match[2])) };
}

const cardExpiryField = z.string({ error: cardMessages.expiry }).transform((value, ctx) => {
  const expiry = parseCardExpiry(value);
  if (!expiry) ctx.addIssue({ code: 'custom', message: cardMessages.expiry });
  else if (isCardExpired(expiry.expMonth, expiry.expYear))
    ctx.addIssue({ code: 'custom', message: cardMessages.expired });
  else return expiry;
  return z.NEVER;
});

/** With Stripe, the card's number, expiry and CVC are in Stripe's element; these two are ours to check. */
export const cardHolderFields = z.object({ cardName: cardNameField, postalCode: postalCodeField });
export type CardHolderFields = z.input<typeof cardHolderFields>;
export type CardHolder = z.output<typeof cardHolderFields>;

/**
 * The web card form (local provider): the same rules as the server's, with one expiry field as people type
 * it; what it parses to is the body of POST /api/payments/local/payment-methods.
 */
export const cardFormFields = z
  .object({
    number: cardNumberField,
    expiry: cardExpiryField,
    cvc: cvcField,
    cardName: cardNameField,
    postalCode: postalCodeField,
  })
  .transform(({ expiry, ...card }) => ({ ...card, ...expiry }));
export type CardFormFields = z.input<typeof cardFormFields>;
export type CardFormCard = z.output<typeof cardFormFields>;

/** POST /api/payments/webhooks/{provider}: `local` or `stripe` (whichever is configured; the other is a 404). */
export const webhookParams = z.object({ provider: z.string().max(40) });
/** A webhook was taken: applied now, applied before (a redelivery), or of a type we do not apply. */
export const webhookAnswer = z.object({ received: z.literal(true) });
export type WebhookAnswer = z.infer<typeof webhookAnswer>;
