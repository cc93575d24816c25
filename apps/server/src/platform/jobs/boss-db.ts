import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client.js';
import { runOnConnection } from '../db/prepared.js';

/** The one method pg-boss needs from a database (its `db` option). */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface ClosableBossDb extends BossDb {
  /**
   * After close, statements answer nothing without touching the database (as pg-boss's own closed
   * pool does): a handler that settles after the queue stopped must not write through a pool the
   * app is about to end.
   */
  close(): void;
}

/** pg-boss over the app's own connection: the PGlite instance or the PostgreSQL pool. */
export function createBossDb(database: Pick<DatabaseHandle, 'pglite' | 'pool'>): ClosableBossDb {
  const run = database.pglite
    ? pgliteExecutor(database.pglite)
    : database.pool
      ? poolExecutor(database.pool)
      : undefined;
  if (!run) throw new Error('The database handle has neither a PGlite instance nor a pool.');
  let closed = false;
  return {
    async executeSql(text, values) {
      if (closed) return undefined as unknown as { rows: unknown[] };
      return run(text, values);
    },
    close() {
      closed = true;
    },
  };
}

/** Statements without parameters may hold several commands: PGlite runs those only through exec. */
function pgliteExecutor(pglite: PGlite): BossDb['executeSql'] {
  return async (text, values) => {
    if (!values || values.length === 0) {
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    const result = await pglite.query(text, values);
    return { rows: result.rows };
  };
}

function poolExecutor(pool: pg.Pool): BossDb['executeSql'] {
  return async (text, values) => {
    const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
    const last = Array.isArray(result) ? result.at(-1) : result;
    return { rows: last?.rows ?? [] };
  };
}

/**
 * pg-boss statements on the connection of a Drizzle handle, which may be a transaction: a job sent this way is
 * written (or rolled back) with the caller's own changes. Its SQL runs as pg-boss wrote it, with its
 * values, on that connection (nothing built by Drizzle per statement).
 */
export function drizzleBossDb(db: Database): BossDb {
  return {
    async executeSql(text, values = []) {
      return { rows: await runOnConnection(db, text, values) };
    },
  };
}
