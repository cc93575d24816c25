/**
 * The earnings statement and the revenue report as CSV (csv-stringify quotes what needs it). The statement
 * is streamed a page of ledger rows at a time, so an artist with millions of rows costs one page of memory.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';
import { formatUsd, monthOf, type RevenueFigures, type RevenueReport } from '@hfm/shared';
import type { Database } from '../../platform/db/client.js';
import { listArtistLedgerPage, type LedgerRow, type PayoutRow } from './earnings.repository.js';

const PAGE_SIZE = 1000;

/** The 'Amount (USD)' columns: dollars with two decimals, no sign or separator (-500 is '-5.00'). */
const dollars = (cents: number) => formatUsd(cents, { symbol: false, grouping: false });

export const STATEMENT_COLUMNS = [
  'Date (UTC)',
  'Type',
  'Description',
  'Subscription year',
  'Amount (USD)',
  'Amount (cents)',
  'Payout period',
] as const;

const LEDGER_TYPES: Record<string, string> = {
  artist_credit: 'credit',
  artist_debit: 'debit',
  artist_payout: 'payout',
};

const HELD_REASON_TEXT: Record<string, string> = {
  no_account: 'no payout account',
  onboarding_incomplete: 'payout account not finished',
  no_tax_form: 'no tax form',
};

type Line = string[];

/** A ledger row: money moved, with the payout period it belongs to (a payout's own, an earning's first). */
function ledgerLine(row: LedgerRow, periodOfTransfer: Map<string, string>): Line {
  const period =
    (row.kind === 'artist_payout' && row.providerRefId && periodOfTransfer.get(row.providerRefId)) ||
    monthOf(row.payableFrom ?? row.createdAt);
  return [
    row.createdAt.toISOString(),
    LEDGER_TYPES[row.kind] ?? row.kind,
    row.description,
    row.termNumber === null ? '' : String(row.termNumber),
    dollars(row.amountCents),
    String(row.amountCents),
    period,
  ];
}

/** A payout that moved no money (held, being made, failed): its amount in words, the amount columns empty. */
function recordLine(record: PayoutRow): Line {
  const amount = formatUsd(record.amountCents, { grouping: false });
  const description =
    record.status === 'held'
      ? `Payout of ${amount} held: ${HELD_REASON_TEXT[record.heldReason ?? ''] ?? record.heldReason ?? 'on hold'}`
      : record.status === 'failed'
        ? `Payout of ${amount} failed`
        : `Payout of ${amount} being made`;
  return [record.createdAt.toISOString(), `payout ${record.status}`, description, '', '', '', record.period];
}

/**
 * The statement's lines in time order: the artist's ledger rows page by page, with the payouts that moved no
 * money merged in by date (at most one per month, read beforehand).
 */
async function* statementLines(db: Database, artistId: string, records: PayoutRow[]): AsyncGenerator<Line> {
  const periodOfTransfer = new Map(
    records.flatMap((record) => (record.transferId ? [[record.transferId, record.period] as const] : [])),
  );
  const waiting = records
    .filter((record) => record.status !== 'paid')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await listArtistLedgerPage(db, artistId, after, PAGE_SIZE);
    for (const row of page) {
      while (waiting[0] && waiting[0].createdAt < row.createdAt) yield recordLine(waiting.shift()!);
      yield ledgerLine(row, periodOfTransfer);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  for (const record of waiting) yield recordLine(record);
}

/**
 * The statement as a CSV stream with its header row. A database error midway ends the stream with that
 * error (the response is cut short, never a complete-looking file) and is logged; a client that goes away
 * stops the reading of pages.
 */
export function statementCsv(
  db: Database,
  artistId: string,
  records: PayoutRow[],
  onError: (error: Error) => void,
): Readable {
  const csv = stringify({ header: true, columns: [...STATEMENT_COLUMNS] });
  pipeline(Readable.from(statementLines(db, artistId, records)), csv, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(error);
  });
  return csv;
}

export const REVENUE_COLUMNS = [
  'Month',
  'Gross (USD)',
  'Refunds (USD)',
  'Disputes (USD)',
  'Net (USD)',
  "Artists' share (USD)",
  'Provider fees (USD)',
  'Platform (USD)',
  'Payouts (USD)',
  'New subscriptions',
  'Renewals',
] as const;

function revenueLine(label: string, figures: RevenueFigures): Line {
  return [
    label,
    dollars(figures.grossCents),
    dollars(figures.refundsCents),
    dollars(figures.disputesCents),
    dollars(figures.netCents),
    dollars(figures.artistShareCents),
    dollars(figures.providerFeesCents),
    dollars(figures.platformCents),
    dollars(figures.payoutsCents),
    String(figures.newSubscriptions),
    String(figures.renewals),
  ];
}

/** The report as CSV: a header, a line per month, and the totals (at most 120 months: built whole). */
export function revenueCsv(report: RevenueReport): string {
  return stringifyAll(
    [...report.months.map((month) => revenueLine(month.month, month)), revenueLine('Total', report.totals)],
    { header: true, columns: [...REVENUE_COLUMNS] },
  );
}
