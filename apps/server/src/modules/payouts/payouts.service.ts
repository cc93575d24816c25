/** The admin's view of payouts: a period's payouts, the recent runs, and a run started by hand. */
import {
  DRY_RUN_MAX_ARTISTS,
  payoutMessages,
  periodCutoff,
  type AdminPayout,
  type AdminPayoutList,
  type HeldReason,
  type PayoutRun,
  type PayoutRunAccepted,
  type PayoutStatus,
  type PayoutTrigger,
  type RunPayoutsAnswer,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors/app-error.js';
import { withTransaction } from '../../platform/db/transaction.js';
import type { JobContext, JobOutcome } from '../../platform/jobs/job-queue.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { isGoing, runStatus, type RunStatus } from './payout-run-state.js';
import { PAYOUT_RUN_JOB, runPayouts } from './payout-run.service.js';
import {
  findRun,
  insertRun,
  listPayoutsOfPeriod,
  listRecentRuns,
  lockPeriodRuns,
  stopRunIfUnfinished,
  unfinishedAdminRuns,
  type PayoutRow,
  type PayoutRunRead,
  type PayoutRunRow,
} from './payouts.repository.js';

type AdminContext = Pick<AppContext, 'db' | 'platform' | 'jobs' | 'log' | 'config'>;

/** How many runs the admin screen lists. */
const RECENT_RUNS = 24;

/** A run as its record says (one the caller has just finished or queued); runStatus says it of any other. */
const recordedStatus = (row: PayoutRunRow): RunStatus => ({
  state: row.error ? 'stopped' : row.finishedAt ? 'finished' : 'queued',
  error: row.error,
});

export function presentRun(row: PayoutRunRow, status: RunStatus = recordedStatus(row)): PayoutRun {
  return {
    id: row.id,
    period: row.period,
    dryRun: row.dryRun,
    trigger: row.trigger as PayoutTrigger,
    state: status.state,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: row.counts,
    error: status.error,
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

/**
 * GET /api/admin/payout-runs: the latest runs, newest first, each as it is now (its job or its lease: a run whose
 * worker or process died shows stopped). A read: the worker's payout sweep records the dead ones (decision 0043).
 */
export async function listPayoutRuns(ctx: Pick<AppContext, 'db' | 'jobs'>, actor: Actor): Promise<PayoutRun[]> {
  requireAdmin(actor);
  const rows = await listRecentRuns(ctx.db, RECENT_RUNS);
  return Promise.all(rows.map(async (row) => presentRun(row, await runStatus(ctx, row))));
}

/**
 * POST /api/admin/payouts/run with `dryRun`: the plan, in the request. It asks the provider about each artist, so
 * it plans the first `maxArtists` (in id order) and says how many the month's run looks at in all.
 */
export async function planPayouts(
  ctx: AdminContext,
  actor: Actor,
  period: string,
  maxArtists = DRY_RUN_MAX_ARTISTS,
): Promise<RunPayoutsAnswer> {
  requireAdmin(actor);
  const result = await runPayouts(ctx, { period, dryRun: true, trigger: 'admin', maxArtists });
  return {
    run: presentRun(result.run),
    cutoff: result.cutoff.toISOString(),
    lines: result.lines,
    artistsPlanned: result.artistsExamined,
    artistsTotal: result.artistsTotal,
  };
}

/**
 * POST /api/admin/payouts/run: the period's run recorded and queued for the workers (the same runPayouts as the
 * schedule's), answered at once. While an admin's run of the period is queued or running, that run is answered
 * instead of a second one (two admins at once: the period's lock makes one wait for the other's commit).
 */
export async function startPayoutRun(
  ctx: AdminContext,
  actor: Actor,
  period: string,
  now = new Date(),
): Promise<PayoutRunAccepted> {
  requireAdmin(actor);
  const cutoff = periodCutoff(period);
  if (now < cutoff) throw conflict(payoutMessages.runBeforeWindow);
  // An unfinished run whose job ended without finishing it is not going (the sweep records it stopped). Its job
  // is asked before the transaction: on the embedded database the queue shares the one connection it holds.
  const dead = await deadRunIds(ctx, await unfinishedAdminRuns(ctx.db, period));
  const { going, queued } = await withTransaction(ctx, async (tx) => {
    await lockPeriodRuns(tx.db, period);
    const [going] = (await unfinishedAdminRuns(tx.db, period)).filter((run) => !dead.has(run.id));
    if (going) return { going };
    const queued = await insertRun(tx.db, { period, dryRun: false, trigger: 'admin', startedAt: now });
    await tx.jobs.send(PAYOUT_RUN_JOB, { runId: queued.id }, { id: queued.id, db: tx.db });
    return { queued };
  });
  if (queued) {
    ctx.jobs.wake(PAYOUT_RUN_JOB);
    return { run: presentRun(queued), cutoff: cutoff.toISOString(), alreadyRunning: false };
  }
  const run = presentRun(going!, await runStatus(ctx, going!));
  return { run, cutoff: cutoff.toISOString(), alreadyRunning: true };
}

async function deadRunIds(ctx: Pick<AppContext, 'jobs'>, rows: PayoutRunRead[]): Promise<Set<string>> {
  const dead = new Set<string>();
  for (const row of rows) if (!(await isGoing(ctx, row))) dead.add(row.id);
  return dead;
}

/**
 * The job's work: the queued run, paid as the schedule pays. A retry (the worker died, or an error with tries
 * left) runs it again from the start: what an earlier try paid counts as paid by this run, and is never paid twice.
 */
export async function workQueuedRun(
  ctx: AdminContext,
  runId: string,
  job: Pick<JobContext, 'signal' | 'isLastAttempt'>,
): Promise<JobOutcome> {
  const row = await findRun(ctx.db, runId);
  if (!row || row.finishedAt) return 'skipped';
  const { run } = await runPayouts(ctx, {
    period: row.period,
    dryRun: false,
    trigger: 'admin',
    run: row,
    signal: job.signal,
    finishOnError: job.isLastAttempt,
  });
  ctx.log.info({ period: run.period, runId, counts: run.counts }, 'payout run');
  return 'success';
}

/** The job will not be tried again: its run is marked stopped (unless it finished). */
export async function giveUpQueuedRun(ctx: Pick<AppContext, 'db'>, runId: string, reason: string): Promise<void> {
  await stopRunIfUnfinished(ctx.db, runId, `The run stopped: ${reason}`);
}
