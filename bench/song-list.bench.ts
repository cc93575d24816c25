/**
 * The song list (`GET /api/songs/artist/{id}?page=1&limit=12`) and the artists list (`GET /api/artists?page=1&limit=12`)
 * of the built server, each beside a bare handler doing the same work in the same run (bench/list-bare.ts:
 * bare Fastify and a bare `pg.Pool`, or PGlite on the same DATA_DIR, running our server's statements, with
 * the session lookup and the access check, and answering the same JSON byte for byte).
 *
 * The catalogue is the demo seed (`seed-demo --artists 1000 --songs 20000` unless BENCH_ARTISTS and
 * BENCH_SONGS say otherwise), on a throwaway database per engine. The song list is asked by the artist signed
 * in (its own songs, every state; a session inserted for its account), by a signed-in fan and signed out (the
 * released songs), of a seeded ACTIVE artist with at least 12 songs; the artists list signed out and by the fan.
 * Before measuring, the bench takes one request of each case from our server, with the statements its
 * database client ran (bench/discovery-children.ts `--server` records them), then asks the bare handler the
 * same and stops unless the bodies are the same bytes and the statements the same texts and parameters.
 *
 * autocannon at 20 connections for BENCH_SECONDS (10) per case, BENCH_ROUNDS (3) rounds of ours then bare (each
 * process started afresh; never together: PGlite belongs to one process at a time); the figures are medians
 * and the ratio the median of the rounds' ratios. The CPU per request is the answering process's (PGlite runs
 * inside it; PostgreSQL's own CPU is not counted on either side).
 *
 * Run: `npm run build && npm run bench:song-list -w @hfm/bench` (BENCH_ENGINES=pglite,postgres). Results:
 * bench/results/song-list-<engine>.json and artists-list-<engine>.json; docs/performance.md ("Song list and
 * artists list").
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  createPlace,
  cpuMs,
  freePort,
  loadAverage,
  round,
  seedCatalogue,
  withDatabase,
  writeResult,
  type Engine,
} from './bench-kit.ts';
import type { CapturedQuery, ChildRequest } from './discovery-capture.ts';
import type { ListStatements } from './list-bare.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 1000);
const SONGS = Number(process.env.BENCH_SONGS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const here = (file: string) => new URL(file, import.meta.url).pathname;

interface Child {
  pid: number;
  call<T>(request: Omit<ChildRequest, 'id'>): Promise<T>;
  stop(): Promise<void>;
}

function startChild(file: string, args: string[], env: Record<string, string>): Promise<Child> {
  const child: ChildProcess = fork(here(file), args, { env: { ...process.env, ...env }, stdio: 'inherit' });
  let counter = 0;
  const pending = new Map<number, (message: { result?: unknown; error?: string }) => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`${file} exited with ${code}`));
    child.once('exit', early);
    child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) {
        child.off('exit', early);
        resolve({
          pid: child.pid!,
          call: <T>(request: Omit<ChildRequest, 'id'>) =>
            new Promise<T>((done, fail) => {
              const id = ++counter;
              pending.set(id, (answer) => (answer.error ? fail(new Error(answer.error)) : done(answer.result as T)));
              child.send({ ...request, id });
            }),
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
        });
        return;
      }
      pending.get(message.id!)?.(message);
      pending.delete(message.id!);
    });
  });
}

interface Case {
  list: 'song-list' | 'artists-list';
  name: string;
  /** Who asks, in words, for the result file. */
  who: string;
  path: string;
  cookie?: string;
}

async function get(base: string, item: Case): Promise<string> {
  const response = await fetch(`${base}${item.path}`, { headers: item.cookie ? { cookie: item.cookie } : {} });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${item.path}: ${response.status} ${body.slice(0, 200)}`);
  return body;
}

async function measure(base: string, pid: number, item: Case) {
  const cpuBefore = cpuMs(pid);
  const before = loadAverage();
  const result = await autocannon({
    url: `${base}${item.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    // PGlite answers one statement at a time: at 20 connections on a loaded machine an answer may wait long.
    timeout: 120,
    headers: item.cookie ? { cookie: item.cookie } : {},
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${item.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const requests = Math.max(1, result.requests.total);
  // autocannon stops at the time with requests in flight: let them be answered before anything else runs.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    requestsPerSecond: round(requests / SECONDS, 1),
    cpuMsPerRequest: round((cpuMs(pid) - cpuBefore) / requests),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    bytesPerRequest: Math.round(result.throughput.total / requests),
    loadAverage: { before, after: loadAverage() },
  };
}

type Stats = Awaited<ReturnType<typeof measure>>;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Each figure's median over the rounds. */
function medianStats(all: Stats[]) {
  return {
    requestsPerSecond: median(all.map((stats) => stats.requestsPerSecond)),
    cpuMsPerRequest: median(all.map((stats) => stats.cpuMsPerRequest)),
    latencyMs: { p50: median(all.map((s) => s.latencyMs.p50)), p99: median(all.map((s) => s.latencyMs.p99)) },
    bytesPerRequest: all[0]!.bytesPerRequest,
  };
}

/** The statements by purpose, from the captured requests: the texts the bare handler runs. */
function writeStatements(dataDir: string, captured: Map<string, { statements: CapturedQuery[] }>): string {
  const texts = (key: string) => captured.get(key)!.statements.map((q) => q.text);
  const [session, artistOfUser, songAccess, pageAll, countAll] = texts('song-list/owner');
  const [, pageOut, countOut] = texts('song-list/signedOut');
  const [artistPage, artistCount, genres] = texts('artists-list/signedOut');
  const statements: ListStatements = {
    session: session!,
    artistOfUser: artistOfUser!,
    songAccess: songAccess!,
    songPage: { all: pageAll!, out: pageOut! },
    songCount: { all: countAll!, out: countOut! },
    artistPage: artistPage!,
    artistCount: artistCount!,
    genres: genres!,
  };
  const file = path.join(dataDir, 'statements.json');
  fs.writeFileSync(file, JSON.stringify(statements));
  return file;
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
const sameStatements = (a: { text: string; params: unknown[] }[], b: { text: string; params: unknown[] }[]) =>
  JSON.stringify(a.map((q) => [normal(q.text), q.params])) === JSON.stringify(b.map((q) => [normal(q.text), q.params]));

/** The session of a seeded artist's account, inserted while no server runs (PGlite is one process's at a time). */
async function pickArtist(place: Awaited<ReturnType<typeof createPlace>>) {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = crypto.createHash('sha256').update(token).digest('base64url');
  return withDatabase(place, async (query) => {
    const [artist] = await query<{ id: string; user_id: string; songs: number }>(
      `select a.id, a.user_id, (select count(*)::int from songs s where s.artist_id = a.id) as songs
       from artists a join users u on u.id = a.user_id
       where a.status = 'ACTIVE' and u.status = 'ACTIVE'
         and (select count(*) from songs s where s.artist_id = a.id and s.status = 'ready') >= 12
       order by a.created_at desc limit 1`,
    );
    if (!artist) throw new Error('the catalogue has no ACTIVE artist with 12 ready songs');
    await query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [
      artist.user_id,
      tokenHash,
    ]);
    const [counts] = await query<{ artists: number; songs: number }>(
      'select (select count(*)::int from artists) as artists, (select count(*)::int from songs) as songs',
    );
    return { artistId: artist.id, songs: artist.songs, cookie: `hfm_session=${token}`, counts: counts! };
  });
}

async function benchEngine(engine: Engine): Promise<void> {
  const place = await createPlace(engine, 'lists');
  try {
    console.log(`${engine}: seeding ${ARTISTS} artists and ${SONGS} songs`);
    await seedCatalogue(place, ARTISTS, SONGS);
    const picked = await pickArtist(place);
    const env = { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, LOG_LEVEL: 'warn' };

    const ourEnv = async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      return {
        base,
        env: { ...env, PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'false', RATE_LIMIT_MAX: '1000000000' },
      };
    };
    const cases: Case[] = [];
    const captured = new Map<string, { body: string; statements: CapturedQuery[] }>();
    const rounds = new Map<string, { ours: Stats[]; bare: Stats[] }>();
    let statementsFile = '';

    for (let round = 1; round <= ROUNDS; round++) {
      // Ours: in the first round each case once with its statements; then each case measured.
      const { base: ourBase, env: serverEnv } = await ourEnv();
      const ours = await startChild('discovery-children.ts', ['--server'], serverEnv);
      try {
        if (round === 1) {
          const { cookie: fanCookie } = await ours.call<{ cookie: string }>({ op: 'member-cookie' });
          const songs = `/api/songs/artist/${picked.artistId}?page=1&limit=12`;
          const artists = '/api/artists?page=1&limit=12';
          const own = { list: 'song-list', name: 'owner', path: songs, cookie: picked.cookie } as const;
          cases.push(
            { ...own, who: 'the artist, signed in: every song' },
            { list: 'song-list', name: 'fan', who: 'a signed-in fan: released songs', path: songs, cookie: fanCookie },
            { list: 'song-list', name: 'signedOut', who: 'signed out: released songs', path: songs },
            { list: 'artists-list', name: 'signedOut', who: 'signed out', path: artists },
            { list: 'artists-list', name: 'fan', who: 'a signed-in fan', path: artists, cookie: fanCookie },
          );
          for (const item of cases) {
            await get(ourBase, item); // warm-up: prepared statements, a session stamped
            await ours.call({ op: 'capture-start' });
            const body = await get(ourBase, item);
            const { queries } = await ours.call<{ queries: CapturedQuery[] }>({ op: 'capture-stop' });
            captured.set(`${item.list}/${item.name}`, { body, statements: queries });
            rounds.set(`${item.list}/${item.name}`, { ours: [], bare: [] });
          }
          statementsFile = writeStatements(place.dataDir, captured);
        }
        for (const item of cases) {
          await get(ourBase, item);
          rounds.get(`${item.list}/${item.name}`)!.ours.push(await measure(ourBase, ours.pid, item));
        }
      } finally {
        await ours.stop();
      }

      // Bare: in the first round the same bodies and statements checked; then each case measured.
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const bare = await startChild('list-bare.ts', [], {
        ...env,
        PORT: String(port),
        BENCH_STATEMENTS: statementsFile,
      });
      try {
        for (const item of cases) {
          const key = `${item.list}/${item.name}`;
          await get(base, item);
          const body = await get(base, item);
          const log = (await (await fetch(`${base}/statements`)).json()) as { text: string; params: unknown[] }[];
          const ourCapture = captured.get(key)!;
          if (body !== ourCapture.body) {
            throw new Error(
              `${key}: the bare body differs\nours: ${ourCapture.body.slice(0, 600)}\nbare: ${body.slice(0, 600)}`,
            );
          }
          if (!sameStatements(ourCapture.statements, log)) {
            throw new Error(
              `${key}: the bare statements differ\nours: ${JSON.stringify(ourCapture.statements)}\nbare: ${JSON.stringify(log)}`,
            );
          }
        }
        for (const item of cases) {
          rounds.get(`${item.list}/${item.name}`)!.bare.push(await measure(base, bare.pid, item));
        }
      } finally {
        await bare.stop();
      }
    }

    for (const list of ['song-list', 'artists-list'] as const) {
      const out: Record<string, unknown> = {
        engine,
        date: new Date().toISOString(),
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        catalogue: picked.counts,
        ...(list === 'song-list' ? { artistSongs: picked.songs } : {}),
        baseline:
          'bench/list-bare.ts: bare Fastify + ' +
          (engine === 'postgres' ? 'pg.Pool (10, the same named prepared statements)' : 'PGlite on the same DATA_DIR') +
          ' running our statements (session, artist of an ARTIST account, access check, page, count' +
          (list === 'artists-list' ? ', genres' : '') +
          ') and answering the same bytes; no app hooks, no zod, no drizzle',
        cases: {},
      };
      for (const item of cases.filter((entry) => entry.list === list)) {
        const key = `${item.list}/${item.name}`;
        const { ours, bare } = rounds.get(key)!;
        const ratios = ours.map((stats, index) => stats.requestsPerSecond / bare[index]!.requestsPerSecond);
        const cpuRatios = ours.map(
          (stats, index) => bare[index]!.cpuMsPerRequest / Math.max(0.01, stats.cpuMsPerRequest),
        );
        (out.cases as Record<string, unknown>)[item.name] = {
          who: item.who,
          path: item.path.replace(picked.artistId, '{artist}'),
          bodyBytes: Buffer.byteLength(captured.get(key)!.body),
          statements: captured.get(key)!.statements.map((q) => normal(q.text)),
          ours: medianStats(ours),
          bare: medianStats(bare),
          ratio: round(median(ratios)),
          cpuRatio: round(median(cpuRatios)),
          rounds: { ours, bare, ratios: ratios.map((value) => round(value)) },
        };
      }
      writeResult(`${list}-${engine}.json`, out);
    }
  } finally {
    await place.remove();
  }
}

for (const engine of ENGINES) await benchEngine(engine);
