import type Stripe from 'stripe';
import type { PayoutAccount } from '../provider.js';

/**
 * A Connect Express account in our words. Express onboarding collects the tax details Stripe needs (the W-9's
 * TIN certification from a US person, the W-8BEN's from anyone else), so a finished onboarding (details
 * submitted) means that form is on file with Stripe: 'W-9' in the US, 'W-8BEN' elsewhere (docs/payouts.md).
 */
export function toPayoutAccount(account: Stripe.Account): PayoutAccount {
  const detailsSubmitted = account.details_submitted ?? false;
  const bank = account.external_accounts?.data?.[0];
  return {
    accountId: account.id,
    detailsSubmitted,
    payoutsEnabled: account.payouts_enabled ?? false,
    taxForm: detailsSubmitted ? ((account.country ?? 'US') === 'US' ? 'W-9' : 'W-8BEN') : null,
    bankLast4: bank && 'last4' in bank ? bank.last4 : null,
    requirements: [...(account.requirements?.currently_due ?? [])],
  };
}
