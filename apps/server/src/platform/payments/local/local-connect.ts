/**
 * The local provider's payout side, after Stripe Connect: payout accounts (Express accounts), single-use
 * onboarding links to our own page (`{PUBLIC_URL}/connect/onboarding/{linkId}`), and transfers, idempotent by
 * key like its charges. The onboarding page gives a bank account and a W-9 or W-8BEN; only the last four
 * digits of the account and tax id, the form's type, names, the typed signature and its time are kept.
 */
import crypto from 'node:crypto';
import type { LocalOnboardingInput } from '@hfm/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { localAccountLinks, localConnectAccounts, localTransfers } from '../../db/schema/payments.js';
import {
  PaymentRequestError,
  type PaymentProvider,
  type PayoutAccount,
  type TaxForm,
  type Transfer,
  type TransferInput,
} from '../provider.js';
import { assertSameRequest, metadataOf, missing, newId, requestHash } from './local-store.js';

/** An onboarding link is good for this long (Stripe's are good for minutes; ours wait for a form to be filled). */
export const ONBOARDING_LINK_TTL_MS = 60 * 60 * 1000;
/** Stripe's largest amount in one request; a transfer is at least a cent. */
const MAX_TRANSFER_CENTS = 99_999_999;

type AccountRow = typeof localConnectAccounts.$inferSelect;
type LinkRow = typeof localAccountLinks.$inferSelect;
type TransferRow = typeof localTransfers.$inferSelect;

/** A link id: 24 random bytes, so knowing it is the credential (the onboarding page's only key). */
const newLinkId = () => `acctlink_local_${crypto.randomBytes(24).toString('hex')}`;

/** What the account can do and still needs: a bank account enables payouts; the tax form completes the details. */
export function toPayoutAccount(row: AccountRow): PayoutAccount {
  const hasBank = row.bankLast4 !== null;
  const taxForm = (row.taxForm as TaxForm | null) ?? null;
  return {
    accountId: row.id,
    detailsSubmitted: hasBank && taxForm !== null,
    payoutsEnabled: hasBank,
    taxForm,
    bankLast4: row.bankLast4,
    requirements: [...(hasBank ? [] : ['external_account']), ...(taxForm ? [] : ['tax_form'])],
  };
}

function toTransfer(row: TransferRow): Transfer {
  return {
    transferId: row.id,
    accountId: row.accountId,
    amountCents: row.amountCents,
    currency: 'usd',
    createdAt: row.createdAt,
    metadata: metadataOf(row.metadata),
  };
}

/** An onboarding link that may still be used, with its account: what the page shows. */
export interface OnboardingLink {
  linkId: string;
  account: AccountRow;
  status: PayoutAccount;
  returnUrl: string;
  expiresAt: Date;
}

export type LocalConnect = Pick<
  PaymentProvider,
  'createPayoutAccount' | 'createPayoutAccountLink' | 'getPayoutAccount' | 'transfer'
> & {
  /** The link, while it is unexpired and not yet completed; null otherwise (the page's 404). */
  findOnboardingLink(linkId: string): Promise<OnboardingLink | null>;
  /**
   * Keeps what the holder gave on the page (last fours only) and spends the link. Null when the link is
   * unknown, expired or spent (two submissions at once: one wins).
   */
  completeOnboarding(linkId: string, input: LocalOnboardingInput): Promise<OnboardingLink | null>;
};

export function createLocalConnect(db: Database, now: () => Date, publicUrl: string): LocalConnect {
  async function findAccount(tx: Database, id: string): Promise<AccountRow> {
    const [row] = await tx.select().from(localConnectAccounts).where(eq(localConnectAccounts.id, id));
    if (!row) throw missing('account', id);
    return row;
  }

  async function usableLink(tx: Database, linkId: string, lock: boolean): Promise<LinkRow | null> {
    const query = tx
      .select()
      .from(localAccountLinks)
      .where(
        and(
          eq(localAccountLinks.id, linkId),
          isNull(localAccountLinks.completedAt),
          gt(localAccountLinks.expiresAt, now()),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async function onboardingLink(tx: Database, link: LinkRow): Promise<OnboardingLink> {
    const account = await findAccount(tx, link.accountId);
    return {
      linkId: link.id,
      account,
      status: toPayoutAccount(account),
      returnUrl: link.returnUrl,
      expiresAt: link.expiresAt,
    };
  }

  return {
    async createPayoutAccount({ idempotencyKey, ...params }) {
      const hash = requestHash('account.create', params);
      const byKey = async () => {
        const [row] = await db
          .select()
          .from(localConnectAccounts)
          .where(eq(localConnectAccounts.idempotencyKey, idempotencyKey));
        return row;
      };
      const earlier = await byKey();
      if (earlier) {
        assertSameRequest(earlier.requestHash, hash, idempotencyKey);
        return toPayoutAccount(earlier);
      }
      const [row] = await db
        .insert(localConnectAccounts)
        .values({
          id: newId('acct'),
          email: params.email,
          name: params.name,
          country: params.country.toUpperCase(),
          metadata: JSON.stringify({ artistId: params.artistId }),
          idempotencyKey,
          requestHash: hash,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: localConnectAccounts.idempotencyKey })
        .returning();
      // A concurrent call with this key made it first: the same account.
      const settled = row ?? (await byKey())!;
      assertSameRequest(settled.requestHash, hash, idempotencyKey);
      return toPayoutAccount(settled);
    },

    async createPayoutAccountLink({ accountId, returnUrl, refreshUrl }) {
      await findAccount(db, accountId);
      const id = newLinkId();
      const expiresAt = new Date(now().getTime() + ONBOARDING_LINK_TTL_MS);
      await db.insert(localAccountLinks).values({ id, accountId, returnUrl, refreshUrl, expiresAt, createdAt: now() });
      return { url: `${publicUrl}/connect/onboarding/${id}`, expiresAt };
    },

    async getPayoutAccount(accountId) {
      return toPayoutAccount(await findAccount(db, accountId));
    },

    async transfer(input: TransferInput) {
      const { idempotencyKey, ...params } = input;
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_TRANSFER_CENTS) {
        throw new PaymentRequestError(
          'invalid_amount',
          `A transfer must be a whole number of cents from 1 to ${MAX_TRANSFER_CENTS}.`,
        );
      }
      const hash = requestHash('transfer', { ...params, currency: params.currency ?? 'usd' });
      const byKey = async () => {
        const [row] = await db.select().from(localTransfers).where(eq(localTransfers.idempotencyKey, idempotencyKey));
        return row;
      };
      const earlier = await byKey();
      if (earlier) {
        assertSameRequest(earlier.requestHash, hash, idempotencyKey);
        return toTransfer(earlier);
      }
      const account = await findAccount(db, input.accountId);
      if (!toPayoutAccount(account).payoutsEnabled) {
        throw new PaymentRequestError(
          'payouts_not_enabled',
          `The account ${account.id} cannot receive transfers until it has a bank account.`,
        );
      }
      const [row] = await db
        .insert(localTransfers)
        .values({
          id: newId('tr'),
          accountId: account.id,
          amountCents: input.amountCents,
          currency: 'usd',
          description: input.description,
          metadata: JSON.stringify(input.metadata ?? {}),
          idempotencyKey,
          requestHash: hash,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: localTransfers.idempotencyKey })
        .returning();
      const settled = row ?? (await byKey())!;
      assertSameRequest(settled.requestHash, hash, idempotencyKey);
      return toTransfer(settled);
    },

    async findOnboardingLink(linkId) {
      const link = await usableLink(db, linkId, false);
      return link ? onboardingLink(db, link) : null;
    },

    async completeOnboarding(linkId, input) {
      return db.transaction(async (tx) => {
        const link = await usableLink(tx as unknown as Database, linkId, true);
        if (!link) return null;
        const at = now();
        const { bankAccount, taxForm } = input;
        await tx
          .update(localConnectAccounts)
          .set({
            ...(bankAccount
              ? {
                  bankAccountHolder: bankAccount.accountHolder,
                  bankLast4: bankAccount.accountNumber.slice(-4),
                  bankAddedAt: at,
                }
              : {}),
            ...(taxForm
              ? {
                  taxForm: taxForm.form,
                  taxName: taxForm.name,
                  taxBusinessName: taxForm.form === 'W-9' ? taxForm.businessName || null : null,
                  taxIdLast4: taxForm.form === 'W-9' ? taxForm.tin.slice(-4) : taxForm.foreignTin.slice(-4) || null,
                  taxSignature: taxForm.signature,
                  taxSignedAt: at,
                }
              : {}),
            updatedAt: at,
          })
          .where(eq(localConnectAccounts.id, link.accountId));
        await tx.update(localAccountLinks).set({ completedAt: at }).where(eq(localAccountLinks.id, link.id));
        return onboardingLink(tx as unknown as Database, { ...link, completedAt: at });
      });
    },
  };
}
