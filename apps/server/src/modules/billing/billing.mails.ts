/**
 * Billing's mails: a subscription's renewal (a receipt, a declined renewal with the next try, a lapse), a
 * payment's receipt, and a subscriber's mail when the artist leaves (docs/decisions/0021).
 */
import { formatUsd } from '@hfm/shared';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { formatMailDate, paragraphsMail } from '../../platform/mail/templates.js';

export interface RenewalMailInput {
  to: string;
  firstName: string;
  artistName: string;
  amountCents: number;
}

/** Mails write amounts without a thousands separator: '$1234.56'. */
const dollars = (cents: number) => formatUsd(cents, { grouping: false });
const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hi,');

/** The receipt of a renewed year. */
export function renewalReceiptMail(input: RenewalMailInput & { paidUntil: Date }): MailMessage {
  return paragraphsMail(input.to, `Your subscription to ${input.artistName} is renewed`, [
    greeting(input.firstName),
    `We charged ${dollars(input.amountCents)} to your card for another year of ${input.artistName}. Your subscription runs until ${formatMailDate(input.paidUntil)}.`,
    'You can cancel renewal at any time on your account page; you keep access to the end of the year you paid for.',
    'HFM',
  ]);
}

/** A renewal the card refused: the issuer's message and when we try again. */
export function renewalDeclinedMail(input: RenewalMailInput & { reason: string; retryAt: Date }): MailMessage {
  return paragraphsMail(input.to, `We could not renew your subscription to ${input.artistName}`, [
    greeting(input.firstName),
    `We tried to charge ${dollars(input.amountCents)} for another year of ${input.artistName}, and the payment did not go through (${input.reason})`,
    `We will try again on ${formatMailDate(input.retryAt)}. To pay with another card, add it on your account page before then.`,
    'HFM',
  ]);
}

/** The last try failed: the subscription has ended. */
export function subscriptionLapsedMail(input: RenewalMailInput & { reason: string }): MailMessage {
  return paragraphsMail(input.to, `Your subscription to ${input.artistName} has ended`, [
    greeting(input.firstName),
    `We could not charge your card for another year of ${input.artistName} after several tries (${input.reason}), so your subscription has ended and nothing more will be charged.`,
    'The songs you downloaded while subscribed stay yours in My Music. You can subscribe again at any time.',
    'HFM',
  ]);
}

/** What a receipt mail shows: the receipt row's fields, and where the fan can see and print it. */
export interface ReceiptMailInput {
  to: string;
  firstName: string;
  kind: 'charge' | 'renewal' | 'refund' | 'dispute' | 'failed_renewal';
  number: string;
  artistName: string;
  amountCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  termNumber: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  failureReason: string | null;
  retryAt: Date | null;
  createdAt: Date;
  receiptUrl: string;
}

const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa ending in 4242', or what is known of the card. */
export function cardText(brand: string | null, last4: string | null): string {
  const name = brand ? (CARD_BRAND_NAMES[brand] ?? brand) : 'Card';
  return last4 ? `${name} ending in ${last4}` : name;
}

/** 'Year 2: May 2, 2026 to May 2, 2027'. */
export function termText(input: Pick<ReceiptMailInput, 'termNumber' | 'periodStart' | 'periodEnd'>): string {
  const year = input.termNumber === null ? 'Subscription' : `Year ${input.termNumber}`;
  if (!input.periodStart || !input.periodEnd) return year;
  return `${year}: ${formatMailDate(input.periodStart)} to ${formatMailDate(input.periodEnd)}`;
}

const AMOUNT_LABELS: Record<ReceiptMailInput['kind'], string> = {
  charge: 'Amount paid',
  renewal: 'Amount paid',
  refund: 'Amount refunded',
  dispute: 'Amount disputed',
  failed_renewal: 'Amount not charged',
};

/** The subject and the opening lines of each kind of receipt (the renewal ones as the renewal mails said them). */
function receiptLead(input: ReceiptMailInput): { subject: string; lines: string[] } {
  const artist = input.artistName;
  const amount = dollars(input.amountCents);
  switch (input.kind) {
    case 'charge':
      return {
        subject: `Your receipt: ${artist}, one year`,
        lines: [`We charged ${amount} to your card for a year of ${artist}. Thank you for subscribing.`],
      };
    case 'renewal':
      return {
        subject: `Your subscription to ${artist} is renewed`,
        lines: [
          `We charged ${amount} to your card for another year of ${artist}.${input.periodEnd ? ` Your subscription runs until ${formatMailDate(input.periodEnd)}.` : ''}`,
          'You can cancel renewal at any time on your account page; you keep access to the end of the year you paid for.',
        ],
      };
    case 'refund':
      return {
        subject: `Your refund: ${artist}`,
        lines: [`We refunded ${amount} to your card for your subscription to ${artist}.`],
      };
    case 'dispute':
      return {
        subject: `Your payment for ${artist} is disputed`,
        lines: [`Your bank disputed the payment of ${amount} for your subscription to ${artist}.`],
      };
    case 'failed_renewal':
      return input.retryAt
        ? {
            subject: `We could not renew your subscription to ${artist}`,
            lines: [
              `We tried to charge ${amount} for another year of ${artist}, and the payment did not go through (${input.failureReason ?? 'declined'})`,
              `We will try again on ${formatMailDate(input.retryAt)}. To pay with another card, add it on your account page before then.`,
            ],
          }
        : {
            subject: `Your subscription to ${artist} has ended`,
            lines: [
              `We could not charge your card for another year of ${artist} after several tries (${input.failureReason ?? 'declined'}), so your subscription has ended and nothing more will be charged.`,
              'The songs you downloaded while subscribed stay yours in My Music. You can subscribe again at any time.',
            ],
          };
  }
}

/** A receipt: what happened, then the receipt's own lines (number, amount, card, artist, term, date) and its page. */
export function paymentReceiptMail(input: ReceiptMailInput): MailMessage {
  const lead = receiptLead(input);
  return paragraphsMail(input.to, lead.subject, [
    greeting(input.firstName),
    ...lead.lines,
    `Receipt ${input.number}`,
    `${AMOUNT_LABELS[input.kind]}: ${dollars(input.amountCents)}`,
    `Card: ${cardText(input.cardBrand, input.cardLast4)}`,
    `Artist: ${input.artistName}`,
    `Term: ${termText(input)}`,
    `Date: ${formatMailDate(input.createdAt)}`,
    `See or print this receipt: ${input.receiptUrl}`,
    'HFM',
  ]);
}

export interface ArtistLeftMailInput {
  to: string;
  firstName: string;
  artistName: string;
  /** The end of the subscriber's paid term; null when the subscription had no paid term left (past due). */
  accessUntil: Date | null;
}

/** To a subscriber: the artist has left; no renewal, access to the term's end, downloads kept for good. */
export function artistLeftMail(input: ArtistLeftMailInput): MailMessage {
  const { artistName } = input;
  const access = input.accessUntil
    ? `${artistName} has left HFM: your subscription will not renew. You keep access until ${formatMailDate(input.accessUntil)} and every song you downloaded, for good.`
    : `${artistName} has left HFM, so your subscription, whose renewal had not gone through, has ended. Every song you downloaded stays yours, for good.`;
  return paragraphsMail(input.to, `${artistName} has left HFM`, [
    greeting(input.firstName),
    access,
    'Nothing more will be charged for this subscription. The songs you downloaded are in My Music.',
    'HFM',
  ]);
}
