/**
 * The processes `discovery.bench.ts` measures, each started with `fork(this file, [mode])` and driven over IPC:
 *
 * - `--server`: the built app as `npm start` runs it (buildApp, migrations, jobs, listen), on the database and
 *   storage the environment names. On request it records the SQL its database client runs (text, parameters,
 *   start and end), so one request's statements can be replayed by the bare handler.
 * - `--bare-sql`: a bare Fastify server and a bare database client (pg.Pool of the server's size, or PGlite on
 *   the same DATA_DIR) answering `GET /{endpoint}/{variant}` by running the statements captured for it, in the
 *   same concurrent waves, and sending the rows as JSON.
 * - `--bare-file`: a bare node:http server answering any GET with one file, honouring a byte range.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { CapturedQuery, Captures, ChildRequest } from './discovery-capture.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = (file: string) => path.join(repoRoot, 'apps/server/dist', file);

/** JSON-safe parameters as a driver sends them (dates as ISO text). */
function plainParams(params: unknown): unknown[] {
  return Array.isArray(params) ? (JSON.parse(JSON.stringify(params)) as unknown[]) : [];
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** Wraps a client's `query` so every statement is recorded while `recording` says so. */
function recordQueries(
  target: { query: QueryFn },
  sink: () => CapturedQuery[] | null,
  textOf: (args: unknown[]) => { text: string; params: unknown },
): void {
  const original = target.query.bind(target);
  target.query = async (...args: unknown[]) => {
    const list = sink();
    if (!list) return original(...args);
    const { text, params } = textOf(args);
    const startMs = performance.now();
    try {
      return await original(...args);
    } finally {
      if (!/pgboss/i.test(text)) list.push({ text, params: plainParams(params), startMs, endMs: performance.now() });
    }
  };
}

async function runServer(): Promise<void> {
  const { tuneGarbageCollection } = await import(dist('platform/garbage-collection.js'));
  tuneGarbageCollection();
  const { loadConfig } = await import(dist('config.js'));
  const { openDatabase } = await import(dist('platform/db/client.js'));
  const { buildApp } = await import(dist('app.js'));
  const config = loadConfig(process.env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });

  let recording: CapturedQuery[] | null = null;
  const sink = () => recording;
  if (database.pglite) {
    const pglite = database.pglite as { query: QueryFn; transaction: QueryFn };
    const pgliteText = (args: unknown[]) => ({ text: String(args[0]), params: args[1] });
    recordQueries(pglite, sink, pgliteText);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (callback: unknown) =>
      transaction(async (tx: { query: QueryFn }) => {
        recordQueries(tx, sink, pgliteText);
        return (callback as (tx: unknown) => Promise<unknown>)(tx);
      });
  } else {
    const pgText = (args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[] };
      return typeof first === 'string'
        ? { text: first, params: args[1] }
        : { text: first.text, params: args[1] ?? first.values };
    };
    // Every statement, pool.query's too, runs on a pooled client: record on each new client.
    const pool = database.pool as { on(event: 'connect', listener: (client: { query: QueryFn }) => void): void };
    pool.on('connect', (client) => recordQueries(client, sink, pgText));
  }

  const app = await buildApp(config, { serveWeb: false, database });
  await app.ctx.platform.database.migrate();
  await app.ctx.jobs.start();
  await app.listen({ port: config.port, host: '127.0.0.1' });
  // Closing the app closes the database: PGlite's files stay clean for the next process.
  onStop(() => app.close());

  const { sql } = await import(path.join(repoRoot, 'node_modules/drizzle-orm/index.js'));
  const rows = async <T>(query: unknown): Promise<T[]> => ((await app.ctx.db.execute(query)) as { rows: T[] }).rows;

  process.on('message', (request: ChildRequest) => {
    const answer = async (): Promise<unknown> => {
      switch (request.op) {
        case 'capture-start':
          // A write of the catalogue that changes no row: the next request builds its read model again
          // (platform/read-models), and that build's statements are what is captured.
          await app.ctx.db.execute(sql`update genres set label = label where false`);
          recording = [];
          return {};
        case 'capture-stop': {
          // The read of the catalogue's version before the build is the cache's, not the page's.
          const captured = (recording ?? []).filter((query) => !query.text.includes('catalogue_version'));
          recording = null;
          return { queries: captured };
        }
        case 'member-cookie':
          return { cookie: await memberCookie(app) };
        case 'sample':
          return sampleCatalogue(rows, sql);
      }
    };
    answer().then(
      (result) => process.send!({ id: request.id, result }),
      (error: unknown) => process.send!({ id: request.id, error: String((error as Error)?.stack ?? error) }),
    );
  });
  process.send!({ ready: true });
}

const BENCH_FAN = { email: 'bench-fan@bench.hfm.local', password: 'Bench-Fan-2026!' };

/** A signed-in fan's cookie: the account is made once and kept in the database. */
async function memberCookie(app: {
  ctx: { db: unknown };
  inject(options: object): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}): Promise<string> {
  const users = await import(dist('modules/users/users.service.js'));
  if (!(await users.findUserByEmail(app.ctx.db, BENCH_FAN.email))) {
    await users.createAccount(app.ctx.db, {
      ...BENCH_FAN,
      firstName: 'Bench',
      lastName: 'Fan',
      role: 'SUBSCRIBER',
      status: 'ACTIVE',
      dob: '1990-01-01',
      gender: 'PREFER NOT TO SAY',
    });
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { userName: BENCH_FAN.email, password: BENCH_FAN.password },
  });
  const cookie = String(response.headers['set-cookie'] ?? '').split(';')[0];
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in: ${response.statusCode} ${response.body}`);
  return cookie;
}

/**
 * Artists whose pages the bench opens: seeded, ACTIVE, with an album and a typical number of songs (15 to 25,
 * around the catalogue's median), in slug order; and one released song that is not full-preview.
 */
async function sampleCatalogue(
  rows: <T>(query: unknown) => Promise<T[]>,
  sql: (strings: TemplateStringsArray, ...values: unknown[]) => unknown,
) {
  const artists = await rows<{ slug: string; songs: number }>(sql`
    select a.slug, (select count(*)::int from songs s where s.artist_id = a.id) as songs
    from artists a
    where a.status = 'ACTIVE' and a.slug is not null
      and exists (select 1 from albums al where al.artist_id = a.id)
      and (select count(*) from songs s where s.artist_id = a.id) between 15 and 25
    order by a.slug limit 20`);
  const [song] = await rows<{ id: string }>(sql`
    select s.id from songs s join artists a on a.id = s.artist_id
    where a.status = 'ACTIVE' and s.status = 'ready' and not s.is_full_preview
    order by a.slug, s.created_at limit 1`);
  const [counts] = await rows<{ artists: number; songs: number }>(sql`
    select (select count(*)::int from artists) as artists, (select count(*)::int from songs) as songs`);
  return { artists, songId: song?.id, counts };
}

async function runBareSql(): Promise<void> {
  const captures = JSON.parse(fs.readFileSync(process.env.BENCH_CAPTURES!, 'utf8')) as Captures;
  let run: (text: string, params: unknown[]) => Promise<unknown[]>;
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    run = async (text, params) => (await pool.query(text, params)).rows as unknown[];
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'db', 'pg'), { extensions: { pg_trgm } });
    onStop(() => db.close());
    run = async (text, params) => (await db.query(text, params)).rows;
  }
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get<{ Params: { endpoint: string; variant: string } }>('/:endpoint/:variant', async (request, reply) => {
    const waves = captures[request.params.endpoint]?.[Number(request.params.variant)];
    if (!waves) return reply.status(404).send({ error: 'no such capture' });
    const results: unknown[][] = [];
    for (const wave of waves) results.push(...(await Promise.all(wave.map((q) => run(q.text, q.params)))));
    return { results };
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send!({ ready: true });
}

/** node:http and the file: 206 for a byte range, 200 for the whole. */
function runBareFile(): void {
  const file = process.env.BENCH_FILE!;
  const size = fs.statSync(file).size;
  const server = http.createServer((request, response) => {
    const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    const start = match ? Number(match[1]) : 0;
    const end = match && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    response.writeHead(match ? 206 : 200, {
      'content-type': 'audio/mp4',
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      ...(match ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    fs.createReadStream(file, { start, end }).pipe(response);
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send!({ ready: true }));
}

let stop: () => Promise<unknown> = async () => undefined;
function onStop(work: () => Promise<unknown>): void {
  stop = work;
}
process.on('SIGTERM', () => {
  stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
if (process.argv.includes('--server')) await runServer();
else if (process.argv.includes('--bare-sql')) await runBareSql();
else if (process.argv.includes('--bare-file')) runBareFile();
