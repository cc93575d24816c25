/**
 * What the billing and downloads benches share: a throwaway database (a PostgreSQL database created and
 * dropped, or a PGlite folder), the built app started as `npm start` runs it on that database, the demo
 * catalogue seeded by the CLI, fans signed up through the API, direct SQL on the database while the app is
 * stopped, and a load run by count with autocannon that records every answer's status and latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { codeFromMail, freePort } from '@hfm/test-support/server';

export { freePort };

export type Engine = 'pglite' | 'postgres';
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
export const loadAverage = () => os.loadavg().map((value) => round(value));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Where one engine's run keeps its data: a temp folder, and on PostgreSQL a database of its own. */
export interface BenchPlace {
  engine: Engine;
  dataDir: string;
  /** '' on PGlite. */
  databaseUrl: string;
  /** Removes the folder and drops the database. */
  remove(): Promise<void>;
}

export async function createPlace(engine: Engine, name: string): Promise<BenchPlace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hfm-bench-${name}-`));
  let databaseUrl = '';
  const database = `hfm_bench_${name}_${Date.now().toString(36)}`;
  if (engine === 'postgres') {
    await admin(`create database "${database}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  return {
    engine,
    dataDir,
    databaseUrl,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await admin(`drop database if exists "${database}" with (force)`);
    },
  };
}

export const placeEnv = (place: BenchPlace) => ({ DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl });

/** `npm run cli -- seed-demo --artists N --songs M` on the place (the app must not be running on PGlite). */
export async function seedCatalogue(place: BenchPlace, artists: number, songs: number): Promise<void> {
  const cli = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'apps/server/dist/cli.js'),
      'seed-demo',
      '--artists',
      String(artists),
      '--songs',
      String(songs),
    ],
    { env: { ...process.env, ...placeEnv(place), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  if (code !== 0) throw new Error(`seed-demo failed (${code}):\n${output.replace(/\(password \S+\)/g, '')}`);
}

/** Direct SQL on the place's database, for setting up and checking while the app is stopped. */
export async function withDatabase<T>(
  place: BenchPlace,
  work: (query: <R>(text: string, params?: unknown[]) => Promise<R[]>) => Promise<T>,
): Promise<T> {
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      return await work(async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[]);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(place.dataDir, 'db', 'pg'), { extensions: { pg_trgm } });
  try {
    return await work(async <R>(text: string, params?: unknown[]) => (await db.query<R>(text, params)).rows);
  } finally {
    await db.close();
  }
}

export interface RunningApp {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built app (`apps/server/dist/main.js`) on the place, as `npm start` runs it, rate limits out of the way;
 * `env` adds to its environment (e.g. `ROLE: 'api'`).
 */
export async function startApp(place: BenchPlace, env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...placeEnv(place),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A guard against a start that hangs (migrations on a busy machine take seconds), not a measure.
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited early (${child.exitCode})`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the app did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const FAN_PASSWORD = 'Bench-Fan-2026!';

async function post(base: string, url: string, body: unknown, cookie?: string) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** The code mailed to the address (mail goes out from a job: waited for, with a hang guard). */
async function mailedCode(dataDir: string, email: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mails = fs.existsSync(mailDir)
      ? fs.readdirSync(mailDir).map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8'))
      : [];
    try {
      return codeFromMail(mails, email);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface Fan {
  id: string;
  email: string;
  cookie: string;
}

/** A fan as the web app makes one: sign up, the mailed code, sign in. */
export async function signUpFan(app: RunningApp, place: BenchPlace, email: string): Promise<Fan> {
  await post(app.base, '/api/users/create', {
    firstName: 'Bench',
    lastName: 'Fan',
    email,
    password: FAN_PASSWORD,
    confirmPassword: FAN_PASSWORD,
    dob: '01/02/1990',
    gender: 'PREFER NOT TO SAY',
    role: 'subscriber',
  });
  await post(app.base, '/api/auth/confirm-user', { email, code: await mailedCode(place.dataDir, email) });
  const signIn = await post(app.base, '/api/auth', { userName: email, password: FAN_PASSWORD });
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { id: user.id, email, cookie: signIn.headers.get('set-cookie')!.split(';')[0]! };
}

/** The card 4242 4242 4242 4242 tokenised by the local card route and saved; answers the token and our id. */
export async function saveCard(app: RunningApp, fan: Fan): Promise<{ paymentMethodID: string; cardId: string }> {
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
    cardName: 'Bench Fan',
    postalCode: '10001',
  };
  const token = (await (await post(app.base, '/api/payments/local/payment-methods', card, fan.cookie)).json()) as {
    paymentMethodID: string;
  };
  const saved = (await (
    await post(app.base, `/api/subscriptions/attach-payment-method/${fan.id}`, token, fan.cookie)
  ).json()) as { id: string };
  return { paymentMethodID: token.paymentMethodID, cardId: saved.id };
}

/** Runs `work` over the items, `width` at a time. */
export async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return results;
}

/** CPU time (user + system) a process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface LoadStats {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Answers that were not what the request expects, and connection errors and timeouts. */
  errors: number;
  statuses: Record<string, number>;
  bytes: number;
  megabytesPerSecond: number;
  cpuMsPerRequest: number;
  loadAverage: { before: number[]; after: number[] };
}

export interface LoadOptions {
  base: string;
  connections: number;
  amount: number;
  /** The next request: its path, method, headers and body. */
  next(): autocannon.Request;
  /** The status every answer must have. */
  expect: number;
  /** The server's pid, for its CPU time. */
  pid: number;
}

/**
 * One autocannon run of `amount` requests; it ends when every request is answered, so nothing is left queued
 * in the server for the next run. The time is from the first request to the last answer.
 */
export async function load(options: LoadOptions): Promise<LoadStats> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const before = loadAverage();
  const cpuBefore = cpuMs(options.pid);
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.base,
        connections: options.connections,
        amount: options.amount,
        timeout: 120,
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...options.next() }) }],
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, status, size, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
      bytes += size;
      lastAnswer = performance.now();
    });
  });
  const seconds = (lastAnswer - started) / 1000;
  latencies.sort((a, b) => a - b);
  const unexpected = latencies.length - (statuses[options.expect] ?? 0);
  return {
    seconds: round(seconds),
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / seconds, 1),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    errors: unexpected + result.errors + result.timeouts,
    statuses,
    bytes,
    megabytesPerSecond: round(bytes / 1e6 / seconds),
    cpuMsPerRequest: round((cpuMs(options.pid) - cpuBefore) / Math.max(1, latencies.length)),
    loadAverage: { before, after: loadAverage() },
  };
}

/** Writes a result file under bench/results/ and prints it. */
export function writeResult(name: string, result: unknown): void {
  const out = path.join(repoRoot, 'bench/results', name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${out}:\n${JSON.stringify(result, null, 2)}`);
}
