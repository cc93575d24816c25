/** Query keys of payouts: an artist's payout account, an onboarding link's page, and the admin's views. */
export const payoutKeys = {
  all: ['payouts'] as const,
  account: (artistId: string) => ['payouts', 'account', artistId] as const,
  onboarding: (linkId: string) => ['payouts', 'onboarding', linkId] as const,
  admin: ['payouts', 'admin'] as const,
  period: (period: string) => ['payouts', 'admin', 'period', period] as const,
  runs: ['payouts', 'admin', 'runs'] as const,
};
