/**
 * The monthly payout run (docs/payouts.md; decision 0023). A period 'YYYY-MM' pays each artist what became
 * payable by the 22nd 00:00 UTC of that month, less what was paid (or is on its way) already. Exactly once per
 * artist and period, whatever runs overlap or crash:
 *
 * 1. one transaction per artist, under an advisory lock for that artist, makes or reads the (artist, period)
 *    row: paid, nothing to do; not eligible (no account, onboarding unfinished, no tax form), `held` with the
 *    reason; else `pending` with the key `payout:{artistId}:{period}:attempt:{n}`;
 * 2. outside any transaction, the provider's `transfer` with that key (the same key, the same transfer);
 * 3. one transaction marks the row `paid` only if it is still pending at that attempt, and writes the ledger's
 *    `artist_payout` row (unique by transfer id) and the mail.
 *
 * A refusal marks the row `failed` (a later run of the period takes the next attempt's key); an unknown error
 * leaves it pending, and the next run asks again with the same key, so the provider answers the same transfer.
 */
import {
  isValidPeriod,
  NO_PAYOUT_COUNTS,
  payoutMessages,
  periodCutoff,
  type HeldReason,
  type PayoutOutcome,
  type PayoutRunCounts,
  type PayoutRunLine,
  type PayoutTrigger,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict } from '../../errors/app-error.js';
import { withTransaction } from '../../platform/db/transaction.js';
import { LEASE_HEARTBEATS } from '../../platform/jobs/lease.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import { findArtistById } from '../artists/index.js';
import { payableArtistBalances, recordArtistPayout } from '../billing/index.js';
import { payoutEligibility, type Eligibility } from './payout-accounts.service.js';
import { countPayouts } from './payouts.metrics.js';
import {
  finishRun,
  findPayout,
  insertRun,
  lockArtistPayouts,
  renewRunLease,
  sumPendingElsewhere,
  artistsWithPayoutIn,
  updatePayout,
  upsertPayout,
  type PayoutRow,
  type PayoutRunRow,
} from './payouts.repository.js';

export const PAYOUT_MAIL_JOB = 'payouts.paid-mail';
/** An admin's run of a period, worked by the workers (decision 0039): the payload names its `payout_runs` row. */
export const PAYOUT_RUN_JOB = 'payouts.run';

type RunContext = Pick<AppContext, 'db' | 'platform' | 'jobs' | 'log' | 'config'>;

/** Why a run stops when its heartbeat finds it recorded stopped (a sweep took it for dead: decision 0043). */
export const RUN_LEASE_LOST = 'The run was recorded stopped while it went on (its heartbeat was late); it stopped.';

/** A line for an artist whose payout an earlier try of this same run recorded paid (counted once, by the run). */
export const PAID_BY_EARLIER_TRY = 'Paid by an earlier try of this run.';

/** The provider's key for one attempt at one artist's payout of one period (decision 0013, section 4). */
export const payoutKey = (artistId: string, period: string, attempt: number) =>
  `payout:${artistId}:${period}:attempt:${attempt}`;

export interface RunOptions {
  period: string;
  dryRun: boolean;
  trigger: PayoutTrigger;
  /** The run's clock: a real run refuses a period whose window has not opened by then. */
  now?: Date;
  /** The run's record made already (an admin's queued run); otherwise one is made. */
  run?: PayoutRunRow;
  /** Look at no more than this many artists (in id order): the admin's dry run, answered in a request. */
  maxArtists?: number;
  /** Stops the run between two artists (the job's budget ran out, or its worker is stopping). */
  signal?: AbortSignal;
  /** Whether an error that stops the run marks its record stopped (default); a job with retries left does not. */
  finishOnError?: boolean;
}

export interface RunResult {
  run: PayoutRunRow;
  cutoff: Date;
  lines: PayoutRunLine[];
  /** The artists looked at, and how many the period's run looks at in all (more when maxArtists cut it). */
  artistsExamined: number;
  artistsTotal: number;
}

/** Pays (or, dry, plans) the period for every artist with something owed or a payout left unpaid. */
export async function runPayouts(ctx: RunContext, options: RunOptions): Promise<RunResult> {
  const { period, dryRun, trigger } = options;
  if (!isValidPeriod(period)) throw badRequest(payoutMessages.period, { period: payoutMessages.period });
  const cutoff = periodCutoff(period);
  const now = options.now ?? new Date();
  if (!dryRun && now < cutoff) throw conflict(payoutMessages.runBeforeWindow);
  const beatSeconds = ctx.config.jobHeartbeatSeconds;
  const run =
    options.run ??
    (await insertRun(ctx.db, { period, dryRun, trigger, startedAt: now }, beatSeconds * LEASE_HEARTBEATS));
  const lease = await holdRunLease(ctx, run.id, beatSeconds);
  const signal = options.signal ? AbortSignal.any([options.signal, lease.signal]) : lease.signal;
  try {
    const lines: PayoutRunLine[] = [];
    const all = [...(await artistsToExamine(ctx, period, cutoff))];
    const examined = options.maxArtists === undefined ? all : all.slice(0, options.maxArtists);
    for (const [artistId, owedAtCutoff] of examined) {
      signal.throwIfAborted();
      const line = await payArtistOrReport(ctx, { run, period, cutoff, dryRun, artistId, owedAtCutoff });
      if (!line) continue;
      lines.push(line);
      // As each is recorded: a run that stops half-way has counted what it paid (an earlier try's, once).
      if (!dryRun && line.message !== PAID_BY_EARLIER_TRY) countPayouts(ctx, [line]);
    }
    const counts: Record<string, number> = { ...countLines(lines) };
    if (dryRun) Object.assign(counts, { artistsPlanned: examined.length, artistsTotal: all.length });
    lease.release();
    const finished = await finishRun(ctx.db, run.id, { finishedAt: new Date(), counts, error: null });
    return { run: finished, cutoff, lines, artistsExamined: examined.length, artistsTotal: all.length };
  } catch (error) {
    lease.release();
    if (options.finishOnError !== false) {
      await finishRun(ctx.db, run.id, { finishedAt: new Date(), error: (error as Error).message.slice(0, 500) });
    }
    throw error;
  }
}

/**
 * Holds the run's lease while this process works it (decision 0043): renewed at once and every heartbeat, by a
 * timer, so a slow artist (provider calls with their time-outs) never looks like a dead process. A renewal that
 * finds the run recorded stopped aborts the signal: the run stops between two artists.
 */
async function holdRunLease(ctx: RunContext, runId: string, beatSeconds: number) {
  const lost = new AbortController();
  const renew = async () => {
    try {
      if (!(await renewRunLease(ctx.db, runId, beatSeconds * LEASE_HEARTBEATS))) lost.abort(new Error(RUN_LEASE_LOST));
    } catch (error) {
      ctx.log.warn({ err: error, runId }, 'could not renew the payout run lease');
    }
  };
  await renew();
  const timer = setInterval(() => void renew(), beatSeconds * 1000);
  return { signal: lost.signal, release: () => clearInterval(timer) };
}

/**
 * Artists owed something at the cutoff, and those with a payout of the period already (paid, held, ...), with
 * what the ledger says each is owed then (before money on its way in other periods), in id order.
 */
async function artistsToExamine(ctx: RunContext, period: string, cutoff: Date): Promise<Map<string, number>> {
  const owed = new Map(
    (await payableArtistBalances(ctx.db, cutoff)).map((balance) => [balance.artistId, balance.owedCents]),
  );
  const ids = new Set([
    ...[...owed].filter(([, cents]) => cents > 0).map(([artistId]) => artistId),
    ...(await artistsWithPayoutIn(ctx.db, period)),
  ]);
  return new Map([...ids].sort().map((artistId) => [artistId, owed.get(artistId) ?? 0]));
}

/** What the artist is owed for the period: payable by the cutoff, less paid out and on its way elsewhere. */
async function owedFor(ctx: Pick<AppContext, 'db'>, artistId: string, period: string, cutoff: Date) {
  const [balance] = await payableArtistBalances(ctx.db, cutoff, [artistId]);
  return (balance?.owedCents ?? 0) - (await sumPendingElsewhere(ctx.db, artistId, period));
}

interface ArtistStep {
  run: PayoutRunRow;
  period: string;
  cutoff: Date;
  dryRun: boolean;
  artistId: string;
  /** What the ledger says the artist is owed at the cutoff: nothing to do unless it is above 0. */
  owedAtCutoff: number;
}

/** One artist's failure (the provider unreachable while asking about the account) never stops the others. */
async function payArtistOrReport(ctx: RunContext, step: ArtistStep): Promise<PayoutRunLine | null> {
  try {
    return await payArtist(ctx, step);
  } catch (error) {
    ctx.log.error(
      { err: error, artistId: step.artistId, period: step.period },
      'payout failed; a later run tries again',
    );
    return line(ctx, step.artistId, 'failed', 0, {
      message: 'The payment provider could not be asked; a later run tries again.',
    });
  }
}

async function payArtist(ctx: RunContext, step: ArtistStep): Promise<PayoutRunLine | null> {
  const { artistId, period, cutoff, dryRun } = step;
  const existing = await findPayout(ctx.db, artistId, period);
  if (existing?.status === 'paid') return paidLine(ctx, step, existing);
  if (existing?.status === 'pending') {
    return dryRun ? line(ctx, artistId, 'pending', existing.amountCents) : sendTransfer(ctx, step, existing);
  }
  // Held, failed or not yet made: whether anything is owed, and whether the artist can be paid (the provider
  // asked). The amount itself is decided under the artist's lock.
  if (step.owedAtCutoff <= 0) return null;
  const eligibility = await payoutEligibility(ctx, artistId, { cache: !dryRun });
  if (dryRun) {
    const owed = await owedFor(ctx, artistId, period, cutoff);
    if (owed <= 0) return null;
    return eligibility.ok
      ? line(ctx, artistId, 'would_pay', owed)
      : line(ctx, artistId, 'would_hold', owed, { heldReason: eligibility.reason });
  }
  const decided = await withTransaction(ctx, (tx) => decide(tx, step, eligibility));
  switch (decided.kind) {
    case 'nothing':
      return null;
    case 'paid':
      return paidLine(ctx, step, decided.row);
    case 'held':
      return line(ctx, artistId, 'held', decided.row.amountCents, {
        heldReason: decided.row.heldReason as HeldReason,
      });
    case 'send':
      return sendTransfer(ctx, step, decided.row);
  }
}

type Decision = { kind: 'nothing' } | { kind: 'paid' | 'held' | 'send'; row: PayoutRow };

/** Step 1, in the artist's transaction under its lock: the row as this run finds it, then held or pending. */
async function decide(tx: RunContext, step: ArtistStep, eligibility: Eligibility): Promise<Decision> {
  const { artistId, period, cutoff, run } = step;
  await lockArtistPayouts(tx.db, artistId);
  const row = await findPayout(tx.db, artistId, period);
  if (row?.status === 'paid') return { kind: 'paid', row };
  // Another run made it pending meanwhile: ask with its key too (the provider answers the same transfer).
  if (row?.status === 'pending') return { kind: 'send', row };
  const amountCents = await owedFor(tx, artistId, period, cutoff);
  if (amountCents <= 0) return { kind: 'nothing' };
  const common = { artistId, period, amountCents, runId: run.id, failureMessage: null };
  if (!eligibility.ok) {
    const held = await upsertPayout(tx.db, { ...common, status: 'held', heldReason: eligibility.reason });
    return { kind: 'held', row: held };
  }
  // A key once sent to the provider is never used again for another attempt (or another amount).
  const attempt = row ? (row.idempotencyKey ? row.attempt + 1 : row.attempt) : 1;
  const pending = await upsertPayout(tx.db, {
    ...common,
    status: 'pending',
    heldReason: null,
    provider: tx.platform.payments.name,
    accountId: eligibility.accountId,
    attempt,
    idempotencyKey: payoutKey(artistId, period, attempt),
  });
  return { kind: 'send', row: pending };
}

/** Steps 2 and 3: the transfer with the row's key, then paid (or failed) if the row is still at that attempt. */
async function sendTransfer(ctx: RunContext, step: ArtistStep, row: PayoutRow): Promise<PayoutRunLine> {
  const payments = ctx.platform.payments;
  let transfer;
  try {
    transfer = await payments.transfer({
      accountId: row.accountId!,
      amountCents: row.amountCents,
      description: `HFM payout for ${row.period}`,
      idempotencyKey: row.idempotencyKey!,
      metadata: { artistId: row.artistId, period: row.period, payoutId: row.id },
    });
  } catch (error) {
    if (error instanceof PaymentRequestError) {
      const failed = await withTransaction(ctx, (tx) =>
        writeIfStillPending(tx, row, { status: 'failed', failureMessage: error.message }),
      );
      return failed
        ? line(ctx, row.artistId, 'failed', row.amountCents, { message: error.message })
        : settledLine(ctx, step, row, error.message);
    }
    // No answer (the network, the provider's 500): the row stays pending; the next run asks with the same key.
    ctx.log.error({ err: error, payoutId: row.id }, 'transfer outcome unknown; the next run asks again');
    return line(ctx, row.artistId, 'pending', row.amountCents, {
      message: 'The payment provider did not answer; the next run asks again.',
    });
  }
  const paid = await withTransaction(ctx, async (tx) => {
    const written = await writeIfStillPending(tx, row, {
      status: 'paid',
      transferId: transfer.transferId,
      paidAt: transfer.createdAt,
      failureMessage: null,
      runId: step.run.id,
    });
    if (!written) return false;
    await recordArtistPayout(tx.db, {
      artistId: row.artistId,
      amountCents: transfer.amountCents,
      provider: payments.name,
      transferId: transfer.transferId,
      period: row.period,
      paidAt: transfer.createdAt,
    });
    await tx.jobs.send(PAYOUT_MAIL_JOB, { payoutId: row.id }, { db: tx.db });
    return true;
  });
  return paid ? line(ctx, row.artistId, 'paid', row.amountCents) : settledLine(ctx, step, row);
}

/**
 * A payout found paid: by this run (an earlier try of it, or a try still going beside it), so counted as paid
 * here, or by another run: paid before.
 */
function paidLine(ctx: RunContext, step: ArtistStep, row: PayoutRow): Promise<PayoutRunLine> {
  if (row.runId !== step.run.id) return line(ctx, row.artistId, 'already_paid', row.amountCents);
  return line(ctx, row.artistId, 'paid', row.amountCents, { message: PAID_BY_EARLIER_TRY });
}

/** What another run (or try) made, at the same moment, of a row this run found pending. */
async function settledLine(ctx: RunContext, step: ArtistStep, seen: PayoutRow, message?: string) {
  const row = await findPayout(ctx.db, seen.artistId, seen.period);
  if (row?.status === 'paid') return paidLine(ctx, step, row);
  const outcome: PayoutOutcome = row?.status === 'pending' ? 'pending' : 'failed';
  return line(ctx, seen.artistId, outcome, seen.amountCents, message === undefined ? {} : { message });
}

/** Writes `changes` if the row is still pending at the attempt `seen` was read at; answers whether it did. */
async function writeIfStillPending(
  tx: RunContext,
  seen: PayoutRow,
  changes: Parameters<typeof updatePayout>[2],
): Promise<boolean> {
  await lockArtistPayouts(tx.db, seen.artistId);
  const row = await findPayout(tx.db, seen.artistId, seen.period);
  if (!row || row.status !== 'pending' || row.attempt !== seen.attempt) return false;
  await updatePayout(tx.db, row.id, changes);
  return true;
}

async function line(
  ctx: Pick<AppContext, 'db'>,
  artistId: string,
  outcome: PayoutOutcome,
  amountCents: number,
  extra: { heldReason?: HeldReason; message?: string } = {},
): Promise<PayoutRunLine> {
  const artist = await findArtistById(ctx.db, artistId);
  return {
    artistID: artistId,
    artistName: artist?.name ?? '(deleted artist)',
    amountCents,
    outcome,
    heldReason: extra.heldReason ?? null,
    message: extra.message ?? null,
  };
}

export function countLines(lines: PayoutRunLine[]): PayoutRunCounts {
  const counts: PayoutRunCounts = { ...NO_PAYOUT_COUNTS };
  for (const entry of lines) {
    switch (entry.outcome) {
      case 'paid':
      case 'would_pay':
        counts.paid += 1;
        counts.paidCents += entry.amountCents;
        break;
      case 'held':
      case 'would_hold':
        counts.held += 1;
        counts.heldCents += entry.amountCents;
        break;
      case 'failed':
        counts.failed += 1;
        break;
      case 'pending':
        counts.pending += 1;
        break;
      case 'already_paid':
        counts.alreadyPaid += 1;
        break;
    }
  }
  return counts;
}
