/**
 * Fans' reads on a large catalogue (10,000 artists, 200,000 songs by default), each beside a bare handler
 * running the same SQL, at 100 connections with autocannon, on PGlite and on PostgreSQL:
 *
 * | endpoint | ours (cached, and uncached) | bare |
 * | --- | --- | --- |
 * | memberHome | `GET /api/playlists/agg/member-home-lists`, a signed-in fan's cookie | Fastify + the same statements |
 * | search | `GET /api/search?s=` over 30 varied terms in turn | Fastify + each term's statements |
 * | artistPage | `GET /api/artist-pages/{slug}` over 20 typical artists in turn (no If-None-Match) | Fastify + each page's statements |
 * | preview | the signed preview URL from `GET /api/songs/{id}/play`, its first 64 KiB (`Range`), i.e. time to first bytes | node:http streaming the same file |
 * | artistPageBrowser | the artist page as a browser opens a shared link: `GET /a/{slug}` (gzip), then the API calls the HTML leaves to the app (what it preloads, and `/peaks` of the first screen's rows it does not carry) | Fastify + the same statements of the whole page, in one request |
 *
 * Ours runs twice a round: as configured (the public read models kept in memory between requests:
 * platform/read-models, docs/decisions/0059) and with READ_MODEL_CACHE_MB=0 (every request builds its model,
 * the figures before the cache). The bare handler runs, on every request, the statements one request that
 * builds its model runs (the cache's read of the catalogue version left out), i.e. what our server would do
 * without the cache, without Fastify's hooks, zod, the presenter or the serializer.
 *
 * artistPageBrowser is measured per page (a page = its requests, walked in turn by every connection): pages per
 * second, CPU, bytes on the wire and statements per page, so the page can be compared beside any peer's page
 * as a browser loads it. Its scripts and styles are the web bundle's files, the same for every page, and are
 * left out (bench/first-load.bench.ts measures them).
 * The bare SQL is captured, not retyped: the built app runs in a child that records what its database client
 * runs during one request (after a warm-up request of the same kind), grouped into the waves that ran at the
 * same time; the bare child replays those statements in those waves and sends the rows as JSON. Rounds
 * alternate ours and bare (each in its own process: PGlite belongs to one process at a time) and the figures
 * are medians. Search latency is also measured one request at a time (every term, several times): its p95 is
 * the target (at most 50 ms); the throughput targets are ours >= 50% of bare, and (issue 25) a p99 under 500 ms
 * at 100 connections on member home, search and the artist page, and more than 2,000 artist pages a second.
 *
 * The catalogue is seeded once with `seed-demo --artists --songs` and reused: PGlite under
 * `$BENCH_DIR/pglite` (default: the system temp folder's `hfm-bench-discovery`), PostgreSQL in the database
 * `bench` (BENCH_DATABASE_NAME) on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), its media under
 * `$BENCH_DIR/postgres`. Run after `npm run build`: `npm run bench:discovery -w @hfm/bench`.
 * Results: bench/results/discovery-<engine>.json; summary in docs/performance.md.
 * Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ROUNDS (3), BENCH_SECONDS (15: the measured run's length, roughly), BENCH_WARMUP_REQUESTS (1 per connection),
 * BENCH_ARTISTS, BENCH_SONGS, BENCH_PREVIEW_RANGE_BYTES (65536), BENCH_OUT_SUFFIX, BENCH_DATABASE_NAME (bench), BENCH_ENDPOINTS (a comma list
 * of the four names, to measure some), BENCH_CPU_PROF=<folder> (every child writes a CPU profile there),
 * BENCH_UNCACHED (1; 0 skips the uncached runs).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hfm/test-support/server';
import autocannon from 'autocannon';
import pg from 'pg';
import { toWaves, type CapturedQuery, type Captures, type ChildRequest } from './discovery-capture.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 10_000);
const SONGS = Number(process.env.BENCH_SONGS ?? 200_000);
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_REQUESTS_PER_CONNECTION = Number(process.env.BENCH_WARMUP_REQUESTS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PREVIEW_RANGE_BYTES = Number(process.env.BENCH_PREVIEW_RANGE_BYTES ?? 65_536);
const SEARCH_REPEAT = 3;
/** A queued request may wait long on a slow endpoint (PGlite answers one statement at a time). */
const TIMEOUT_SECONDS = 120;
const BENCH_DIR = process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'hfm-bench-discovery');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME ?? 'bench';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const childFile = fileURLToPath(new URL('./discovery-children.ts', import.meta.url));

/** Words the seeded titles and names are made of, parts of them, phrases, and terms that match nothing. */
const SEARCH_TERMS = [
  'river', 'ghost', 'summer', 'velvet', 'moon', 'fire', 'storm', 'lisbon', 'wolf', 'golden',
  'echo', 'the', 'rain', 'silver', 'dream', 'blue', 'heart', 'kingston', 'lonely', 'electric',
  'paradise', 'neon riv', 'ghosts of', 'the velvet', 'midnight', 'nadia oka', 'sparrow', 'tonight', 'qqzx', 'moonlight',
]; // prettier-ignore

type EndpointName = 'memberHome' | 'search' | 'artistPage' | 'preview' | 'artistPageBrowser';
const SQL_ENDPOINTS = ['memberHome', 'search', 'artistPage', 'artistPageBrowser'] as const;
/** The rows of an artist page's first screen at 1280 by 800 that draw a waveform (e2e/artist-page.e2e.test.ts). */
const FIRST_SCREEN_ROWS = 4;
/** What a browser sends for a page. */
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };
/** The endpoints measured (all unless BENCH_ENDPOINTS names some, e.g. to profile one). */
const MEASURED = (process.env.BENCH_ENDPOINTS ?? 'memberHome,search,artistPage,preview,artistPageBrowser').split(',');
const measured = <T extends EndpointName>(names: readonly T[]) => names.filter((name) => MEASURED.includes(name));
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const UNCACHED = process.env.BENCH_UNCACHED !== '0';
const P99_TARGET_MS = 500;
const ARTIST_PAGES_TARGET = 2000;

interface Stats {
  /** The measured run: from its first request to its last answer. */
  seconds: number;
  requestsPerSecond: number;
  requests: number;
  /** Requests that ran out of time (TIMEOUT_SECONDS) or failed on the connection. */
  timeouts: number;
  latencyMs: { p50: number; p95: number; p99: number };
  cpuMsPerRequest: number;
  bytesPerRequest: number;
}

interface Child {
  child: ChildProcess;
  call<T>(request: Omit<ChildRequest, 'id'>): Promise<T>;
  stop(): Promise<void>;
}

function startChild(mode: '--server' | '--bare-sql' | '--bare-file', env: Record<string, string>): Promise<Child> {
  const child = fork(childFile, [mode], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
    execArgv: PROFILE_DIR
      ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR, '--cpu-prof-name', `${mode.slice(2)}-${Date.now()}.cpuprofile`]
      : [],
  });
  let counter = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`${mode} exited with ${code}`));
    child.once('exit', early);
    child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) {
        child.off('exit', early);
        resolve({
          child,
          call: <T>(request: Omit<ChildRequest, 'id'>) =>
            new Promise<T>((done, fail) => {
              const id = ++counter;
              pending.set(id, { resolve: done as (value: unknown) => void, reject: fail });
              child.send({ ...request, id });
            }),
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
        });
        return;
      }
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
  });
}

/** CPU time (user + system) a process has used so far, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One autocannon run of `amount` requests over `paths` in turn; every answer must be 2xx. A run by count, not
 * by time, ends when every request is answered: nothing is left queued in the server for the next run, and a
 * slow endpoint (on PGlite every request in flight advances one statement at a time) is measured whole.
 */
async function load(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  pid: number,
  amount: number,
): Promise<Stats> {
  let next = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuMs(pid);
  const options = {
    url: base,
    connections: CONNECTIONS,
    amount,
    timeout: TIMEOUT_SECONDS,
    headers,
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  };
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error as Error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastAnswer = performance.now();
    });
  });
  // From the start to the last answer: autocannon reports a run by count on its next one-second tick.
  const seconds = (lastAnswer - started) / 1000;
  if (result.non2xx) throw new Error(`${base}${paths[0]}: ${result.non2xx} answers were not 2xx`);
  latencies.sort((a, b) => a - b);
  const answered = latencies.length;
  return {
    seconds: round(seconds),
    requestsPerSecond: round(answered / seconds, 1),
    requests: answered,
    timeouts: result.timeouts + result.errors,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    },
    cpuMsPerRequest: round((cpuMs(pid) - cpuBefore) / Math.max(1, answered)),
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, answered)),
  };
}

/**
 * A warm-up of one request per connection (JIT, caches, pools), whose rate sizes the measured run to about
 * BENCH_SECONDS, and at least five requests per connection.
 */
async function measure(base: string, paths: string[], headers: Record<string, string>, pid: number) {
  const warm = await load(base, paths, headers, pid, CONNECTIONS * WARMUP_REQUESTS_PER_CONNECTION);
  const perConnection = Math.max(5, Math.round((warm.requestsPerSecond * SECONDS) / CONNECTIONS));
  return load(base, paths, headers, pid, CONNECTIONS * perConnection);
}

/** Search one request at a time: every term SEARCH_REPEAT times; the latency a fan typing sees. */
async function sequentialLatency(base: string, paths: string[]) {
  for (const url of paths) await (await fetch(`${base}${url}`)).arrayBuffer();
  const times: number[] = [];
  for (let repeat = 0; repeat < SEARCH_REPEAT; repeat++) {
    for (const url of paths) {
      const started = performance.now();
      const response = await fetch(`${base}${url}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)) };
}

/** Seeds the catalogue once; a database that holds one already is reused (the CLI refuses a second seed). */
async function prepareCatalogue(engine: string): Promise<{ dataDir: string; databaseUrl: string }> {
  const dataDir = path.join(BENCH_DIR, engine);
  fs.mkdirSync(dataDir, { recursive: true });
  let databaseUrl = '';
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
      if (!rowCount) await admin.query(`create database "${BENCH_DATABASE}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${BENCH_DATABASE}`;
    databaseUrl = url.toString();
  }
  const args = ['seed-demo', '--artists', String(ARTISTS), '--songs', String(SONGS)];
  const cli = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const show = (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk.toString().replace(/\(password \S+\)/g, '(password hidden)'));
  };
  cli.stdout.on('data', show);
  cli.stderr.on('data', show);
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  if (code !== 0 && !output.includes('already holds a seeded demo catalogue')) {
    throw new Error(`seeding the ${engine} catalogue failed (${code})`);
  }
  return { dataDir, databaseUrl };
}

/** The path and the storage key of a signed media URL. */
function signedPath(url: string): { path: string; key: string } {
  const parsed = new URL(url);
  const [, , , , ...key] = parsed.pathname.split('/');
  return { path: `${parsed.pathname}${parsed.search}`, key: key.map(decodeURIComponent).join('/') };
}

/** The API answers a page's HTML carries (`hfm-first-data`), by path. */
function firstDataPaths(html: string): string[] {
  const block = /<script type="application\/json" id="hfm-first-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? Object.keys(JSON.parse(block[1]!) as Record<string, unknown>) : [];
}

/** What a page's HTML asks the browser to fetch early (`<link rel="preload" as="fetch">`). */
function preloadPaths(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="fetch"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
}

/**
 * The requests a browser makes for an artist's page opened from a shared link: the HTML, then whatever API
 * answer the HTML neither carries nor preloads among those the page asks for at once (who is signed in, the
 * page), the preloaded ones, and the waveforms of the first screen's rows it does not carry.
 */
async function browserPageRequests(base: string, slug: string): Promise<string[]> {
  const htmlPath = `/a/${slug}`;
  const html = await call(base, htmlPath, BROWSER_HEADERS);
  const given = new Set(firstDataPaths(html));
  const page = JSON.parse(await call(base, `/api/artist-pages/${slug}`, {})) as { songs: { id: string }[] };
  const asked = [
    '/api/auth/session',
    `/api/artist-pages/${slug}`,
    ...preloadPaths(html),
    ...page.songs.slice(0, FIRST_SCREEN_ROWS).map((song) => `/api/songs/${song.id}/peaks`),
  ];
  return [htmlPath, ...new Set(asked.filter((path) => !given.has(path)))];
}

interface Setup {
  cookie: string;
  songId: string;
  counts: { artists: number; songs: number };
  paths: Record<EndpointName, string[]>;
  headers: Record<EndpointName, Record<string, string>>;
  previewFile: string;
  captures: Captures;
  queries: Record<string, { statements: number; waves: number; sql: string[] }>;
  bodyBytes: Record<string, number>;
  /** artistPageBrowser: each page's requests (the HTML first), and how many a page makes. */
  browserPages: string[][];
  requestsPerPage: number;
}

async function call(base: string, url: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${url}`, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
  return body;
}

/** Paths, the fan's cookie, and each SQL endpoint's statements per variant, from the first server. */
async function setUp(server: Child, base: string, dataDir: string): Promise<Setup> {
  const { cookie } = await server.call<{ cookie: string }>({ op: 'member-cookie' });
  const sample = await server.call<{
    artists: { slug: string }[];
    songId?: string;
    counts: { artists: number; songs: number };
  }>({ op: 'sample' });
  if (sample.artists.length === 0 || !sample.songId) throw new Error('the catalogue has no typical artist to open');
  const play = JSON.parse(await call(base, `/api/songs/${sample.songId}/play`, {})) as { preview: string };
  const preview = signedPath(play.preview);
  const paths: Record<EndpointName, string[]> = {
    memberHome: ['/api/playlists/agg/member-home-lists'],
    search: SEARCH_TERMS.map((term) => `/api/search?s=${encodeURIComponent(term)}`),
    artistPage: sample.artists.map((artist) => `/api/artist-pages/${artist.slug}`),
    preview: [preview.path],
    artistPageBrowser: [],
  };
  const browserPages: string[][] = [];
  for (const artist of sample.artists) browserPages.push(await browserPageRequests(base, artist.slug));
  paths.artistPageBrowser = browserPages.flat();
  const headers: Record<EndpointName, Record<string, string>> = {
    memberHome: { cookie },
    search: {},
    artistPage: {},
    preview: { range: `bytes=0-${PREVIEW_RANGE_BYTES - 1}` },
    artistPageBrowser: BROWSER_HEADERS,
  };
  const captures: Captures = {};
  const queries: Setup['queries'] = {};
  const bodyBytes: Record<string, number> = {};
  for (const name of SQL_ENDPOINTS) {
    captures[name] = [];
    // A browser page's variant is the whole page: all its requests' statements, replayed by the bare in one.
    const variants = name === 'artistPageBrowser' ? browserPages : paths[name].map((url) => [url]);
    for (const urls of variants) {
      for (const url of urls) await call(base, url, headers[name]);
      await server.call({ op: 'capture-start' });
      let bytes = 0;
      for (const url of urls) bytes += Buffer.byteLength(await call(base, url, headers[name]));
      const { queries: captured } = await server.call<{ queries: CapturedQuery[] }>({ op: 'capture-stop' });
      captures[name].push(toWaves(captured));
      bodyBytes[name] ??= bytes;
    }
    const first = captures[name][0]!;
    queries[name] = {
      statements: first.flat().length,
      waves: first.length,
      sql: first.flat().map((query) => query.text),
    };
  }
  return {
    cookie,
    songId: sample.songId,
    counts: sample.counts,
    paths,
    headers,
    previewFile: path.join(dataDir, 'storage', 'objects', preview.key),
    captures,
    queries,
    bodyBytes,
    browserPages,
    requestsPerPage: browserPages[0]?.length ?? 1,
  };
}

interface Round {
  ours: Record<EndpointName, Stats>;
  /** Ours with READ_MODEL_CACHE_MB=0 (SQL endpoints only). */
  oursUncached?: Record<EndpointName, Stats>;
  bare: Record<EndpointName, Stats>;
  searchSequential: { ours: Stats['latencyMs']; oursUncached?: Stats['latencyMs']; bare: Stats['latencyMs'] };
}

async function benchEngine(engine: string) {
  const loadBefore = os.loadavg().map((value) => round(value));
  const { dataDir, databaseUrl } = await prepareCatalogue(engine);
  const capturesFile = path.join(BENCH_DIR, `${engine}-captures.json`);
  let setup: Setup | undefined;
  const rounds: Round[] = [];

  const runOurs = async (round: Partial<Round>, cached = true) => {
    const side = cached ? 'ours' : 'oursUncached';
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startChild('--server', {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '1000000000',
      ...(cached ? {} : { READ_MODEL_CACHE_MB: '0' }),
    });
    try {
      if (!setup) {
        setup = await setUp(server, base, dataDir);
        fs.writeFileSync(capturesFile, JSON.stringify(setup.captures));
      } else {
        // A fresh signed URL each round: they expire.
        const play = JSON.parse(await call(base, `/api/songs/${setup.songId}/play`, {})) as { preview: string };
        setup.paths.preview = [signedPath(play.preview).path];
      }
      const stats = {} as Record<EndpointName, Stats>;
      const endpoints = cached ? ([...SQL_ENDPOINTS, 'preview'] as const) : SQL_ENDPOINTS;
      for (const name of measured(endpoints)) {
        stats[name] = await measure(base, setup.paths[name], setup.headers[name], server.child.pid!);
        console.log(`  ${side} ${name}: ${stats[name].requestsPerSecond} req/s, p99 ${stats[name].latencyMs.p99} ms`);
      }
      round[side] = stats;
      if (MEASURED.includes('search')) {
        round.searchSequential = {
          ...round.searchSequential!,
          [side]: await sequentialLatency(base, setup.paths.search),
        };
      }
    } finally {
      await server.stop();
    }
  };

  const runBare = async (round: Partial<Round>) => {
    const stats = {} as Record<EndpointName, Stats>;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const bare = await startChild('--bare-sql', {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BENCH_CAPTURES: capturesFile,
    });
    const barePaths = (name: string) => setup!.captures[name]!.map((_, variant) => `/${name}/${variant}`);
    try {
      for (const name of measured(SQL_ENDPOINTS)) {
        stats[name] = await measure(base, barePaths(name), {}, bare.child.pid!);
        console.log(`  bare ${name}: ${stats[name].requestsPerSecond} req/s, p99 ${stats[name].latencyMs.p99} ms`);
      }
      if (MEASURED.includes('search')) {
        round.searchSequential = {
          ...round.searchSequential!,
          bare: await sequentialLatency(base, barePaths('search')),
        };
      }
    } finally {
      await bare.stop();
    }
    round.bare = stats;
    if (!MEASURED.includes('preview')) return;
    const filePort = await freePort();
    const file = await startChild('--bare-file', { PORT: String(filePort), BENCH_FILE: setup!.previewFile });
    try {
      stats.preview = await measure(`http://127.0.0.1:${filePort}`, ['/'], setup!.headers.preview, file.child.pid!);
      console.log(`  bare preview: ${stats.preview.requestsPerSecond} req/s, p99 ${stats.preview.latencyMs.p99} ms`);
    } finally {
      await file.stop();
    }
  };

  for (let n = 0; n < ROUNDS; n++) {
    console.log(`${engine} round ${n + 1} of ${ROUNDS}`);
    const round: Partial<Round> = { searchSequential: {} as Round['searchSequential'] };
    // Ours first in odd rounds (it captures the SQL in the first), bare first in even ones.
    if (n % 2 === 0 || !setup) {
      await runOurs(round);
      if (UNCACHED) await runOurs(round, false);
      await runBare(round);
    } else {
      await runBare(round);
      if (UNCACHED) await runOurs(round, false);
      await runOurs(round);
    }
    rounds.push(round as Round);
  }
  return summarise(engine, setup!, rounds, loadBefore);
}

function medianStats(list: Stats[]): Stats {
  return {
    seconds: median(list.map((s) => s.seconds)),
    requestsPerSecond: median(list.map((s) => s.requestsPerSecond)),
    requests: median(list.map((s) => s.requests)),
    timeouts: median(list.map((s) => s.timeouts)),
    latencyMs: {
      p50: median(list.map((s) => s.latencyMs.p50)),
      p95: median(list.map((s) => s.latencyMs.p95)),
      p99: median(list.map((s) => s.latencyMs.p99)),
    },
    cpuMsPerRequest: median(list.map((s) => s.cpuMsPerRequest)),
    bytesPerRequest: median(list.map((s) => s.bytesPerRequest)),
  };
}

function summarise(engine: string, setup: Setup, rounds: Round[], loadBefore: number[]) {
  const endpoints: Record<string, unknown> = {};
  for (const name of measured([...SQL_ENDPOINTS, 'preview'] as const)) {
    const ours = medianStats(rounds.map((r) => r.ours[name]));
    const bare = medianStats(rounds.map((r) => r.bare[name]));
    const ratio = round(ours.requestsPerSecond / Math.max(1, bare.requestsPerSecond));
    const uncachedRounds = rounds.flatMap((r) => (r.oursUncached?.[name] ? [r.oursUncached[name]] : []));
    const uncached = uncachedRounds.length ? medianStats(uncachedRounds) : undefined;
    const sql = (SQL_ENDPOINTS as readonly string[]).includes(name);
    const perPage = name === 'artistPageBrowser' ? setup.requestsPerPage : 1;
    endpoints[name] = {
      ours,
      ...(uncached
        ? {
            oursUncached: uncached,
            uncachedOverBare: round(uncached.requestsPerSecond / Math.max(1, bare.requestsPerSecond)),
          }
        : {}),
      bare,
      oursOverBare:
        name === 'artistPageBrowser' ? round(ours.requestsPerSecond / perPage / bare.requestsPerSecond) : ratio,
      targetMet: ratio >= 0.5,
      ...(sql ? { p99TargetMs: P99_TARGET_MS, p99TargetMet: ours.latencyMs.p99 < P99_TARGET_MS } : {}),
      ...(name === 'artistPage'
        ? {
            requestsPerSecondTarget: ARTIST_PAGES_TARGET,
            requestsPerSecondTargetMet: ours.requestsPerSecond > ARTIST_PAGES_TARGET,
          }
        : {}),
      ...(setup.queries[name] ? { queries: setup.queries[name], oursBodyBytes: setup.bodyBytes[name] } : {}),
      ...(name === 'artistPageBrowser'
        ? {
            // A page is `requestsPerPage` requests of ours; the bare runs the page's statements in one request.
            page: {
              requests: setup.browserPages[0],
              requestsPerPage: perPage,
              statementsPerPage: setup.queries[name]?.statements,
              ours: {
                pagesPerSecond: round(ours.requestsPerSecond / perPage, 1),
                cpuMsPerPage: round(ours.cpuMsPerRequest * perPage),
                bytesPerPage: ours.bytesPerRequest * perPage,
              },
              bare: { pagesPerSecond: bare.requestsPerSecond, cpuMsPerPage: bare.cpuMsPerRequest },
            },
          }
        : {}),
    };
  }
  const json = endpoints.artistPage as { ours: Stats } | undefined;
  const browserPage = endpoints.artistPageBrowser as { page: { ours: { cpuMsPerPage: number } } } | undefined;
  // What opening a shared link costs beside the page's JSON call alone (the issue measured 2.8 before).
  const browserPageCpuOverJson =
    json && browserPage ? round(browserPage.page.ours.cpuMsPerPage / json.ours.cpuMsPerRequest) : undefined;
  const latencyOf = (side: 'ours' | 'oursUncached' | 'bare') => ({
    p50: median(rounds.map((r) => r.searchSequential[side]!.p50)),
    p95: median(rounds.map((r) => r.searchSequential[side]!.p95)),
    p99: median(rounds.map((r) => r.searchSequential[side]!.p99)),
  });
  const searched = rounds.every((r) => r.searchSequential.ours && r.searchSequential.bare);
  const uncachedSearched = searched && rounds.every((r) => r.searchSequential.oursUncached);
  const sequential = searched
    ? {
        ours: latencyOf('ours'),
        ...(uncachedSearched ? { oursUncached: latencyOf('oursUncached') } : {}),
        bare: latencyOf('bare'),
      }
    : undefined;
  return {
    engine,
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: { before: loadBefore, after: os.loadavg().map((value) => round(value)) },
    catalogue: setup.counts,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupRequestsPerConnection: WARMUP_REQUESTS_PER_CONNECTION,
    rounds: ROUNDS,
    previewRangeBytes: PREVIEW_RANGE_BYTES,
    searchTerms: SEARCH_TERMS,
    endpoints,
    ...(browserPageCpuOverJson === undefined ? {} : { artistPageBrowserCpuOverJson: browserPageCpuOverJson }),
    ...(sequential
      ? { searchOneAtATime: { ...sequential, p95TargetMs: 50, targetMet: sequential.ours.p95 <= 50 } }
      : {}),
    raw: rounds,
  };
}

for (const engine of ENGINES) {
  const results = await benchEngine(engine);
  const out = path.join(repoRoot, `bench/results/discovery-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify({ ...results, raw: undefined }, null, 2));
}
