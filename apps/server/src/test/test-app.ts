import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { CONFIRMATION_MAIL_JOB } from '../modules/auth/confirmation-mail.js';
import { seedStartupData } from '../modules/index.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';
import { migratedPgliteTemplate } from './test-database.js';
import type { PaymentProvider } from '../platform/payments/provider.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** The PostgreSQL schema the app works in (none on PGlite). */
  schemaName?: string | undefined;
  close(): Promise<void>;
}

/**
 * A real app on a real database: in-memory PGlite, or a fresh schema on the PostgreSQL server
 * named by TEST_DATABASE_URL. Storage and mail are the real embedded adapters in a temp folder.
 */
export interface TestAppOptions {
  /**
   * Work every kind of job (songs are transcoded in the test). Otherwise the queue runs and works only
   * the confirmation mail, so sign-up mail arrives as it does in production, from a job.
   */
  jobs?: boolean;
  /** Adds routes (or anything else) to the built app before it becomes ready. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Which kinds this app's queue works, overriding `jobs` (e.g. none, to see a job wait). */
  work?: boolean | readonly string[];
  /** Every job kind's first retry delay (0: retries at once) instead of the kinds' own back-off. */
  retryDelaySeconds?: number;
  /** PostgreSQL connections (4 unless given; the server's default is 10). */
  poolSize?: number;
  /** Log to this stream (at LOG_LEVEL) instead of not at all. */
  logStream?: Writable;
  /** Serve the web app from WEB_DIST_DIR (off unless asked: API tests have no build). */
  serveWeb?: boolean;
  /**
   * A whole PostgreSQL database of the test's own (migrated here, never dropped by close) instead of a fresh
   * schema on TEST_DATABASE_URL: for tests that dump and restore a database.
   */
  databaseUrl?: string;
  /**
   * The embedded database (PGlite) whatever TEST_DATABASE_URL says: for a test that counts what reaches its one
   * connection (the code path is the same on either database).
   */
  embedded?: boolean;
  /** The payment provider instead of the configured one (e.g. while the configured one is not built). */
  payments?: (database: DatabaseHandle) => PaymentProvider;
  /**
   * A second process on another app's database, as two API processes share PostgreSQL: its own pool on
   * the same schema, or the same in-memory PGlite. Close this app before the other.
   */
  sameDatabaseAs?: TestApp;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000',
    // Tests of the limits set their own; the permission matrix sends every actor's wrong password.
    SIGN_IN_LOCKOUT_FAILURES: '1000',
    SEED_DEMO: 'false',
    ...env,
  });
  const url = options.embedded ? undefined : (options.databaseUrl ?? process.env.TEST_DATABASE_URL);
  const shared = options.sameDatabaseAs;
  const ownSchema = url && !options.databaseUrl;
  const schemaName = ownSchema ? (shared?.schemaName ?? `t_${crypto.randomBytes(6).toString('hex')}`) : undefined;
  const database =
    shared && !url
      ? { ...shared.app.ctx.platform.database, close: async () => undefined }
      : await openDatabase({
          url,
          schemaName,
          poolSize: options.poolSize ?? 4,
          ...(url ? {} : { pgliteTemplate: await migratedPgliteTemplate() }),
        });
  await database.migrate();
  const work = options.work ?? (options.jobs ? true : [CONFIRMATION_MAIL_JOB]);
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false };
  const app = await buildApp(config, {
    database,
    ...(options.payments ? { payments: options.payments(database) } : {}),
    serveWeb: options.serveWeb ?? false,
    ...logging,
    jobs: {
      work,
      pollingIntervalSeconds: 0.5,
      ...(options.retryDelaySeconds === undefined ? {} : { retryDelaySeconds: options.retryDelaySeconds }),
    },
  });
  async function close(): Promise<void> {
    try {
      await app.close();
    } finally {
      if (url && schemaName && !shared) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schemaName}" cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  try {
    options.beforeReady?.(app);
    await app.ready();
    // As main.ts does after migrating (a worker-only app has no API to seed for).
    if (config.role !== 'worker') await seedStartupData(app.ctx);
    await app.ctx.jobs.start();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { app, config, dataDir, schemaName, close };
}
