import type { CardBrand, SavedCard } from '@hfm/shared';

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export function brandName(brand: CardBrand): string {
  return BRAND_NAMES[brand];
}

/** '12/30': the expiry as the card prints it. */
export function cardExpiry(card: Pick<SavedCard, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** 'Visa ending in 4242, expires 12/30'. */
export function describeCard(card: Pick<SavedCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  return `${brandName(card.brand)} ending in ${card.last4}, expires ${cardExpiry(card)}`;
}
