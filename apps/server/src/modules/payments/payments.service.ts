import {
  payoutMessages,
  type LocalOnboardingAnswer,
  type LocalOnboardingDone,
  type LocalOnboardingInput,
  type LocalPaymentMethodAnswer,
  type LocalPaymentMethodBody,
  type PaymentsConfigAnswer,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import type { OnboardingLink } from '../../platform/payments/local/local-connect.js';
import type { LocalPaymentProvider } from '../../platform/payments/local/local-provider.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import { requireSignedIn, type Actor } from '../access/index.js';

/** What the web app's card form needs: which provider's form to mount, and Stripe's publishable key. */
export function paymentsConfig(ctx: Pick<AppContext, 'config'>): PaymentsConfigAnswer {
  const { payments } = ctx.config;
  return payments.provider === 'stripe'
    ? { provider: 'stripe', publishableKey: payments.publishableKey }
    : { provider: 'local', publishableKey: null };
}

/**
 * The local provider's stand-in for Stripe.js: a card becomes a token, as it would on Stripe's servers. Any
 * signed-in user may tokenise (docs/payments.md): a token moves no money and belongs to no one until billing
 * attaches it to the caller's own customer, which is where ownership is checked.
 */
export async function tokenizeLocalCard(
  ctx: Pick<AppContext, 'platform'>,
  actor: Actor,
  card: LocalPaymentMethodBody,
): Promise<LocalPaymentMethodAnswer> {
  requireSignedIn(actor);
  const provider = ctx.platform.payments as LocalPaymentProvider;
  try {
    const saved = await provider.tokenizeCard(card);
    return { paymentMethodID: saved.paymentMethodId, brand: saved.brand, last4: saved.last4 };
  } catch (error) {
    if (error instanceof PaymentRequestError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * GET /api/payments/local/connect/onboarding/{linkId}: the onboarding page's view of the account. The link id
 * is the credential (24 random bytes); an unknown, expired or spent one is a 404, like the route itself while
 * another provider is configured. Never a full number: the bank account's and tax form's last fours only.
 */
export async function showLocalOnboarding(
  ctx: Pick<AppContext, 'platform'>,
  linkId: string,
): Promise<LocalOnboardingAnswer> {
  return presentOnboarding(await usableLink(ctx, linkId));
}

/**
 * POST: keeps the bank account and/or tax form (last fours only) and spends the link; the page then goes to
 * the link's return URL (the studio's Payouts tab). Two submissions at once: the first wins, the other is a 404.
 */
export async function completeLocalOnboarding(
  ctx: Pick<AppContext, 'platform'>,
  linkId: string,
  input: LocalOnboardingInput,
): Promise<LocalOnboardingDone> {
  const provider = localProvider(ctx);
  const done = provider ? await provider.completeOnboarding(linkId, input) : null;
  if (!done) throw notFound(payoutMessages.onboardingGone);
  return { returnUrl: done.returnUrl, requirements: done.status.requirements };
}

function localProvider(ctx: Pick<AppContext, 'platform'>): LocalPaymentProvider | null {
  const payments = ctx.platform.payments;
  return payments.name === 'local' ? (payments as LocalPaymentProvider) : null;
}

async function usableLink(ctx: Pick<AppContext, 'platform'>, linkId: string): Promise<OnboardingLink> {
  const link = await localProvider(ctx)?.findOnboardingLink(linkId);
  if (!link) throw notFound(payoutMessages.onboardingGone);
  return link;
}

function presentOnboarding(link: OnboardingLink): LocalOnboardingAnswer {
  const { account, status } = link;
  return {
    accountName: account.name,
    email: account.email,
    country: account.country,
    bankAccount:
      account.bankLast4 && account.bankAccountHolder
        ? { accountHolder: account.bankAccountHolder, last4: account.bankLast4 }
        : null,
    taxForm:
      status.taxForm && account.taxName && account.taxSignedAt
        ? { form: status.taxForm, name: account.taxName, signedAt: account.taxSignedAt.toISOString() }
        : null,
    requirements: status.requirements,
    expiresAt: link.expiresAt.toISOString(),
    returnUrl: link.returnUrl,
  };
}
