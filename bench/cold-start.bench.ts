/**
 * Cold start: the time from spawning a process to its first 200 on a public endpoint (`GET /api/genres`, the
 * genres list read from the database), and the CPU the process used until then (user + system, every
 * thread, from /proc), for the built app (`apps/server/dist/main.js`) beside a bare baseline in the same run
 * (`cold-start-bare.ts`: a bare Fastify server and database client answering the same statement with the same
 * bytes; see its header for what it leaves out).
 *
 * - PostgreSQL: `ROLE=api` (an API process behind a balancer), on a database of its own made for the run.
 * - PGlite (the embedded default): `ROLE=all`, the only role the embedded database allows (one process owns
 *   it), with job workers, on a DATA_DIR of its own; the bare process opens the same PGlite folder.
 *
 * The first start on the fresh database (migrations applied) is measured once and reported apart; then the
 * cold starts alternate ours and bare, BENCH_ROUNDS (7) of each, a start's process ended (SIGTERM, waited
 * for) before the next. From spawn, the port is tried every 5 ms (a TCP connect: cheaper for both sides than a
 * refused fetch), then the endpoint asked. Medians are reported with every run.
 * Run after `npm run build`: `npm run bench:cold-start -w @hfm/bench`. Results:
 * bench/results/cold-start-<engine>.json (BENCH_OUT_SUFFIX appended). Knobs: BENCH_ENGINES (postgres,pglite),
 * BENCH_ROUNDS, BENCH_MAIN (another build's main.js, e.g. the commit before the bundle, for a before figure).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, createPlace, freePort, loadAverage, placeEnv, repoRoot, round, writeResult } from './bench-kit.ts';
import type { BenchPlace, Engine } from './bench-kit.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').filter(Boolean) as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ENDPOINT = '/api/genres';
// Another build's entry may be measured in its place (a checkout of an earlier commit, built with its own tsc).
const mainJs = process.env.BENCH_MAIN ?? path.join(repoRoot, 'apps/server/dist/main.js');
const bareFile = fileURLToPath(new URL('./cold-start-bare.ts', import.meta.url));

interface Start {
  /** Spawn to the first 200, in milliseconds. */
  ms: number;
  /** CPU the process had used when it answered (user + system, all threads), in milliseconds. */
  cpuMs: number;
  bytes: number;
}

/** Whether anything listens on the port yet: a refused connection costs both sides far less than a refused fetch. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Spawns `node file`, waits until its port accepts a connection (checked every 5 ms), then asks the endpoint
 * until it answers 200, reads the process's CPU, and ends the process.
 */
async function coldStart(file: string, env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [file], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A guard against a start that hangs (a first start migrates; the machine may be busy), not a measure.
  const deadline = Date.now() + 5 * 60_000;
  try {
    for (;;) {
      const answer = (await listening(port))
        ? await fetch(`${base}${ENDPOINT}`).then(
            async (response) => ({ status: response.status, bytes: (await response.arrayBuffer()).byteLength }),
            () => null,
          )
        : null;
      if (answer?.status === 200) {
        const ms = performance.now() - started;
        return { ms: round(ms, 1), cpuMs: cpuMs(child.pid!), bytes: answer.bytes };
      }
      if (child.exitCode !== null) throw new Error(`${path.basename(file)} exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`${path.basename(file)} never answered 200:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : round((sorted[middle - 1]! + sorted[middle]!) / 2, 1);
};

const summary = (starts: Start[]) => ({
  medianMs: median(starts.map((start) => start.ms)),
  medianCpuMs: median(starts.map((start) => start.cpuMs)),
  bytes: starts[0]!.bytes,
  runs: starts,
});

async function benchEngine(engine: Engine): Promise<void> {
  const place: BenchPlace = await createPlace(engine, 'cold-start');
  const role = engine === 'postgres' ? 'api' : 'all';
  const appEnv = { ...placeEnv(place), ROLE: role, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
  const bareEnv = placeEnv(place);
  try {
    const loadBefore = loadAverage();
    const firstStart = await coldStart(mainJs, appEnv);
    const ours: Start[] = [];
    const bare: Start[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      ours.push(await coldStart(mainJs, appEnv));
      bare.push(await coldStart(bareFile, bareEnv));
    }
    const oursSummary = summary(ours);
    const bareSummary = summary(bare);
    writeResult(`cold-start-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, {
      date: new Date().toISOString().slice(0, 10),
      engine,
      role,
      endpoint: `GET ${ENDPOINT}`,
      rounds: ROUNDS,
      node: process.version,
      main: path.relative(repoRoot, mainJs),
      target: { msToFirst200: 1500, role: 'api' },
      baseline:
        'cold-start-bare.ts: node, Fastify and the database client (pg pool, or PGlite on the same folder), one route running the same statement and answering the same bytes',
      firstStartMigrating: firstStart,
      ours: oursSummary,
      bare: bareSummary,
      ratio: {
        ms: round(bareSummary.medianMs / oursSummary.medianMs),
        cpu: round(bareSummary.medianCpuMs / oursSummary.medianCpuMs),
      },
      sameBytes: oursSummary.bytes === bareSummary.bytes,
      loadAverage: { before: loadBefore, after: loadAverage() },
    });
  } finally {
    await place.remove();
  }
}

for (const engine of ENGINES) await benchEngine(engine);
