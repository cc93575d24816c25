import { CARD_BRANDS, formatUsd, type CardBrand, type PaymentReceipt, type ReceiptKind } from '@hfm/shared';
import { brandName } from '../../components/card-label';
import { formatTermDate } from './subscriptions-section';

/** What each kind of receipt records, as the Payments list names it. */
export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  charge: 'Subscription',
  renewal: 'Renewal',
  refund: 'Refund',
  dispute: 'Dispute',
  failed_renewal: 'Renewal failed',
};

/** The amount's line on the receipt page: what the amount was. */
export const RECEIPT_AMOUNT_LABELS: Record<ReceiptKind, string> = {
  charge: 'Amount paid',
  renewal: 'Amount paid',
  refund: 'Amount refunded',
  dispute: 'Amount disputed',
  failed_renewal: 'Amount not charged',
};

/** Receipts write amounts without a thousands separator: '$1234.56'. */
export const dollars = (cents: number) => formatUsd(cents, { grouping: false });

/** '$9.99', '−$9.99' for money back, '$9.99 not charged' for a refused renewal. */
export function amountText(receipt: Pick<PaymentReceipt, 'kind' | 'amountCents'>): string {
  if (receipt.kind === 'refund' || receipt.kind === 'dispute') return `−${dollars(receipt.amountCents)}`;
  if (receipt.kind === 'failed_renewal') return `${dollars(receipt.amountCents)} not charged`;
  return dollars(receipt.amountCents);
}

const isBrand = (brand: string): brand is CardBrand => (CARD_BRANDS as readonly string[]).includes(brand);

/** 'Visa ending in 4242', or what is known of the card. */
export function receiptCardText(receipt: Pick<PaymentReceipt, 'cardBrand' | 'cardLast4'>): string {
  const name = receipt.cardBrand && isBrand(receipt.cardBrand) ? brandName(receipt.cardBrand) : 'Card';
  return receipt.cardLast4 ? `${name} ending in ${receipt.cardLast4}` : name;
}

/** 'Year 1: May 2, 2026 to May 2, 2027'. */
export function receiptTermText(receipt: Pick<PaymentReceipt, 'termNumber' | 'periodStart' | 'periodEnd'>): string {
  const year = receipt.termNumber === null ? 'Subscription' : `Year ${receipt.termNumber}`;
  if (!receipt.periodStart || !receipt.periodEnd) return year;
  return `${year}: ${formatTermDate(receipt.periodStart)} to ${formatTermDate(receipt.periodEnd)}`;
}

export const receiptPath = (id: string) => `/members/account/receipts/${id}`;
