import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The raw engine, for platform pieces that speak SQL themselves (the job queue). */
  pglite?: PGlite;
  pool?: pg.Pool;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Calls `listener` whenever a write of the catalogue commits (the `catalogue_version` triggers' notification,
   * docs/decisions/0059): from this process before its COMMIT returns, from others soon after. Returns the
   * unsubscribe.
   */
  onCatalogueChange(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite folder; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schemaName?: string | undefined;
  poolSize?: number;
  /** An in-memory PGlite starts from this dump of a data folder instead of running initdb (tests). */
  pgliteTemplate?: Blob | undefined;
}

/** The channel the `catalogue_version` triggers notify (migrations/0023). */
const CATALOGUE_CHANNEL = 'hfm_catalogue';

/** The last `size` keys added: `add` says whether a key is new. */
function recentlySeen(size: number) {
  const keys = new Set<string>();
  return {
    add(key: string): boolean {
      if (keys.has(key)) return false;
      keys.add(key);
      if (keys.size > size) keys.delete(keys.values().next().value!);
      return true;
    },
  };
}

/** A set of listeners called in turn. */
function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    call() {
      for (const listener of listeners) listener();
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir, options.pgliteTemplate);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const schemaName = options.schemaName;
  // Every connection listens: PostgreSQL tells the writing connection itself of its own commit before the
  // COMMIT returns, so this process knows of its writes at once; others' arrive within moments (and the
  // read-model cache polls the version besides). The payload is the writing schema (tests share a database).
  const catalogueChanges = listenerSet();
  const heard = recentlySeen(1024);
  const listenForCatalogueChanges = async (client: pg.ClientBase) => {
    client.on('notification', (message) => {
      if (message.channel !== CATALOGUE_CHANNEL) return;
      // "<schema> <transaction id>": each of the pool's connections hears every commit; it counts once.
      const [schema, transaction] = (message.payload ?? '').split(' ');
      if (schemaName && schema !== schemaName) return;
      if (transaction && !heard.add(transaction)) return;
      catalogueChanges.call();
    });
    // Awaited before the pool hands the connection out (a query sent beside a running one is deprecated in pg);
    // a failure leaves the poll to notice changes.
    await client.query(`listen ${CATALOGUE_CHANNEL}`).catch(() => undefined);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A database host that does not answer at all (not refusing, just silent) fails a checkout in 10 s
    // rather than holding the request for ever; the error handler answers 503.
    connectionTimeoutMillis: 10_000,
    ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
    // pg-pool awaits the promise before the checkout goes on; @types/pg types the hook as returning void.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: listenForCatalogueChanges,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    async ping() {
      await pool.query('select 1');
    },
    onCatalogueChange: (listener) => catalogueChanges.add(listener),
    async migrate() {
      // api and worker processes start together: one migrates while the others wait for it.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock(hashtext('hfm.migrate'))");
        if (schemaName) await pool.query(`create schema if not exists "${schemaName}"`);
        await createTrigramExtension(pool, schemaName);
        await migrateNodePg(drizzleNodePg(pool), {
          migrationsFolder,
          ...(schemaName ? { migrationsSchema: schemaName } : {}),
        });
      } finally {
        await lock.query("select pg_advisory_unlock(hashtext('hfm.migrate'))").catch(() => undefined);
        lock.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * The trigram extension, before the migrations that index with it. A test works in a schema of its own
 * and drops it when done: there the extension goes to `public` (moved there if an earlier run left it in
 * its own schema), so dropping one test's schema never takes the operator classes from the others.
 */
async function createTrigramExtension(pool: pg.Pool, schemaName: string | undefined): Promise<void> {
  if (!schemaName) {
    await pool.query('create extension if not exists pg_trgm');
    return;
  }
  await pool.query('create extension if not exists pg_trgm schema public');
  await pool.query(`do $$ begin
    if (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm') <> 'public' then
      alter extension pg_trgm set schema public;
    end if;
  end $$`);
}

async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<DatabaseHandle> {
  // Loaded here only: an api process on PostgreSQL never needs the embedded engine (a cold start's cost).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let lock: DataDirLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(path.join(dataDir, 'hfm.lock'));
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pg') : undefined, {
      extensions: { pg_trgm },
      ...(template && !dataDir ? { loadDataDir: template } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // PGlite calls listeners (in a microtask) while it reads the COMMIT's answer, before the writer goes on.
  const catalogueChanges = listenerSet();
  await client.listen(CATALOGUE_CHANNEL, () => catalogueChanges.call());
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async ping() {
      await db.execute(sql`select 1`);
    },
    onCatalogueChange: (listener) => catalogueChanges.add(listener),
    async migrate() {
      await client.exec('create extension if not exists pg_trgm');
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
