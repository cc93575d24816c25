import type { LocalPaymentMethodAnswer, LocalPaymentMethodBody, PaymentsConfigAnswer } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors/app-error.js';
import type { LocalPaymentProvider } from '../../platform/payments/local/local-provider.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import { requireSignedIn } from '../access/access.service.js';
import type { Actor } from '../access/permissions.js';

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
