/**
 * An artist's payout account (docs/payouts.md, "Payout accounts"): made once at the provider with the key
 * `payout-account:{artistId}`, kept in `payout_accounts` and as the artist's paymentServiceID, onboarded through
 * the provider's link (local: our own page; Stripe: Connect's hosted onboarding), and its status asked afresh
 * and cached whenever it is shown or money is about to move.
 */
import {
  payoutMessages,
  type AccountLinkAnswer,
  type CreateConnectAccountBody,
  type PayoutAccountStatus,
  type RetrieveConnectAccountAnswer,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict } from '../../errors/app-error.js';
import { PaymentRequestError, type PayoutAccount, type ProviderEvent } from '../../platform/payments/provider.js';
import { requireAccess, type Actor } from '../access/index.js';
import { findArtistById, setPaymentServiceId } from '../artists/index.js';
import { findUser } from '../users/index.js';
import {
  cachePayoutAccountStatus,
  findPayoutAccount,
  savePayoutAccount,
  type PayoutAccountRow,
} from './payouts.repository.js';

type AccountsContext = Pick<AppContext, 'db' | 'platform' | 'config' | 'log'>;

/** The provider's key for an artist's account: two calls at once make one account (decision 0013, section 4). */
export const payoutAccountKey = (artistId: string) => `payout-account:${artistId}`;

/** Where onboarding sends the artist back to (finished, or the link expired): the studio's Payouts tab. */
export const studioPayoutsUrl = (publicUrl: string) => `${publicUrl}/artist/#payouts`;

export function presentPayoutAccount(row: PayoutAccountRow): PayoutAccountStatus {
  return {
    artistID: row.artistId,
    provider: row.provider,
    accountID: row.accountId,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    taxForm: (row.taxForm as PayoutAccountStatus['taxForm']) ?? null,
    bankLast4: row.bankLast4,
    requirements: row.requirements,
    ready: row.payoutsEnabled && row.taxForm !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The artist's account at the configured provider; one made at another provider (since switched away) is none. */
async function currentAccount(ctx: AccountsContext, artistId: string): Promise<PayoutAccountRow | null> {
  const row = await findPayoutAccount(ctx.db, artistId);
  return row && row.provider === ctx.platform.payments.name ? row : null;
}

/**
 * POST /api/artists/create-connect-account: the artist's own account (an admin names `artistID`). Made once: a
 * second call, or two at once, answer the same account. Answers whether this call made it.
 */
export async function createConnectAccount(
  ctx: AccountsContext,
  actor: Actor,
  body: CreateConnectAccountBody,
): Promise<{ account: PayoutAccountStatus; created: boolean }> {
  const artistId = (body?.artistID ?? actor?.artistId ?? '').toLowerCase();
  if (!artistId) throw badRequest(payoutMessages.artistForAdmin, { artistID: payoutMessages.artistForAdmin });
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const existing = await currentAccount(ctx, artistId);
  if (existing) return { account: presentPayoutAccount(existing), created: false };

  const artist = (await findArtistById(ctx.db, artistId))!;
  const user = await findUser(ctx.db, artist.userId);
  const country = body?.country ?? 'US';
  const payments = ctx.platform.payments;
  let status: PayoutAccount;
  try {
    status = await payments.createPayoutAccount({
      artistId,
      email: user?.email ?? '',
      name: artist.name,
      country,
      idempotencyKey: payoutAccountKey(artistId),
    });
  } catch (error) {
    // The same key with another country: a first call (another tab, another admin) is making it.
    if (error instanceof PaymentRequestError && error.code === 'idempotency_key_reused') {
      throw conflict(payoutMessages.accountUnderWay);
    }
    throw error;
  }
  const { row, created } = await savePayoutAccount(ctx.db, { artistId, provider: payments.name, country, status });
  await setPaymentServiceId(ctx.db, artistId, row.accountId);
  return { account: presentPayoutAccount(row), created };
}

/** POST /api/artists/create-account-link/{id}: a fresh onboarding link, back to the studio's Payouts tab. */
export async function createAccountLink(
  ctx: AccountsContext,
  actor: Actor,
  artistId: string,
): Promise<AccountLinkAnswer> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const row = await currentAccount(ctx, artistId);
  if (!row) throw conflict(payoutMessages.noAccount);
  const back = studioPayoutsUrl(ctx.config.publicUrl);
  const link = await ctx.platform.payments.createPayoutAccountLink({
    accountId: row.accountId,
    returnUrl: back,
    refreshUrl: back,
  });
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/**
 * The account's status asked afresh from the provider and cached. When the provider cannot be asked now, the
 * cached status is answered (and the failure logged): the studio still shows what we last knew.
 */
export async function refreshPayoutAccount(ctx: AccountsContext, row: PayoutAccountRow): Promise<PayoutAccountRow> {
  try {
    const status = await ctx.platform.payments.getPayoutAccount(row.accountId);
    return (await cachePayoutAccountStatus(ctx.db, row.provider, status)) ?? row;
  } catch (error) {
    ctx.log.warn({ err: error, artistId: row.artistId }, 'payout account status could not be refreshed');
    return row;
  }
}

/** GET /api/artists/retrieve-connect-account/{id}: the account's status now, or `account: null` while there is none. */
export async function retrieveConnectAccount(
  ctx: AccountsContext,
  actor: Actor,
  artistId: string,
): Promise<RetrieveConnectAccountAnswer> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const row = await currentAccount(ctx, artistId);
  if (!row) return { artistID: artistId, account: null };
  return { artistID: artistId, account: presentPayoutAccount(await refreshPayoutAccount(ctx, row)) };
}

/** Why an artist cannot be paid now, or null when they can: asked afresh of the provider (and cached). */
export type Eligibility =
  { ok: true; accountId: string } | { ok: false; reason: 'no_account' | 'onboarding_incomplete' | 'no_tax_form' };

export async function payoutEligibility(
  ctx: Pick<AppContext, 'db' | 'platform'>,
  artistId: string,
  options: { cache: boolean },
): Promise<Eligibility> {
  const payments = ctx.platform.payments;
  const row = await findPayoutAccount(ctx.db, artistId);
  if (!row || row.provider !== payments.name) return { ok: false, reason: 'no_account' };
  let status: PayoutAccount;
  try {
    status = await payments.getPayoutAccount(row.accountId);
  } catch (error) {
    if (error instanceof PaymentRequestError && error.code === 'resource_missing') {
      return { ok: false, reason: 'no_account' };
    }
    throw error;
  }
  if (options.cache) await cachePayoutAccountStatus(ctx.db, row.provider, status);
  if (!status.payoutsEnabled) return { ok: false, reason: 'onboarding_incomplete' };
  if (!status.taxForm) return { ok: false, reason: 'no_tax_form' };
  return { ok: true, accountId: row.accountId };
}

/**
 * The provider's `payout_account.updated` event (Stripe: account.updated), inside billing's webhook transaction:
 * the cached status of the account it names, if it is one of ours.
 */
export async function applyPayoutAccountEvent(
  ctx: Pick<AppContext, 'db' | 'platform'>,
  event: Extract<ProviderEvent, { type: 'payout_account.updated' }>,
): Promise<void> {
  await cachePayoutAccountStatus(ctx.db, ctx.platform.payments.name, event.account);
}
