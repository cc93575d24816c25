import type PgBoss from 'pg-boss';
import type { BossDb } from './boss-db.js';
import type { JobLogger } from './job-queue.js';

/** A lease is this many heartbeats long: a missed beat or two under load does not lose the job. */
export const LEASE_HEARTBEATS = 4;

/**
 * pg-boss retries an active job once started_on + expire_in has passed. expire_in stays the job's
 * whole budget (pg-boss also races the handler against it); the heartbeat moves started_on so the
 * job lapses one lease after the last beat, never later than its budget. A dead worker beats no
 * more, so its job is retried a lease later instead of a budget later. Answers the timer to clear.
 */
export function holdLease(
  db: BossDb,
  schema: string,
  job: PgBoss.JobWithMetadata<unknown>,
  beatSeconds: number,
  log: JobLogger,
): NodeJS.Timeout {
  const renew = () => {
    db.executeSql(
      `update ${schema}.job
       set started_on = least(now() + $3 * interval '1 second', $4::timestamptz + expire_in) - expire_in
       where name = $1 and id = $2 and state = 'active'`,
      [job.name, job.id, beatSeconds * LEASE_HEARTBEATS, job.startedOn],
    ).catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not renew the job lease'));
  };
  renew();
  return setInterval(renew, beatSeconds * 1000);
}
