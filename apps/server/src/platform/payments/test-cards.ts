/**
 * The test cards every provider honours (docs/payments.md), by what they do. The local provider knows them
 * by number; on Stripe they are the published test numbers, and tests use Stripe's matching test tokens.
 */
export const TEST_CARDS = {
  /** 4242 4242 4242 4242: attaches and charges. */
  succeeds: '4242424242424242',
  /** 4000 0000 0000 0002: refused by the issuer (card_declined). */
  declined: '4000000000000002',
  /** 4000 0000 0000 9995: refused for insufficient funds. */
  insufficientFunds: '4000000000009995',
  /** 4000 0000 0000 0341: attaches, then every charge fails (card_declined). */
  chargeFails: '4000000000000341',
} as const;

export type TestCard = keyof typeof TEST_CARDS;

/** The providers' messages for each refusal, shown to the member as they are. */
export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
} as const;
