/** Query keys of billing: the payments config, a member's saved cards, subscriptions and receipts. */
export const billingKeys = {
  all: ['billing'] as const,
  config: ['billing', 'payments-config'] as const,
  cards: (memberId: string) => ['billing', 'cards', memberId] as const,
  subscriptions: (memberId: string) => ['billing', 'subscriptions', memberId] as const,
  receipts: (memberId: string) => ['billing', 'receipts', memberId] as const,
  receiptPage: (memberId: string, page: number) => ['billing', 'receipts', memberId, page] as const,
  receipt: (id: string) => ['billing', 'receipt', id] as const,
};
