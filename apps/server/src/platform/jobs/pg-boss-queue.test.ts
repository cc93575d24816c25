import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { sql, type SQL } from 'drizzle-orm';
import { withTransaction } from '../db/transaction.js';
import { migratedPgliteTemplate } from '../../test/test-database.js';
import { createBossDb } from './boss-db.js';
import type { JobDefinition, JobLogger, JobOutcome, JobQueue, JobRecord } from './job-queue.js';
import { createJobQueue, type JobQueueOptions } from './pg-boss-queue.js';

const payload = z.object({ songId: z.string().min(1) });
type Payload = z.infer<typeof payload>;

const quiet: JobLogger = { info() {}, warn() {}, error() {} };
const fast: JobQueueOptions = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };
const config = { role: 'all' as const, workerConcurrency: 1, jobHeartbeatSeconds: 1 };

let database: DatabaseHandle;
let schemaName: string | undefined;
/** The queue tables of the running test: a schema of its own, so no test sees another's jobs. */
let bossSchema: string;
let tests = 0;
const queues: JobQueue[] = [];

// One database for the file (starting an embedded one costs seconds, even from the template); each test's
// queue lives in a fresh schema of it, which pg-boss creates on start as it does on a new database.
beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  schemaName = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  database = await openDatabase({
    url,
    schemaName,
    poolSize: 6,
    ...(url ? {} : { pgliteTemplate: await migratedPgliteTemplate() }),
  });
  if (database.pool) await database.pool.query(`create schema "${schemaName}"`);
});

beforeEach(() => {
  bossSchema = `${schemaName ?? 'pgboss'}_q${++tests}`;
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop({ graceful: false });
});

afterAll(async () => {
  await database.close();
  if (process.env.TEST_DATABASE_URL && schemaName) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (let test = 1; test <= tests; test++)
      await client.query(`drop schema if exists "${schemaName}_q${test}" cascade`);
    await client.query(`drop schema if exists "${schemaName}" cascade`);
    await client.end();
  }
});

function job(overrides: Partial<JobDefinition<Payload>> = {}): JobDefinition<Payload> {
  return { name: 'songs.test', payload, retryDelaySeconds: 1, handle: async () => 'success', ...overrides };
}

async function startQueue(definition: JobDefinition<Payload>, options: JobQueueOptions = {}): Promise<JobQueue> {
  const queue = createJobQueue(database, config, quiet, { ...fast, schema: bossSchema, ...options });
  queue.define(definition);
  await queue.start();
  queues.push(queue);
  return queue;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<Row>(statement: SQL): Promise<Row[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const finished = (record: JobRecord | null) => record?.state === 'completed' || record?.state === 'failed';

describe('job queue on pg-boss', () => {
  it('runs a sent job with its validated payload and records the outcome', async () => {
    const seen: Payload[] = [];
    const queue = await startQueue(job({ handle: async (data) => (seen.push(data), 'success') }));
    const id = await queue.send('songs.test', { songId: 'a1' });
    const record = await waitFor(() => queue.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', retryCount: 0, output: { outcome: 'success' } });
    expect(seen).toEqual([{ songId: 'a1' }]);
  });

  it('rejects a payload that does not match the schema at send', async () => {
    const queue = await startQueue(job());
    await expect(queue.send('songs.test', { songId: '' })).rejects.toThrow();
    await expect(queue.send('songs.unknown', { songId: 'x' })).rejects.toThrow(/No job named/);
  });

  it('makes one job per idempotency id and one waiting job per key on a stately queue', async () => {
    const queue = await startQueue(job({ policy: 'stately' }), { work: false });
    await expect(queue.send('songs.test', { songId: 'a' })).rejects.toThrow(/singletonKey/);
    const first = await queue.send('songs.test', { songId: 'a' }, { singletonKey: 'a' });
    expect(first).toBeTruthy();
    expect(await queue.send('songs.test', { songId: 'a' }, { singletonKey: 'a' })).toBeNull();
    expect(await queue.send('songs.test', { songId: 'b' }, { singletonKey: 'b' })).toBeTruthy();
    const id = crypto.randomUUID();
    expect(await queue.send('songs.test', { songId: 'c' }, { singletonKey: 'c', id })).toBe(id);
    expect(await queue.send('songs.test', { songId: 'c' }, { singletonKey: 'c2', id })).toBeNull();
  });

  it('retries a job that throws, with backoff, until it succeeds', async () => {
    const attempts: number[] = [];
    const handle = async (_data: Payload, context: { attempt: number }): Promise<JobOutcome> => {
      attempts.push(context.attempt);
      if (context.attempt < 3) throw new Error('storage is briefly down');
      return 'success';
    };
    const queue = await startQueue(job({ handle }));
    const id = await queue.send('songs.test', { songId: 'r' });
    const record = await waitFor(() => queue.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', retryCount: 2 });
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('does not retry a job that reports failed', async () => {
    let runs = 0;
    const queue = await startQueue(job({ handle: async () => (runs++, 'failed') }));
    const id = await queue.send('songs.test', { songId: 'f' });
    const record = await waitFor(() => queue.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', output: { outcome: 'failed' } });
    expect(runs).toBe(1);
  });

  it('gives up after the retry limit and tells onGiveUp why, once', async () => {
    const gaveUp: Array<{ data: Payload; reason: string }> = [];
    const queue = await startQueue(
      job({
        retryLimit: 1,
        handle: async () => {
          throw new Error('ffmpeg crashed');
        },
        onGiveUp: async (data, reason) => void gaveUp.push({ data, reason }),
      }),
    );
    const id = await queue.send('songs.test', { songId: 'g' });
    const record = await waitFor(() => queue.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'failed', retryCount: 1 });
    // The give-up runs as a job of its own: once that job has finished (completed, not retried) and no
    // other give-up job exists, onGiveUp has run for good and cannot run again.
    const giveUps = () =>
      rowsOf<{ state: string; retry_count: number }>(
        sql`select state::text as state, retry_count from ${sql.identifier(bossSchema)}.job
            where name = 'songs.test.gave-up'`,
      );
    const done = await waitFor(giveUps, (rows) => rows.length > 0 && rows.every((row) => row.state === 'completed'));
    expect(done).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(gaveUp).toEqual([{ data: { songId: 'g' }, reason: 'ffmpeg crashed' }]);
  });

  it('aborts an attempt that runs past its expiry and retries it', async () => {
    const signals: AbortSignal[] = [];
    const handle = async (_data: Payload, context: { attempt: number; signal: AbortSignal }): Promise<JobOutcome> => {
      if (context.attempt > 1) return 'success';
      signals.push(context.signal);
      await new Promise((_, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason)));
      return 'success';
    };
    const queue = await startQueue(job({ handle, expireInSeconds: 1 }));
    const id = await queue.send('songs.test', { songId: 'e' });
    const record = await waitFor(() => queue.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('retries a job whose queue stopped mid-run on the next queue that starts', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let firstSignal: AbortSignal | undefined;
    const first = await startQueue(
      job({
        handle: async (_data, context) => {
          firstSignal = context.signal;
          started();
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
          return 'success';
        },
      }),
    );
    const id = await first.send('songs.test', { songId: 's' });
    await running;
    await first.stop({ graceful: false });
    expect(firstSignal?.aborted).toBe(true);

    const runs: number[] = [];
    const second = await startQueue(job({ handle: async (_data, context) => (runs.push(context.attempt), 'success') }));
    const record = await waitFor(() => second.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(runs).toEqual([2]);
  });

  it('retries a job whose worker died without a word once its expiry has passed', async () => {
    const survivor = await startQueue(job({ expireInSeconds: 2 }), { work: false });
    const id = await survivor.send('songs.test', { songId: 'd' });
    // The dead worker: it took the job (state active, clock started) and was never heard from again.
    const deadWorker = new PgBoss({ db: createBossDb(database), schema: bossSchema });
    const [taken] = await deadWorker.fetch('songs.test');
    expect(taken?.id).toBe(id);
    expect((await survivor.getJob('songs.test', id!))?.state).toBe('active');
    await survivor.stop();
    queues.splice(0);

    const runs: number[] = [];
    const restarted = await startQueue(
      job({ expireInSeconds: 2, handle: async (_d, c) => (runs.push(c.attempt), 'success') }),
    );
    const record = await waitFor(() => restarted.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(runs).toEqual([2]);
  });

  it('runs waiting jobs highest priority first, oldest first among equals', async () => {
    const sender = await startQueue(job(), { work: false });
    await sender.send('songs.test', { songId: 'long' }, { priority: -7200 });
    await sender.send('songs.test', { songId: 'short' }, { priority: -180 });
    await sender.send('songs.test', { songId: 'plain-1' });
    await sender.send('songs.test', { songId: 'plain-2' });
    const order: string[] = [];
    const worker = await startQueue(job({ handle: async ({ songId }) => (order.push(songId), 'success') }));
    await worker.idle(['songs.test']);
    expect(order).toEqual(['plain-1', 'plain-2', 'short', 'long']);
  });

  it('sums a payload field over the unfinished jobs that match', async () => {
    const load = z.object({ songId: z.string(), artistId: z.string(), durationSeconds: z.number() });
    const queue = createJobQueue(database, config, quiet, { ...fast, schema: bossSchema, work: false });
    queue.define({ name: 'songs.load', payload: load, handle: async () => 'success' });
    await queue.start();
    queues.push(queue);
    await queue.send('songs.load', { songId: 'a', artistId: 'x', durationSeconds: 100.5 });
    await queue.send('songs.load', { songId: 'b', artistId: 'x', durationSeconds: 20 });
    await queue.send('songs.load', { songId: 'c', artistId: 'y', durationSeconds: 7 });
    expect(await queue.queuedSum('songs.load', { artistId: 'x' }, 'durationSeconds')).toBe(120.5);
    expect(await queue.queuedSum('songs.load', { artistId: 'z' }, 'durationSeconds')).toBe(0);
  });

  it('sends inside the caller transaction: a rollback takes the job back, a commit keeps it', async () => {
    const queue = await startQueue(job(), { work: false });
    const failed = withTransaction({ db: database.db }, async (tx) => {
      await queue.send('songs.test', { songId: 'rolled-back' }, { id: crypto.randomUUID(), db: tx.db });
      throw new Error('the caller failed after sending');
    });
    await expect(failed).rejects.toThrow('the caller failed');
    const id = crypto.randomUUID();
    await withTransaction({ db: database.db }, (tx) => queue.send('songs.test', { songId: 'kept' }, { id, db: tx.db }));
    expect(await queue.queuedSum('songs.test', {}, 'none')).toBe(0);
    expect((await queue.getJob('songs.test', id))?.state).toBe('created');
    const waiting = await rowsOf<{ data: Payload }>(sql`select data from ${sql.identifier(bossSchema)}.job`);
    expect(waiting.map((row) => row.data.songId)).toEqual(['kept']);
  });

  it('renews the lease of a running attempt, so a job far longer than a lease is not retried', async () => {
    const schema = bossSchema;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    const queue = await startQueue(
      job({ expireInSeconds: 600, handle: async (_d, c) => (runs.push(c.attempt), await released, 'success') }),
    );
    const id = await queue.send('songs.test', { songId: 'long' });
    const lease = async () => {
      const [row] = await rowsOf<{ lapses: unknown; now: unknown }>(
        sql`select extract(epoch from started_on + expire_in) as lapses, extract(epoch from now()) as now
            from ${sql.identifier(schema)}.job where id = ${id}`,
      );
      return { lapses: Number(row?.lapses ?? NaN), now: Number(row?.now ?? NaN) };
    };
    // Leased: the job lapses at most one lease (4 heartbeats of 1 s) ahead, not 600 s after its start.
    const first = await waitFor(lease, ({ lapses, now }) => lapses > now && lapses - now <= 4);
    // Each beat pushes the lapse on: past several leases it is the same attempt, never retried.
    await waitFor(lease, ({ lapses }) => lapses > first.lapses + 3 * 4);
    expect(await queue.getJob('songs.test', id!)).toMatchObject({ state: 'active', retryCount: 0 });
    release();
    const record = await waitFor(() => queue.getJob('songs.test', id!), finished);
    expect(record).toMatchObject({ state: 'completed', retryCount: 0 });
    expect(runs).toEqual([1]);
  });
});
