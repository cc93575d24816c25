/**
 * Memory after the JSON-body attack of issue 21 (decision 0046): does the process come back to its level?
 *
 * The built app (as `npm start` runs it, on PGlite and on PostgreSQL: BENCH_ENGINES) and, in the same run, a
 * bare `node:http` server taking in the same bytes (`json-flood-bare.ts`) each get the same flood at the
 * signed-out fan sign-up (`POST /api/users/create`), FLOOD_ROUNDS times, 4 at once of each kind:
 *
 * - `millionKeys`: 15 MB of JSON with a million keys, under the route's byte limit (refused 400 by the shape
 *   check after its first few KiB of text; the whole body is still received);
 * - `underLimits`: just under both limits, the byte limit and the field limit (999 keys of ~15 KB strings),
 *   so the body is parsed into an object and then refused by the schema (400);
 * - `overLimit`: a million keys in 24 MB, over the byte limit (413 from its Content-Length; the server may
 *   close the connection while the client still sends, counted as `closed`).
 *
 * Each process runs with `--inspect` on loopback, so the bench reads `process.memoryUsage()` in it and forces
 * full collections (`HeapProfiler.collectGarbage`) without the process exposing anything. Read: before (after
 * a forced collection), the peak resident set during the flood (sampled from /proc), 1, 5, 15 and 30 s after
 * with no forced collection (what the process does on its own), and after forced collections, with the resident
 * set split by mapping. The target: the resident set after, collected, within 10% of before (and the heap too).
 * The numbers and what they say: docs/performance.md, "Memory after the JSON-body flood".
 *
 * Run: `npm run build && npm run bench:json-flood -w @hfm/bench`; writes bench/results/json-flood-<engine>.json
 * (BENCH_OUT_SUFFIX appended). Knobs: BENCH_ENGINES (pglite,postgres), FLOOD_ROUNDS (5).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAN_SIGN_UP_BODY_LIMIT } from '../apps/server/dist/http/limits.js';
import { JSON_MAX_FIELDS } from '../apps/server/dist/http/json-body.js';
import {
  createPlace,
  freePort,
  loadAverage,
  placeEnv,
  repoRoot,
  round,
  writeResult,
  type Engine,
} from './bench-kit.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean) as Engine[];
const ROUNDS = Number(process.env.FLOOD_ROUNDS ?? 5);
const FLOOD_WIDTH = 4;
/** When each process, left alone after the flood, is read without a forced collection (seconds after). */
const SETTLE_SECONDS = [1, 5, 15, 30];
const TARGET_PERCENT = 10;
const URL_PATH = '/api/users/create';
const bareFile = fileURLToPath(new URL('./json-flood-bare.ts', import.meta.url));
const MiB = 2 ** 20;

type Kind = 'millionKeys' | 'underLimits' | 'overLimit';

/** `{"k000000000":1,...}`: a million keys, 15 MB at width 9. */
function millionKeys(width: number): Buffer {
  const parts: string[] = [];
  for (let key = 0; key < 1_000_000; key++) parts.push(`"k${String(key).padStart(width, '0')}":1`);
  return Buffer.from(`{${parts.join(',')}}`);
}

/** Just under the byte limit and the field limit: string values the parser must copy into an object. */
function underLimits(): Buffer {
  const keys = Math.floor(JSON_MAX_FIELDS / 2) - 1;
  const valueLength = Math.floor((FAN_SIGN_UP_BODY_LIMIT - 4_096) / keys) - 16;
  const parts: string[] = [];
  for (let key = 0; key < keys; key++) parts.push(`"f${key}":"${String(key % 10).repeat(valueLength)}"`);
  const body = Buffer.from(`{${parts.join(',')}}`);
  if (body.length >= FAN_SIGN_UP_BODY_LIMIT) throw new Error(`underLimits is ${body.length} bytes, over the limit`);
  return body;
}

const BODIES: Record<Kind, Buffer> = {
  millionKeys: millionKeys(9),
  underLimits: underLimits(),
  overLimit: millionKeys(18),
};

interface Memory {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  arrayBuffersMiB: number;
}

/** The Chrome DevTools protocol of a process started with --inspect=127.0.0.1:<port>. */
async function inspector(port: number) {
  const deadline = Date.now() + 60_000;
  let targets: { webSocketDebuggerUrl: string }[] = [];
  while (targets.length === 0) {
    targets = await fetch(`http://127.0.0.1:${port}/json/list`).then(
      (r) => r.json() as Promise<{ webSocketDebuggerUrl: string }[]>,
      () => [],
    );
    if (targets.length === 0) {
      if (Date.now() > deadline) throw new Error(`no inspector on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (message) => {
        waiting.delete(id);
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memory(): Promise<Memory> {
      const answer = (await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
      return {
        rssMiB: round(usage.rss / MiB, 1),
        heapUsedMiB: round(usage.heapUsed / MiB, 1),
        heapTotalMiB: round(usage.heapTotal / MiB, 1),
        externalMiB: round(usage.external / MiB, 1),
        arrayBuffersMiB: round(usage.arrayBuffers / MiB, 1),
      };
    },
    /** Full collections until the heap stops shrinking (a few). */
    async collect(): Promise<void> {
      for (let pass = 0; pass < 3; pass++) await call('HeapProfiler.collectGarbage');
    },
    close: () => socket.close(),
  };
}

function rssOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/**
 * The resident set by kind of mapping (/proc/<pid>/smaps): `brk` is the C allocator's main heap, `anonymous`
 * every other private anonymous mapping (V8's pages, WebAssembly memory, the allocator's other arenas and large
 * blocks), `files` code and mapped files.
 */
function rssByMapping(pid: number): { brkMiB: number; anonymousMiB: number; filesMiB: number } {
  const sums = { brkMiB: 0, anonymousMiB: 0, filesMiB: 0 };
  let kind: keyof typeof sums = 'anonymousMiB';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[2]!;
      kind = name === '[heap]' ? 'brkMiB' : name === '' || name.startsWith('[') ? 'anonymousMiB' : 'filesMiB';
    } else if (line.startsWith('Rss:')) {
      sums[kind] += Number(line.split(/\s+/)[1]) / 1024;
    }
  }
  return {
    brkMiB: round(sums.brkMiB, 1),
    anonymousMiB: round(sums.anonymousMiB, 1),
    filesMiB: round(sums.filesMiB, 1),
  };
}

interface Target {
  name: 'ours' | 'bare';
  base: string;
  pid: number;
  inspectorPort: number;
  stop(): Promise<void>;
}

async function waitFor(child: ChildProcess, ready: () => Promise<boolean>, what: string): Promise<void> {
  // A guard against a start that hangs, not a measure.
  const deadline = Date.now() + 5 * 60_000;
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`${what} exited early (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${what} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const stopper = (child: ChildProcess) => async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

async function startOurs(env: Record<string, string>): Promise<Target> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [`--inspect=127.0.0.1:${inspectorPort}`, path.join(repoRoot, 'apps/server/dist/main.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        RATE_LIMIT_MAX: '1000000000',
      },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/Debugger (listening|attached)|For help, see/.test(text)) process.stderr.write(text);
  });
  await waitFor(
    child,
    () =>
      fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    'the app',
  );
  return { name: 'ours', base, pid: child.pid!, inspectorPort, stop: stopper(child) };
}

async function startBare(): Promise<Target> {
  const inspectorPort = await freePort();
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectorPort}`, bareFile], {
    env: { ...process.env, BODY_LIMIT: String(FAN_SIGN_UP_BODY_LIMIT) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let port = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    const match = /port (\d+)/.exec(chunk.toString());
    if (match) port = Number(match[1]);
  });
  await waitFor(child, async () => port > 0, 'the bare server');
  return { name: 'bare', base: `http://127.0.0.1:${port}`, pid: child.pid!, inspectorPort, stop: stopper(child) };
}

/** One request; a connection the server closes on a refused body counts as 'closed'. */
async function send(base: string, kind: Kind): Promise<string> {
  try {
    const response = await fetch(`${base}${URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(BODIES[kind]),
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch {
    return 'closed';
  }
}

async function flood(target: Target) {
  const probe = await inspector(target.inspectorPort);
  try {
    await probe.collect();
    const before = await probe.memory();
    const mappingsBefore = rssByMapping(target.pid);
    let peakRssMiB = rssOf(target.pid);
    const peakRssMiBOf: Record<Kind, number> = { millionKeys: 0, underLimits: 0, overLimit: 0 };
    let sending: Kind = 'millionKeys';
    const sampler = setInterval(() => {
      const rss = rssOf(target.pid);
      peakRssMiB = Math.max(peakRssMiB, rss);
      peakRssMiBOf[sending] = round(Math.max(peakRssMiBOf[sending], rss), 1);
    }, 50);
    const statuses: Record<Kind, Record<string, number>> = { millionKeys: {}, underLimits: {}, overLimit: {} };
    const started = performance.now();
    for (let pass = 0; pass < ROUNDS; pass++) {
      for (const kind of Object.keys(BODIES) as Kind[]) {
        sending = kind;
        const answers = await Promise.all(Array.from({ length: FLOOD_WIDTH }, () => send(target.base, kind)));
        for (const status of answers) statuses[kind][status] = (statuses[kind][status] ?? 0) + 1;
      }
    }
    const floodSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const justAfter = await probe.memory();
    const settled: Record<string, Memory> = {};
    const ended = performance.now();
    for (const seconds of SETTLE_SECONDS) {
      await new Promise((resolve) => setTimeout(resolve, ended + seconds * 1000 - performance.now()));
      settled[`${seconds}s`] = await probe.memory();
    }
    await probe.collect();
    const collected = await probe.memory();
    const mappingsAfter = rssByMapping(target.pid);
    const growth = (a: Memory, b: Memory) => ({
      rssMiB: round(b.rssMiB - a.rssMiB, 1),
      heapUsedMiB: round(b.heapUsedMiB - a.heapUsedMiB, 1),
    });
    return {
      statuses,
      floodSeconds: round(floodSeconds),
      before,
      peakRssMiB: round(peakRssMiB, 1),
      /** The highest resident set while each kind was being sent (what was left of the one before included). */
      peakRssMiBOf,
      justAfter,
      settledWithoutForcedGc: settled,
      afterForcedGc: collected,
      /** Where the resident set is, before and after (collected): which memory stayed. */
      rssByMapping: { before: mappingsBefore, afterForcedGc: mappingsAfter },
      growthAfterForcedGc: growth(before, collected),
      rssRatio: round(collected.rssMiB / before.rssMiB, 3),
      heapRatio: round(collected.heapUsedMiB / before.heapUsedMiB, 3),
    };
  } finally {
    probe.close();
  }
}

for (const engine of ENGINES) {
  const place = await createPlace(engine, 'json-flood');
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    engine,
    rounds: ROUNDS,
    width: FLOOD_WIDTH,
    bodies: Object.fromEntries(Object.entries(BODIES).map(([kind, body]) => [kind, body.length])),
    byteLimit: FAN_SIGN_UP_BODY_LIMIT,
    settleSeconds: SETTLE_SECONDS,
    targetPercent: TARGET_PERCENT,
    loadAverage: { before: loadAverage() },
  };
  try {
    const ours = await startOurs(placeEnv(place));
    try {
      result.ours = await flood(ours);
    } finally {
      await ours.stop();
    }
    const bare = await startBare();
    try {
      result.bare = await flood(bare);
    } finally {
      await bare.stop();
    }
  } finally {
    await place.remove();
  }
  (result.loadAverage as Record<string, number[]>).after = loadAverage();
  const ours = result.ours as Awaited<ReturnType<typeof flood>>;
  const bare = result.bare as Awaited<ReturnType<typeof flood>>;
  /** The bare server's resident set after over before, over ours: above 1, ours kept less of the flood. */
  result.ratioBareToOurs = round(bare.rssRatio / ours.rssRatio, 3);
  result.met =
    ours.rssRatio <= 1 + TARGET_PERCENT / 100 &&
    ours.heapRatio <= 1 + TARGET_PERCENT / 100 &&
    Object.values(ours.statuses).every((answers) => !answers['500']);
  writeResult(`json-flood-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, result);
}
