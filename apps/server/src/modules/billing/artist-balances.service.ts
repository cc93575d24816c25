/**
 * The artists' side of the ledger, for the payout run (docs/payouts.md): what each artist is owed at a
 * period's cutoff, and the `artist_payout` row that records money sent. Payouts own their own records
 * (`payouts`); the money is only ever here, as rows: credits (+500 a paid year), debits (- a refund's or
 * dispute's share) and payouts (- what was sent) sum to what the artist is still owed.
 */
import { and, eq, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { ledgerEntries } from '../../platform/db/schema/billing.js';
import { insertLedgerRows } from './ledger.repository.js';

const EARNING_KINDS = ['artist_credit', 'artist_debit'];

export interface ArtistBalance {
  artistId: string;
  /** Credits and debits payable by the cutoff. */
  payableCents: number;
  /** Every payout sent so far (negative or 0). */
  paidOutCents: number;
  /** payable + paid out: what the artist is owed at the cutoff (may be 0 or, after debits, negative). */
  owedCents: number;
}

/**
 * Every artist with earnings or payouts in the ledger (or only those named), and what each is owed at
 * `cutoff`: credits and debits payable by then, less every payout ever sent. One grouped query.
 */
export async function payableArtistBalances(
  db: Database,
  cutoff: Date,
  artistIds?: string[],
): Promise<ArtistBalance[]> {
  if (artistIds && artistIds.length === 0) return [];
  const rows = await db
    .select({
      artistId: ledgerEntries.artistId,
      payable: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${inArray(ledgerEntries.kind, EARNING_KINDS)} and ${lte(ledgerEntries.payableFrom, cutoff)}), 0)`,
      paidOut: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${eq(ledgerEntries.kind, 'artist_payout')}), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        isNotNull(ledgerEntries.artistId),
        inArray(ledgerEntries.kind, [...EARNING_KINDS, 'artist_payout']),
        artistIds ? inArray(ledgerEntries.artistId, artistIds) : undefined,
      ),
    )
    .groupBy(ledgerEntries.artistId)
    .orderBy(ledgerEntries.artistId);
  return rows.map((row) => {
    const payableCents = Number(row.payable);
    const paidOutCents = Number(row.paidOut);
    return { artistId: row.artistId!, payableCents, paidOutCents, owedCents: payableCents + paidOutCents };
  });
}

/** When the first artist credit became payable: the first period a payout run has anything to pay. */
export async function firstPayableEarningAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(ledgerEntries.payableFrom) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.kind, 'artist_credit'));
  return row?.first ?? null;
}

export interface ArtistPayoutEntry {
  artistId: string;
  amountCents: number;
  provider: string;
  /** The provider's transfer id: one row per transfer, whoever writes it first. */
  transferId: string;
  period: string;
  paidAt: Date;
}

/**
 * The ledger row of money sent to an artist: minus the amount, keyed by the transfer id, so the same transfer
 * recorded twice (two runs, a retry after a crash) is one row. Answers whether this call wrote it.
 */
export async function recordArtistPayout(db: Database, entry: ArtistPayoutEntry): Promise<boolean> {
  const added = await insertLedgerRows(db, [
    {
      kind: 'artist_payout',
      amountCents: -Math.abs(entry.amountCents),
      artistId: entry.artistId,
      provider: entry.provider,
      providerRefId: entry.transferId,
      description: `Payout for ${entry.period}`,
      createdAt: entry.paidAt,
    },
  ]);
  return added.length === 1;
}

/** An artist's ledger in three sums: earned, taken back, paid out (the earnings page and the balance checks). */
export async function artistLedgerTotals(
  db: Database,
  artistId: string,
): Promise<{ creditsCents: number; debitsCents: number; payoutsCents: number }> {
  const [row] = await db
    .select({
      credits: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${eq(ledgerEntries.kind, 'artist_credit')}), 0)`,
      debits: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${eq(ledgerEntries.kind, 'artist_debit')}), 0)`,
      payouts: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${eq(ledgerEntries.kind, 'artist_payout')}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.artistId, artistId));
  return {
    creditsCents: Number(row?.credits ?? 0),
    debitsCents: Number(row?.debits ?? 0),
    payoutsCents: Number(row?.payouts ?? 0),
  };
}
