/**
 * Receipts (docs/billing.md, "Receipts"): every first charge, renewal, refund, dispute and refused renewal is
 * recorded as a receipt, in the transaction that records the money (or the refusal), and mailed once from a
 * job. The fan lists them on the Account page and opens each one as a printable page.
 */
import type { PagedPaymentReceipts, PageQuery, PaymentReceipt, ReceiptKind } from '@hfm/shared';
import { billingMessages, paginate } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/app-error.js';
import { paymentReceiptMail } from './billing.mails.js';
import { requireAccess, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { findUser } from '../users/index.js';
import { findCardByRef, findCardsByIds, type CardRow } from './cards.repository.js';
import type { LedgerRow } from './ledger.repository.js';
import {
  claimReceiptMail,
  findReceipt,
  findReceiptBySource,
  insertReceipt,
  listReceiptsOfMember,
  releaseReceiptMail,
  type ReceiptRow,
} from './receipts.repository.js';

export const RECEIPT_MAIL_JOB = 'billing.receipt-mail';

type WriteContext = Pick<AppContext, 'db' | 'jobs'>;

/** What happened, as the place that records it knows it. */
export interface ReceiptEvent {
  kind: ReceiptKind;
  /** What it records, once: `ledgerSource(row)` for money that moved, the provider's attempt key for a refusal. */
  sourceKey: string;
  subscription: { id: string; memberId: string; artistId: string; paymentMethodId: string | null };
  amountCents: number;
  /** The provider's token of the card charged, when it said (else the subscription's card). */
  cardRef?: string | null;
  termNumber: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  failureReason?: string | null;
  retryAt?: Date | null;
  at: Date;
  /** What the caller read already in this request (the card charged, the artist's name): not read again. */
  known?: { card?: Pick<CardRow, 'brand' | 'last4'>; artistName?: string };
}

/** The source key of money recorded as a ledger row (the charge, refund or dispute row). */
export const ledgerSource = (ledgerRowId: string) => `ledger:${ledgerRowId}`;

/**
 * Records the receipt of `event` and queues its mail, inside the caller's transaction (the mail exists only
 * if the money's rows commit). The same source recorded again (a retried write, our call and the provider's
 * event both) adds nothing and mails nothing. Every path that records a charge, renewal, refund, dispute or
 * refused renewal calls this (the reconciliation of interrupted first charges too).
 */
export async function recordPaymentReceipt(tx: WriteContext, event: ReceiptEvent): Promise<ReceiptRow | null> {
  const card = event.known?.card ?? (await cardOf(tx, event));
  const artistName = event.known?.artistName ?? (await findArtistById(tx.db, event.subscription.artistId))?.name ?? '';
  const row = await insertReceipt(tx.db, {
    kind: event.kind,
    sourceKey: event.sourceKey,
    memberId: event.subscription.memberId,
    subscriptionId: event.subscription.id,
    artistId: event.subscription.artistId,
    artistName,
    amountCents: Math.abs(event.amountCents),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    termNumber: event.termNumber,
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
    failureReason: event.failureReason ?? null,
    retryAt: event.retryAt ?? null,
    createdAt: event.at,
  });
  if (row) await queueReceiptMail(tx, row);
  return row;
}

/** One job per receipt (its id is the job's): sent in the caller's transaction. */
async function queueReceiptMail(tx: WriteContext, row: ReceiptRow): Promise<void> {
  await tx.jobs.send(RECEIPT_MAIL_JOB, { receiptId: row.id }, { db: tx.db, id: row.id });
}

/**
 * A paid term (a first year or a renewal): its receipt, when this write added the term's charge row (`added`:
 * what insertLedgerRows answered). A term learnt of before adds no row, so no second receipt.
 */
export async function recordTermReceipt(
  tx: WriteContext,
  kind: 'charge' | 'renewal',
  subscription: ReceiptEvent['subscription'] & { currentPeriodStart: Date; currentPeriodEnd: Date },
  added: LedgerRow[],
  cardRef: string | null,
  known?: ReceiptEvent['known'],
): Promise<void> {
  const charge = added.find((row) => row.kind === 'charge');
  if (!charge) return;
  await recordPaymentReceipt(tx, {
    kind,
    sourceKey: ledgerSource(charge.id),
    subscription,
    amountCents: charge.amountCents,
    cardRef,
    termNumber: charge.termNumber,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    at: charge.createdAt,
    ...(known ? { known } : {}),
  });
}

/**
 * Money given back on a charge (`moneyBack`: the refund or dispute row just added): its receipt, with the
 * card and term of the charge's own receipt.
 */
export async function recordMoneyBackReceipt(
  tx: WriteContext,
  moneyBack: LedgerRow,
  charge: LedgerRow | null,
): Promise<void> {
  if (!charge?.memberId || !charge.artistId || !charge.subscriptionId) return;
  const paid = await findReceiptBySource(tx.db, ledgerSource(charge.id));
  const row = await insertReceipt(tx.db, {
    kind: moneyBack.kind,
    sourceKey: ledgerSource(moneyBack.id),
    memberId: charge.memberId,
    subscriptionId: charge.subscriptionId,
    artistId: charge.artistId,
    artistName: paid?.artistName ?? (await findArtistById(tx.db, charge.artistId))?.name ?? '',
    amountCents: Math.abs(moneyBack.amountCents),
    cardBrand: paid?.cardBrand ?? null,
    cardLast4: paid?.cardLast4 ?? null,
    termNumber: charge.termNumber,
    periodStart: paid?.periodStart ?? null,
    periodEnd: paid?.periodEnd ?? null,
    createdAt: moneyBack.createdAt,
  });
  if (row) await queueReceiptMail(tx, row);
}

async function cardOf(tx: WriteContext, event: ReceiptEvent): Promise<Pick<CardRow, 'brand' | 'last4'> | null> {
  if (event.cardRef) {
    const card = await findCardByRef(tx.db, event.subscription.memberId, event.cardRef);
    if (card) return card;
  }
  if (!event.subscription.paymentMethodId) return null;
  const [card] = await findCardsByIds(tx.db, [event.subscription.paymentMethodId]);
  return card ?? null;
}

/** 'HFM-2026-000123': the year it was made and its running number. */
export function receiptNumber(row: Pick<ReceiptRow, 'createdAt' | 'number'>): string {
  return `HFM-${row.createdAt.getUTCFullYear()}-${String(row.number).padStart(6, '0')}`;
}

export function presentReceipt(row: ReceiptRow): PaymentReceipt {
  return {
    id: row.id,
    number: receiptNumber(row),
    kind: row.kind as ReceiptKind,
    amountCents: row.amountCents,
    currency: row.currency,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    subscriptionID: row.subscriptionId,
    artistID: row.artistId,
    artistName: row.artistName,
    termNumber: row.termNumber,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    failureReason: row.failureReason,
    retryAt: row.retryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The job: mails the receipt once. False (skipped) when it was mailed already or there is no live member to tell. */
export async function sendReceiptMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  receiptId: string,
): Promise<boolean> {
  const receipt = await findReceipt(ctx.db, receiptId);
  const member = receipt ? await findUser(ctx.db, receipt.memberId) : null;
  if (!receipt || !member || member.status === 'DELETED') return false;
  if (!(await claimReceiptMail(ctx.db, receipt.id))) return false;
  try {
    await ctx.mailer.send(
      paymentReceiptMail({
        ...receipt,
        kind: receipt.kind as ReceiptKind,
        to: member.email,
        firstName: member.firstName,
        number: receiptNumber(receipt),
        artistName: receipt.artistName || 'your artist',
        receiptUrl: `${ctx.config.publicUrl}/members/account/receipts/${receipt.id}`,
      }),
    );
  } catch (error) {
    await releaseReceiptMail(ctx.db, receipt.id);
    throw error;
  }
  return true;
}

/** GET /api/subscriptions/payments/{memberID}: the member themself, or an admin; newest first. */
export async function listMemberReceipts(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  memberId: string,
  query: PageQuery,
): Promise<PagedPaymentReceipts> {
  await requireAccess(ctx, actor, 'user.billing', [memberId]);
  const { rows, total } = await listReceiptsOfMember(ctx.db, memberId.toLowerCase(), {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { items: rows.map(presentReceipt), pagination: paginate(query.page, query.limit, total) };
}

/** GET /api/subscriptions/receipts/{id}: its member, or an admin; to others it does not exist. */
export async function getReceipt(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  receiptId: string,
): Promise<PaymentReceipt> {
  const id = receiptId.toLowerCase();
  await requireAccess(ctx, actor, 'receipt.view', [id]);
  const row = await findReceipt(ctx.db, id);
  if (!row) throw notFound(billingMessages.noSuchReceipt);
  return presentReceipt(row);
}
