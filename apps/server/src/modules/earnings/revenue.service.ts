/**
 * The admin's revenue report (docs/earnings.md): the ledger summed per UTC month, in one statement for the
 * whole range. Admins only.
 */
import {
  addMonths,
  earningsMessages,
  monthOf,
  monthsBetween,
  REVENUE_MAX_MONTHS,
  type RevenueFigures,
  type RevenueQuery,
  type RevenueReport,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors/app-error.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { revenueCsv } from './earnings.csv.js';
import { readRevenueMonths, type RevenueRow } from './earnings.repository.js';

const DEFAULT_MONTHS = 12;

/** The range asked for: `to` this UTC month unless given, `from` eleven months before `to` unless given. */
function rangeOf(query: RevenueQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? monthOf(now);
  const from = query.from ?? addMonths(to, 1 - DEFAULT_MONTHS);
  const months = monthsBetween(from, to);
  if (months < 1) throw badRequest(earningsMessages.monthOrder, { from: earningsMessages.monthOrder });
  if (months > REVENUE_MAX_MONTHS)
    throw badRequest(earningsMessages.tooManyMonths, { from: earningsMessages.tooManyMonths });
  return { from, to };
}

/** Net, the platform's part, from the sums: net = gross - refunds - disputes; platform = net - artists - fees. */
function figuresOf(row: Omit<RevenueRow, 'month'>): RevenueFigures {
  const netCents = row.grossCents - row.refundsCents - row.disputesCents;
  return {
    grossCents: row.grossCents,
    refundsCents: row.refundsCents,
    disputesCents: row.disputesCents,
    netCents,
    artistShareCents: row.artistShareCents,
    providerFeesCents: row.providerFeesCents,
    platformCents: netCents - row.artistShareCents - row.providerFeesCents,
    newSubscriptions: row.newSubscriptions,
    renewals: row.renewals,
    payoutsCents: row.payoutsCents,
  };
}

function totalOf(rows: RevenueRow[]): Omit<RevenueRow, 'month'> {
  const total = {
    grossCents: 0,
    refundsCents: 0,
    disputesCents: 0,
    artistShareCents: 0,
    providerFeesCents: 0,
    payoutsCents: 0,
    newSubscriptions: 0,
    renewals: 0,
  };
  for (const row of rows) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
  return total;
}

/** GET /api/admin/revenue. */
export async function getRevenueReport(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  query: RevenueQuery,
  now: Date = new Date(),
): Promise<RevenueReport> {
  requireAdmin(actor);
  const { from, to } = rangeOf(query, now);
  const rows = await readRevenueMonths(ctx.db, from, to);
  return {
    from,
    to,
    months: rows.map((row) => ({ month: row.month, ...figuresOf(row) })),
    totals: figuresOf(totalOf(rows)),
  };
}

/** GET /api/admin/revenue.csv: the same report, a line per month and the totals. */
export async function getRevenueCsv(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  query: RevenueQuery,
  now: Date = new Date(),
): Promise<{ fileName: string; csv: string }> {
  const report = await getRevenueReport(ctx, actor, query, now);
  return { fileName: `hfm-revenue-${report.from}-to-${report.to}.csv`, csv: revenueCsv(report) };
}
