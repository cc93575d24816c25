/** Query keys of billing: the payments config, a member's saved cards and subscriptions. */
export const billingKeys = {
  all: ['billing'] as const,
  config: ['billing', 'payments-config'] as const,
  cards: (memberId: string) => ['billing', 'cards', memberId] as const,
  subscriptions: (memberId: string) => ['billing', 'subscriptions', memberId] as const,
};
