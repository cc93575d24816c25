import type { z } from 'zod';
import type { Database } from '../db/client.js';

/**
 * What a job handler reports. 'failed' is a final business outcome the handler has already recorded
 * (e.g. "not a WAV file"): it is not retried. A thrown error is a transient failure: it is retried
 * with backoff until the retry limit, then the definition's onGiveUp runs.
 */
export type JobOutcome = 'success' | 'failed' | 'skipped';

export interface JobLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** True when a thrown error will not be retried (onGiveUp follows). */
  isLastAttempt: boolean;
  /** Aborted when the job runs past its expiry or the queue stops without waiting: kill child processes. */
  signal: AbortSignal;
  log: JobLogger;
}

/**
 * standard: every send makes a job.
 * stately: at most one waiting and one running job per singletonKey; send() must give a key and
 * answers null for a duplicate while one waits (e.g. one transcode per song).
 */
export type JobPolicy = 'standard' | 'stately';

export interface JobDefinition<Payload> {
  /** Letters, digits, dots, dashes and underscores, e.g. 'songs.transcode'. */
  name: string;
  payload: z.ZodType<Payload>;
  handle(payload: Payload, context: JobContext): Promise<JobOutcome>;
  /**
   * Runs once when the job will not be tried again after errors: the last attempt threw, or the
   * worker running it died or timed out on the last attempt. `reason` is the last error's message.
   */
  onGiveUp?(payload: Payload, reason: string): Promise<void>;
  policy?: JobPolicy;
  /** Retries after the first attempt. Default 3. */
  retryLimit?: number;
  /** First retry delay; doubled each retry, with jitter. Default 5. */
  retryDelaySeconds?: number;
  /**
   * How long one attempt may run (its budget). Past it the attempt is aborted (signal) and retried.
   * A job whose worker died is retried sooner: a running attempt holds a lease it renews every
   * heartbeat, and is retried once the lease runs out. Default 15 minutes.
   */
  expireInSeconds?: number;
  /** Runs once when this process starts working this kind, before its first job (e.g. tidy up after a crash). */
  onWorkerStart?(): Promise<unknown>;
  /** Jobs of this kind run at once in one worker process. Default WORKER_CONCURRENCY. */
  concurrency?: number;
  /** How often an idle worker of this kind looks for work (at least 0.5). Default: the queue's (2 s). */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** Required by 'stately' jobs: the thing the job is about (a song id). */
  singletonKey?: string;
  /** A UUID chosen by the caller: sending the same id twice makes one job (the second answers null). */
  id?: string;
  startAfterSeconds?: number;
  /** Overrides the definition's budget for this job (e.g. from the duration of a long song). */
  expireInSeconds?: number;
  /** Higher runs first among waiting jobs of one kind; equal priorities run oldest first. Default 0. */
  priority?: number;
  /**
   * Insert the job through this database handle, e.g. `ctx.db` inside withTransaction: the job then
   * exists only if the caller's transaction commits.
   */
  db?: Database;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  /** Retries so far (0 on the first attempt). */
  retryCount: number;
  data: unknown;
  output: unknown;
}

export interface StopOptions {
  /** Wait for running jobs (up to timeoutMs), then abort them; false aborts them at once. Default true. */
  graceful?: boolean;
  timeoutMs?: number;
}

export interface JobQueue {
  /** Declare a job kind before start(): its queue is made on start, and worked when the role works. */
  define<Payload>(job: JobDefinition<Payload>): void;
  /** Install or upgrade the queue tables, make the queues, and start the workers (role all or worker). */
  start(): Promise<void>;
  /** Validates the payload with the definition's schema; answers the job id, or null for a duplicate. */
  send<Payload>(name: string, payload: Payload, options?: SendOptions): Promise<string | null>;
  /**
   * Wakes this process's idle workers of this kind at once. send() does it too, but a job sent inside a
   * transaction is not there to find until the commit: call this after it.
   */
  wake(name: string): void;
  getJob(name: string, id: string): Promise<JobRecord | null>;
  /**
   * The sum of one numeric payload field over the jobs of this kind not yet finished whose payload
   * holds every key/value of `match` (e.g. the seconds of audio an artist has waiting).
   */
  queuedSum(name: string, match: Record<string, string>, field: string, options?: { db?: Database }): Promise<number>;
  /** Resolves once no job of these kinds waits or runs (tests, and draining before a stop). */
  idle(names: readonly string[], options?: { timeoutMs?: number }): Promise<void>;
  stop(options?: StopOptions): Promise<void>;
}

export class JobQueueError extends Error {}
