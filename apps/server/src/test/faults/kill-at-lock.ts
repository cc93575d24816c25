import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildServer, createScratchDatabase, waitFor } from '../server-process.js';

/**
 * Kill at a lock: the set-up of the crash tests that kill a process (SIGKILL) at one exact point of its work.
 * The test holds a database lock the process needs at that point, starts it, waits until it waits on a lock
 * (and whatever else says it got there), and kills it: the kill lands there on any machine, whatever its speed.
 */

/** A lock the test holds on its own connection, and lets go of once the process is dead. */
export interface HeldLock {
  hold(admin: pg.Client): Promise<unknown>;
  release(admin: pg.Client): Promise<unknown>;
}

/** A table in share mode, in a transaction of its own (rolled back): writes to it wait. */
export const tableLock = (table: string): HeldLock => ({
  async hold(admin) {
    await admin.query('begin');
    await admin.query(`lock table ${table} in share mode`);
  },
  release: (admin) => admin.query('rollback'),
});

/** A session advisory lock on hashtext(key), as `pg_advisory_lock(hashtext(key))` takes it. */
export const advisoryLock = (key: string): HeldLock => ({
  hold: (admin) => admin.query('select pg_advisory_lock(hashtext($1))', [key]),
  release: (admin) => admin.query('select pg_advisory_unlock(hashtext($1))', [key]),
});

/** What is killed: a child process and the promise of its exit. */
export interface Killable {
  child: ChildProcess;
  exited: Promise<unknown>;
}

export interface KillAtLock {
  /** DATABASE_URL and DATA_DIR of the scratch database and folder (and what else was asked), for the processes. */
  env: Record<string, string>;
  /** An app in the test's own process on the same database (migrated), to make rows with. */
  helper: FastifyInstance;
  /** Rows of a query on the observing connection. */
  rows(text: string, values?: unknown[]): Promise<pg.QueryResult['rows']>;
  /** Backends of this database waiting for a lock (the process, stopped where the test holds one). */
  waitingOnLocks(): Promise<number>;
  /**
   * Holds `lock`, starts the process (`start`), waits until a backend waits on a lock and `reached` says the
   * work got where it should, kills the process (SIGKILL) and waits for its exit, then lets go of the lock.
   */
  killAt<T extends Killable>(lock: HeldLock, start: () => T | Promise<T>, reached?: () => Promise<boolean>): Promise<T>;
  /** Closes the connections and the helper app, drops the database and removes the folder. */
  close(): Promise<void>;
}

/**
 * A scratch PostgreSQL database with the schema, a DATA_DIR, the built server (for the processes), the helper
 * app, and two connections: one holds the locks (in its own transaction, pg_stat_activity would stand still
 * inside it), the other watches.
 */
export async function openKillAtLock(name: string, extraEnv: Record<string, string> = {}): Promise<KillAtLock> {
  buildServer();
  const database = await createScratchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hfm-faults-${name}-`));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, ...extraEnv };
  const helper = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { serveWeb: false, logger: false });
  await helper.ctx.platform.database.migrate();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const observer = new pg.Client({ connectionString: database.url });
  await observer.connect();

  const rows = async (text: string, values: unknown[] = []) => (await observer.query(text, values)).rows;
  const waitingOnLocks = async () =>
    (
      await observer.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
    ).rows[0]!.count;

  return {
    env,
    helper,
    rows,
    waitingOnLocks,
    async killAt<T extends Killable>(lock: HeldLock, start: () => T | Promise<T>, reached = async () => true) {
      await lock.hold(admin);
      let killable: T | undefined;
      try {
        killable = await start();
        await waitFor(
          async () => ({ reached: await reached(), waiting: await waitingOnLocks() }),
          (seen) => seen.reached && seen.waiting > 0,
        );
        return killable;
      } finally {
        // Killed there, or (the wait gave up) killed anyway: no process outlives the test.
        killable?.child.kill('SIGKILL');
        await killable?.exited;
        await lock.release(admin);
      }
    },
    async close() {
      await admin.end();
      await observer.end();
      await helper.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
