import {
  billingMessages,
  cardNameField,
  postalCodeField,
  type AttachPaymentMethodBody,
  type CardSetupAnswer,
  type SavedCard,
} from '@hfm/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error.js';
import { PaymentDeclinedError, PaymentRequestError } from '../../platform/payments/provider.js';
import { requireAccess, type Actor } from '../access/index.js';
import { presentCard } from './billing.presenter.js';
import {
  deleteCardRow,
  findCardOf,
  findCustomerId,
  isCardPayingForRenewals,
  listCardsOf,
  saveCard,
  saveCustomerId,
} from './cards.repository.js';

type BillingContext = Pick<AppContext, 'db' | 'platform'>;

/** The card was refused: the provider's message, as is (the subscribe modal's error state shows it). */
export const declined = (error: PaymentDeclinedError) => new AppError('PAYMENT_DECLINED', error.message);

/** A token the provider does not know, or that belongs to someone else: the member should enter the card again. */
export function paymentRequestFailure(): AppError {
  return badRequest(billingMessages.unknownPaymentMethod, { paymentMethodID: billingMessages.unknownPaymentMethod });
}

/** The member's customer at the provider, made on first use; its id is kept so no key is relied on later. */
export async function ensureCustomerId(ctx: BillingContext, member: SessionUser): Promise<string> {
  const provider = ctx.platform.payments;
  const known = await findCustomerId(ctx.db, member.id, provider.name);
  if (known) return known;
  const { customerId } = await provider.ensureCustomer({
    memberId: member.id,
    email: member.email,
    name: `${member.firstName} ${member.lastName}`.trim(),
  });
  await saveCustomerId(ctx.db, member.id, provider.name, customerId);
  return customerId;
}

/**
 * POST /api/subscriptions/card-setup/{memberID}: the member themself, with Stripe. Stripe.js confirms the
 * answer's secret with the card element, and the card it names is then attached as any other token.
 */
export async function createCardSetup(ctx: BillingContext, actor: Actor, memberId: string): Promise<CardSetupAnswer> {
  const member = await requireAccess(ctx, actor, 'user.pay', [memberId]);
  const provider = ctx.platform.payments;
  if (!provider.createCardSetup) throw notFound(billingMessages.noCardSetup);
  const customerId = await ensureCustomerId(ctx, member);
  return provider.createCardSetup(customerId);
}

/** GET /api/subscriptions/card-list/{memberID}: the member themself, or an admin. */
export async function listSavedCards(ctx: BillingContext, actor: Actor, memberId: string): Promise<SavedCard[]> {
  await requireAccess(ctx, actor, 'user.billing', [memberId]);
  return (await listCardsOf(ctx.db, memberId.toLowerCase())).map(presentCard);
}

/** The card's name and ZIP code: the form's when sent, else what the provider kept; both pass the spec's rules. */
function cardHolderFields(
  body: AttachPaymentMethodBody,
  kept: { cardName: string | null; postalCode: string | null },
): { cardName: string; postalCode: string } {
  const name = cardNameField.safeParse(body.cardName ?? kept.cardName ?? '');
  const zip = postalCodeField.safeParse(body.postalCode ?? kept.postalCode ?? '');
  const fields: Record<string, string> = {};
  if (!name.success) fields.cardName = name.error.issues[0]!.message;
  if (!zip.success) fields.postalCode = zip.error.issues[0]!.message;
  const first = Object.values(fields)[0];
  if (first || !name.success || !zip.success) throw badRequest(first ?? billingMessages.unknownPaymentMethod, fields);
  return { cardName: name.data, postalCode: zip.data };
}

/**
 * POST /api/subscriptions/attach-payment-method/{memberID}: saves a card token (from the local card form or
 * Stripe.js) to the member's own customer. The issuer may refuse it here (402, its message). Attaching the
 * same token again answers the saved card.
 */
export async function attachPaymentMethod(
  ctx: BillingContext,
  actor: Actor,
  memberId: string,
  body: AttachPaymentMethodBody,
): Promise<{ card: SavedCard; created: boolean }> {
  const member = await requireAccess(ctx, actor, 'user.pay', [memberId]);
  const customerId = await ensureCustomerId(ctx, member);
  const provider = ctx.platform.payments;
  let details;
  try {
    details = await provider.attachPaymentMethod({ customerId, paymentMethodId: body.paymentMethodID });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw declined(error);
    if (error instanceof PaymentRequestError) throw paymentRequestFailure();
    throw error;
  }
  let holder;
  try {
    holder = cardHolderFields(body, details);
  } catch (error) {
    await provider.detachPaymentMethod(details.paymentMethodId);
    throw error;
  }
  const { card, created } = await saveCard(ctx.db, {
    userId: member.id,
    providerRef: details.paymentMethodId,
    brand: details.brand,
    last4: details.last4,
    expMonth: details.expMonth,
    expYear: details.expYear,
    ...holder,
  });
  return { card: presentCard(card), created };
}

/**
 * DELETE /api/subscriptions/payment-methods/{memberID}/{cardId}: the member removes a saved card; the
 * provider detaches it. A card that pays for a subscription that still renews is kept (409): the fan
 * cancels that subscription first (docs/billing.md).
 */
export async function removeSavedCard(
  ctx: BillingContext,
  actor: Actor,
  memberId: string,
  cardId: string,
): Promise<{ id: string; deleted: true }> {
  const member = await requireAccess(ctx, actor, 'user.pay', [memberId]);
  const card = await findCardOf(ctx.db, member.id, cardId.toLowerCase());
  if (!card) throw notFound(billingMessages.noSuchCard);
  if (await isCardPayingForRenewals(ctx.db, card.id)) throw conflict(billingMessages.cardPaysSubscription);
  await ctx.platform.payments.detachPaymentMethod(card.providerRef);
  await deleteCardRow(ctx.db, card.id);
  return { id: card.id, deleted: true };
}
