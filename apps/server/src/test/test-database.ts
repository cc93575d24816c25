import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';

/**
 * A migrated database without the app: in-memory PGlite, or a fresh schema on the PostgreSQL server named
 * by TEST_DATABASE_URL (dropped on close). For platform tests that need tables but no HTTP.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({
    url,
    schemaName,
    poolSize: 4,
    ...(url ? {} : { pgliteTemplate: await migratedPgliteTemplate() }),
  });
  await database.migrate();
  if (!url || !schemaName) return database;
  return {
    ...database,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schemaName}" cascade`);
      await client.end();
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));
let template: Promise<Blob> | undefined;

/**
 * A dump of a freshly migrated PGlite data folder. Starting PGlite from it skips initdb, which costs
 * seconds per database on a small machine, and every test file opens several. The dump is kept in the
 * temp folder under a hash of the migrations, so test workers share it and a schema change makes a new one.
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate();
  return template;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = templateFile();
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  return buildTemplate(file);
}

function templateFile(): string {
  return path.join(os.tmpdir(), `hfm-pglite-template-${migrationsHash()}.tar`);
}

/**
 * Builds the template once, before any test file starts (vitest's global set-up of the server layers): built
 * inside a test file's first hook instead, by every worker at once on a busy machine, it could outlast the
 * hook's time limit. A worker still builds it itself if the file is gone.
 */
export async function ensurePgliteTemplateFile(): Promise<void> {
  const file = templateFile();
  if (!fs.existsSync(file)) await buildTemplate(file);
}

async function buildTemplate(file: string): Promise<Blob> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    await createJobQueueTables(database);
    const dump = await database.pglite!.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * pg-boss's schema and the app's queues, as the first start of the job queue makes them: every test app's queue
 * then finds them made (it still brings their settings up to date) instead of making them, which was about half
 * a second of every test app's start (decision 0052). Made by an app that works no job, on this database
 * (which its close leaves open).
 */
async function createJobQueueTables(database: DatabaseHandle): Promise<void> {
  const { buildApp } = await import('../app.js');
  const { loadConfig } = await import('../config.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-template-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const app = await buildApp(config, {
      database: { ...database, close: async () => undefined },
      serveWeb: false,
      logger: false,
      jobs: { work: false },
    });
    try {
      await app.ready();
      await app.ctx.jobs.start();
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  // pg-boss's version: its tables are in the template too.
  hash.update(String((createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version));
  // The engine's own files too: a PGlite upgrade may change the data folder's format.
  const engine = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (const name of fs.readdirSync(engine).filter((file) => file.endsWith('.wasm') || file.endsWith('.data'))) {
    hash.update(name).update(String(fs.statSync(path.join(engine, name)).size));
  }
  for (const entry of fs.readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(migrationsFolder, file)).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
