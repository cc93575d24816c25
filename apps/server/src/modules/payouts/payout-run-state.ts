/**
 * Whether a payout run is going, and who says so (decision 0043). An admin's real run is worked by a job
 * (decision 0039): the job's state says queued or running. Every other run (scheduled, command line, dry runs) is
 * worked by the process that made it, which renews the run's lease every heartbeat: unfinished with its lease run
 * out (by the database's clock) is a run whose process died. Reading derives the state and writes nothing; the
 * worker's payout sweep records the dead ones stopped.
 */
import type { PayoutRunState } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { PAYOUT_RUN_JOB } from './payout-run.service.js';
import {
  stopRunIfUnfinished,
  stopRunsWithExpiredLeases,
  unfinishedJobRuns,
  type PayoutRunRead,
  type PayoutRunRow,
} from './payouts.repository.js';

export const RUN_STOPPED_MESSAGE = 'The run stopped before it finished: the process working it went away.';

type StateContext = Pick<AppContext, 'jobs'>;

const workedByJob = (row: PayoutRunRow) => row.trigger === 'admin' && !row.dryRun;

/** An admin's run as its job says: waiting or being tried (`queued`), being worked (`running`), or neither. */
async function jobState(ctx: StateContext, row: PayoutRunRow): Promise<'queued' | 'running' | 'gone'> {
  const job = await ctx.jobs.getJob(PAYOUT_RUN_JOB, row.id);
  if (job?.state === 'created' || job?.state === 'retry') return 'queued';
  return job?.state === 'active' ? 'running' : 'gone';
}

export interface RunStatus {
  state: PayoutRunState;
  /** The run's error, or why a run the record still calls unfinished is stopped. */
  error: string | null;
}

/** Where the run is now, from its record, its job or its lease; writes nothing. */
export async function runStatus(ctx: StateContext, row: PayoutRunRead): Promise<RunStatus> {
  if (row.error) return { state: 'stopped', error: row.error };
  if (row.finishedAt) return { state: 'finished', error: null };
  if (workedByJob(row)) {
    const state = await jobState(ctx, row);
    return state === 'gone' ? { state: 'stopped', error: RUN_STOPPED_MESSAGE } : { state, error: null };
  }
  return row.leaseExpired ? { state: 'stopped', error: RUN_STOPPED_MESSAGE } : { state: 'running', error: null };
}

/** Whether the run is queued or running (an admin's run of the month: a second one is not queued beside it). */
export async function isGoing(ctx: StateContext, row: PayoutRunRead): Promise<boolean> {
  const { state } = await runStatus(ctx, row);
  return state === 'queued' || state === 'running';
}

/**
 * The worker's sweep: records stopped every run the list already shows stopped (lease run out, or job ended
 * without finishing it), so the record says so too. Answers how many it marked.
 */
export async function stopDeadRuns(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<number> {
  let stopped = (await stopRunsWithExpiredLeases(ctx.db, RUN_STOPPED_MESSAGE)).length;
  for (const row of await unfinishedJobRuns(ctx.db)) {
    if ((await jobState(ctx, row)) !== 'gone') continue;
    const marked = await stopRunIfUnfinished(ctx.db, row.id, RUN_STOPPED_MESSAGE);
    if (marked?.error === RUN_STOPPED_MESSAGE) stopped += 1;
  }
  return stopped;
}
