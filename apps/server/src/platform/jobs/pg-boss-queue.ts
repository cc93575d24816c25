import PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { JOB_SECONDS_BUCKETS, type Metrics } from '../metrics/metrics.js';
import { createBossDb, drizzleBossDb, type ClosableBossDb } from './boss-db.js';
import { holdLease } from './lease.js';
import {
  JobQueueError,
  type JobDefinition,
  type JobLogger,
  type JobOutcome,
  type JobQueue,
  type JobRecord,
  type SendOptions,
  type StopOptions,
} from './job-queue.js';

export interface JobQueueOptions {
  /**
   * Schema of the queue tables. Default: 'pgboss', or on PostgreSQL the connection's own schema when
   * it is not public (each test schema then holds its own queue and is dropped with it).
   */
  schema?: string;
  /** How often an idle worker looks for work; a send in the same process wakes it at once. Default 2. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (dead workers) are moved back to retry. Default JOB_HEARTBEAT_SECONDS. */
  maintenanceIntervalSeconds?: number;
  /**
   * Run workers in this process: true, false, or only the named kinds. Default: when the role is
   * 'all' or 'worker' (an 'api' process sends jobs and works none).
   */
  work?: boolean | readonly string[];
  /**
   * The first retry delay of every kind, in place of each definition's own (then doubled each retry, with
   * jitter, as usual): tests that go through retries and give-ups set it low (0 retries at once) rather than
   * wait the production back-off. Default: each definition's retryDelaySeconds.
   */
  retryDelaySeconds?: number;
  /**
   * Where the queue reports: jobs sent, attempts' durations and outcomes, gave-ups (this process's), and
   * at each scrape the depth of every kind (the database's, one cheap query).
   */
  metrics?: Metrics;
}

const DEFAULTS = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };
const GIVE_UP_SUFFIX = '.gave-up';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = JobDefinition<any>;
type QueueConfig = Pick<Config, 'role' | 'workerConcurrency' | 'jobHeartbeatSeconds'>;

/** The job queue on pg-boss, in the app's own database (PGlite or PostgreSQL). */
export function createJobQueue(
  database: DatabaseHandle,
  config: QueueConfig,
  log: JobLogger,
  options: JobQueueOptions = {},
): JobQueue {
  return new PgBossJobQueue(database, config, log, options);
}

class PgBossJobQueue implements JobQueue {
  readonly #definitions = new Map<string, AnyDefinition>();
  readonly #workerIds = new Map<string, string[]>();
  readonly #running = new Set<AbortController>();
  readonly #bossDb: ClosableBossDb;
  readonly #metrics: QueueMetrics | undefined;
  #boss: PgBoss | undefined;
  #schema = 'pgboss';

  constructor(
    private readonly database: DatabaseHandle,
    private readonly config: QueueConfig,
    private readonly log: JobLogger,
    private readonly options: JobQueueOptions,
  ) {
    this.#bossDb = createBossDb(database);
    if (options.metrics) this.#metrics = queueMetrics(options.metrics, () => this.#depth());
  }

  define<Payload>(job: JobDefinition<Payload>): void {
    if (this.#boss) throw new JobQueueError(`Define the job '${job.name}' before the queue starts.`);
    if (this.#definitions.has(job.name)) throw new JobQueueError(`The job '${job.name}' is defined twice.`);
    this.#definitions.set(job.name, job);
  }

  async start(): Promise<void> {
    if (this.#boss) return;
    this.#schema = this.options.schema ?? (await defaultSchema(this.database));
    const boss = new PgBoss({
      db: this.#bossDb,
      schema: this.#schema,
      migrate: true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? this.config.jobHeartbeatSeconds,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    await whileHoldingSetupLock(this.database, async () => {
      await boss.start();
      for (const definition of this.#definitions.values()) {
        await createQueues(boss, definition, this.options.retryDelaySeconds);
      }
    });
    this.#boss = boss;
    const working = [...this.#definitions.keys()].filter((name) => this.#works(name));
    for (const name of working) await this.#startWorkers(boss, this.#definitions.get(name)!);
    this.log.info({ working }, working.length ? 'working jobs' : 'sending jobs only, working none');
  }

  #works(name: string): boolean {
    const work = this.options.work ?? this.config.role !== 'api';
    return typeof work === 'boolean' ? work : work.includes(name);
  }

  async send<Payload>(name: string, payload: Payload, options: SendOptions = {}): Promise<string | null> {
    const boss = this.#requireStarted();
    const definition = this.#requireDefinition(name);
    const data = definition.payload.parse(payload) as object;
    if (definition.policy === 'stately' && !options.singletonKey) {
      throw new JobQueueError(`The job '${name}' needs a singletonKey.`);
    }
    const id = await boss.send(name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
      ...(options.db ? { db: drizzleBossDb(options.db) } : {}),
    });
    if (id) {
      this.#metrics?.sent.inc({ kind: name });
      this.wake(name);
    }
    return id;
  }

  wake(name: string): void {
    const boss = this.#requireStarted();
    for (const workerId of this.#workerIds.get(name) ?? []) boss.notifyWorker(workerId);
  }

  async getJob(name: string, id: string): Promise<JobRecord | null> {
    const job = await this.#requireStarted().getJobById(name, id, { includeArchive: true });
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      retryCount: job.retryCount,
      data: job.data,
      output: job.output,
    };
  }

  async queuedSum(
    name: string,
    match: Record<string, string>,
    field: string,
    options: { db?: Database } = {},
  ): Promise<number> {
    this.#requireStarted();
    const db = options.db ? drizzleBossDb(options.db) : this.#bossDb;
    const { rows } = await db.executeSql(
      `select coalesce(sum((data->>$3)::float8), 0) as total from ${this.#schema}.job
       where name = $1 and state < 'completed' and data @> $2::jsonb`,
      [name, JSON.stringify(match), field],
    );
    return Number((rows[0] as { total?: unknown } | undefined)?.total ?? 0);
  }

  async idle(names: readonly string[], { timeoutMs = 60_000 }: { timeoutMs?: number } = {}): Promise<void> {
    const started = Date.now();
    for (;;) {
      this.#requireStarted();
      const { rows } = await this.#bossDb.executeSql(
        `select count(*)::int as waiting from ${this.#schema}.job where name = any($1::text[]) and state < 'completed'`,
        [names],
      );
      if (Number((rows[0] as { waiting?: unknown } | undefined)?.waiting ?? 0) === 0) return;
      if (Date.now() - started > timeoutMs) throw new JobQueueError(`Jobs of ${names.join(', ')} are still waiting.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Jobs of each defined kind waiting (created), waiting to be retried (retry) and running (active). */
  async #depth(): Promise<{ kind: string; state: QueueState; count: number }[]> {
    if (!this.#boss) return [];
    const { rows } = await this.#bossDb.executeSql(
      `select name, state::text as state, count(*)::int as count from ${this.#schema}.job
       where name = any($1::text[]) and state < 'completed' group by name, state`,
      [[...this.#definitions.keys()]],
    );
    const counts = new Map(
      (rows as { name: string; state: string; count: number }[]).map((row) => [`${row.name} ${row.state}`, row.count]),
    );
    return [...this.#definitions.keys()].flatMap((kind) =>
      QUEUE_STATES.map((state) => ({ kind, state, count: Number(counts.get(`${kind} ${state}`) ?? 0) })),
    );
  }

  async stop({ graceful = true, timeoutMs = 30_000 }: StopOptions = {}): Promise<void> {
    const boss = this.#boss;
    if (!boss) return;
    this.#boss = undefined;
    const abortRunning = () => {
      for (const controller of this.#running) controller.abort(new Error('The job queue stopped.'));
    };
    // Graceful: running jobs get timeoutMs, then are aborted and fail into retry. Otherwise pg-boss
    // moves them to retry first and the handlers are aborted after, their late results ignored.
    const deadline = graceful ? setTimeout(abortRunning, timeoutMs) : undefined;
    try {
      await boss.stop({ graceful, timeout: timeoutMs + 2000, close: false, wait: true });
    } finally {
      clearTimeout(deadline);
      this.#bossDb.close();
      abortRunning();
    }
  }

  async #startWorkers(boss: PgBoss, definition: AnyDefinition): Promise<void> {
    await definition.onWorkerStart?.();
    const concurrency = definition.concurrency ?? this.config.workerConcurrency;
    const pollingIntervalSeconds = definition.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2;
    const ids: string[] = [];
    for (let index = 0; index < concurrency; index++) {
      const options = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds };
      ids.push(await boss.work(definition.name, options, ([job]) => this.#runAttempt(definition, job!)));
    }
    this.#workerIds.set(definition.name, ids);
    if (definition.onGiveUp) {
      const giveUpOptions = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds };
      await boss.work(definition.name + GIVE_UP_SUFFIX, giveUpOptions, ([job]) => this.#runGiveUp(definition, job!));
    }
  }

  async #runAttempt(definition: AnyDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<{ outcome: JobOutcome }> {
    const jobLog = { job: definition.name, jobId: job.id, attempt: job.retryCount + 1 };
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      this.log.error({ ...jobLog, issues: parsed.error.issues }, 'job payload is invalid; not retried');
      return { outcome: 'failed' };
    }
    const controller = new AbortController();
    const expiry = setTimeout(
      () => controller.abort(new Error(`The job ran longer than ${job.expireInSeconds} s.`)),
      job.expireInSeconds * 1000,
    );
    this.#running.add(controller);
    const heartbeat = holdLease(this.#bossDb, this.#schema, job, this.config.jobHeartbeatSeconds, this.log);
    const timer = this.#metrics?.duration.startTimer({ kind: definition.name });
    let measured: JobOutcome | 'error' = 'error';
    try {
      const outcome = await definition.handle(parsed.data, {
        jobId: job.id,
        attempt: job.retryCount + 1,
        isLastAttempt: job.retryCount >= job.retryLimit,
        signal: controller.signal,
        log: this.log,
      });
      this.log.info({ ...jobLog, outcome }, 'job finished');
      measured = outcome;
      return { outcome };
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      this.log.warn({ ...jobLog, err }, 'job attempt failed');
      throw err;
    } finally {
      timer?.({ outcome: measured });
      clearInterval(heartbeat);
      clearTimeout(expiry);
      this.#running.delete(controller);
    }
  }

  async #runGiveUp(definition: AnyDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) return;
    const reason = readFailureReason(job.output);
    this.log.error({ job: definition.name, reason }, 'job gave up after its retries');
    this.#metrics?.gaveUp.inc({ kind: definition.name });
    await definition.onGiveUp!(parsed.data, reason);
  }

  #requireStarted(): PgBoss {
    if (!this.#boss) throw new JobQueueError('The job queue is not running.');
    return this.#boss;
  }

  #requireDefinition(name: string): AnyDefinition {
    const definition = this.#definitions.get(name);
    if (!definition) throw new JobQueueError(`No job named '${name}' is defined.`);
    return definition;
  }
}

const QUEUE_STATES = ['created', 'retry', 'active'] as const;
type QueueState = (typeof QUEUE_STATES)[number];

interface QueueMetrics {
  sent: ReturnType<Metrics['counter']>;
  duration: ReturnType<Metrics['histogram']>;
  gaveUp: ReturnType<Metrics['counter']>;
}

function queueMetrics(metrics: Metrics, depth: () => Promise<{ kind: string; state: string; count: number }[]>) {
  metrics.gauge(
    'hfm_job_queue_depth',
    'Jobs of each kind not finished, in the whole database: created (waiting), retry (waiting to retry), active.',
    ['kind', 'state'],
    async function collect() {
      this.reset();
      // A scrape while the database is away answers without the depth rather than failing whole.
      const rows = await depth().catch(() => []);
      for (const row of rows) this.set({ kind: row.kind, state: row.state }, row.count);
    },
  );
  return {
    sent: metrics.counter('hfm_jobs_sent_total', 'Jobs this process sent (duplicates of a waiting job not counted).', [
      'kind',
    ]),
    duration: metrics.histogram(
      'hfm_job_duration_seconds',
      'Attempts this process ran, by kind and outcome: success, failed (final, recorded), skipped, error (thrown: retried, or given up).',
      ['kind', 'outcome'],
      JOB_SECONDS_BUCKETS,
    ),
    gaveUp: metrics.counter('hfm_jobs_gave_up_total', 'Jobs given up after their retries (their onGiveUp ran here).', [
      'kind',
    ]),
  } satisfies QueueMetrics;
}

/**
 * Processes starting together on a fresh database would deadlock in pg-boss's own schema and queue setup
 * (seen with two api and two worker processes starting at once): one sets up while the others wait.
 */
async function whileHoldingSetupLock(database: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  if (!database.pool) return work();
  const lock = await database.pool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('hfm.job-queue-setup'))");
    await work();
  } finally {
    await lock.query("select pg_advisory_unlock(hashtext('hfm.job-queue-setup'))").catch(() => undefined);
    lock.release();
  }
}

async function createQueues(boss: PgBoss, definition: AnyDefinition, retryDelayOverride?: number): Promise<void> {
  const giveUpQueue = definition.onGiveUp ? definition.name + GIVE_UP_SUFFIX : undefined;
  if (giveUpQueue) {
    const retryDelay = retryDelayOverride ?? DEFAULTS.retryDelaySeconds;
    await boss.createQueue(giveUpQueue, { name: giveUpQueue, retryLimit: 3, retryDelay, retryBackoff: true });
  }
  const settings = {
    name: definition.name,
    retryLimit: definition.retryLimit ?? DEFAULTS.retryLimit,
    retryDelay: retryDelayOverride ?? definition.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds ?? DEFAULTS.expireInSeconds,
    policy: definition.policy ?? 'standard',
    ...(giveUpQueue ? { deadLetter: giveUpQueue } : {}),
  };
  await boss.createQueue(definition.name, settings);
  // A queue made by an earlier release follows the code's settings.
  await boss.updateQueue(definition.name, settings);
}

/** Where the queue tables live when no schema is given (see JobQueueOptions.schema). */
export async function defaultSchema(database: DatabaseHandle): Promise<string> {
  if (!database.pool) return 'pgboss';
  const { rows } = await database.pool.query<{ schema: string | null }>('select current_schema() as schema');
  const current = rows[0]?.schema;
  return !current || current === 'public' ? 'pgboss' : current;
}

/** pg-boss keeps a thrown error as { message }, a timeout or shutdown as { value }. */
function readFailureReason(output: unknown): string {
  const record = (output ?? {}) as { message?: unknown; value?: unknown };
  if (typeof record.message === 'string') return record.message;
  if (typeof record.value === 'string') return record.value;
  const inner = (record.value ?? {}) as { message?: unknown };
  return typeof inner.message === 'string' ? inner.message : 'The job failed.';
}
