/** The admin's view of payouts: a period's payouts, the recent runs, and a run started by hand. */
import {
  periodCutoff,
  type AdminPayout,
  type AdminPayoutList,
  type HeldReason,
  type PayoutRun,
  type PayoutStatus,
  type PayoutTrigger,
  type RunPayoutsAnswer,
  type RunPayoutsBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { forbidden, unauthenticated } from '../../errors/app-error.js';
import type { Actor } from '../access/permissions.js';
import { isAdmin } from '../access/permissions.js';
import { findArtistById } from '../artists/artists.service.js';
import { runPayouts } from './payout-run.service.js';
import { listPayoutsOfPeriod, listRecentRuns, type PayoutRow, type PayoutRunRow } from './payouts.repository.js';

type AdminContext = Pick<AppContext, 'db' | 'platform' | 'jobs' | 'log'>;

/** How many runs the admin screen lists. */
const RECENT_RUNS = 24;

/** The admin routes are declared `access: 'admin'`; the services say so too, so no other caller slips past. */
function requireAdmin(actor: Actor): void {
  if (!actor) throw unauthenticated();
  if (!isAdmin(actor)) throw forbidden();
}

export function presentRun(row: PayoutRunRow): PayoutRun {
  return {
    id: row.id,
    period: row.period,
    dryRun: row.dryRun,
    trigger: row.trigger as PayoutTrigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: row.counts,
    error: row.error,
  };
}

async function artistNames(ctx: Pick<AppContext, 'db'>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = await Promise.all(unique.map(async (id) => [id, (await findArtistById(ctx.db, id))?.name] as const));
  return new Map(names.map(([id, name]) => [id, name ?? '(deleted artist)']));
}

function presentPayout(row: PayoutRow, artistName: string): AdminPayout {
  return {
    id: row.id,
    artistID: row.artistId,
    artistName,
    period: row.period,
    status: row.status as PayoutStatus,
    amountCents: row.amountCents,
    heldReason: (row.heldReason as HeldReason | null) ?? null,
    failureMessage: row.failureMessage,
    transferID: row.transferId,
    attempt: row.attempt,
    paidAt: row.paidAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/payouts?period=: the period's payouts, by artist name, with totals by status. */
export async function listPeriodPayouts(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  period: string,
): Promise<AdminPayoutList> {
  requireAdmin(actor);
  const rows = await listPayoutsOfPeriod(ctx.db, period);
  const names = await artistNames(
    ctx,
    rows.map((row) => row.artistId),
  );
  const payouts = rows
    .map((row) => presentPayout(row, names.get(row.artistId) ?? ''))
    .sort((a, b) => a.artistName.localeCompare(b.artistName) || a.artistID.localeCompare(b.artistID));
  const total = (status: PayoutStatus) =>
    rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.amountCents, 0);
  return {
    period,
    cutoff: periodCutoff(period).toISOString(),
    payouts,
    totals: {
      paidCents: total('paid'),
      heldCents: total('held'),
      failedCents: total('failed'),
      pendingCents: total('pending'),
    },
  };
}

/** GET /api/admin/payout-runs: the latest runs, newest first. */
export async function listPayoutRuns(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<PayoutRun[]> {
  requireAdmin(actor);
  return (await listRecentRuns(ctx.db, RECENT_RUNS)).map(presentRun);
}

/** POST /api/admin/payouts/run: the period run now (or planned, dry); running it again pays nothing twice. */
export async function runPayoutsNow(
  ctx: AdminContext,
  actor: Actor,
  body: { period: string; dryRun: boolean } | RunPayoutsBody,
): Promise<RunPayoutsAnswer> {
  requireAdmin(actor);
  const { run, cutoff, lines } = await runPayouts(ctx, {
    period: body.period,
    dryRun: body.dryRun ?? false,
    trigger: 'admin',
  });
  return { run: presentRun(run), cutoff: cutoff.toISOString(), lines };
}
