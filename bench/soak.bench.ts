/**
 * The soak: SOAK_MINUTES (10) of mixed traffic from SOAK_CONNECTIONS (200) visitors, each a signed-in fan who
 * picks an action from the mix (`soak/mix.ts`: browse, search, stream, sign-in, Hi Five, subscribe, upload),
 * does it and thinks for about SOAK_THINK_MS (1000, uniformly half to one and a half times) before the next.
 * Requests go over one keep-alive pool of at most SOAK_CONNECTIONS sockets. Every answer that is not the
 * status its request expects is an error. Every 10 s the run records requests per second, p99 of reads and
 * of writes, and each process's resident memory from its `/metrics`.
 *
 * Two upload steps wait on the object store inside the request (the presign on CreateMultipartUpload, the
 * completion on ListParts, CompleteMultipartUpload and the header's first bytes). On the topology the soak starts
 * itself, a bare S3 client makes the same calls to the same bucket at the same rate (soak/bare-store.ts, the
 * `bareStore` action): the result sets each of those steps beside it (`storeBoundWrites`), and judges the other
 * writes on their own (`writesNotWaitingOnStore`) as well as all writes together.
 *
 * Target: SOAK_URL (any deployment, e.g. `npm run prod:local` behind Caddy) with SOAK_DATABASE_URL (its
 * database: the soak confirms its sign-ups there instead of reading mail, approves its artists and reads the
 * catalogue), SOAK_METRICS_URLS (a comma list of every process's /metrics; default SOAK_URL/metrics) and
 * SOAK_METRICS_TOKEN when the processes set METRICS_TOKEN. The target must allow one client address many
 * requests (RATE_LIMIT_MAX). Unset SOAK_URL: the soak starts the built app itself (`npm start`'s process, one
 * process) on a fresh PostgreSQL database on BENCH_DATABASE_URL's server, seeded with
 * `seed-demo --artists SOAK_ARTISTS (200) --songs SOAK_SONGS (4000)`, and removes it afterwards.
 * SOAK_TOPOLOGY=prod (what `npm run bench` uses): the soak starts the production topology itself, seeded alike.
 *
 * Run after `npm run build`: `npm run bench:soak -w @hfm/bench`. Writes bench/results/soak.json and
 * docs/performance/soak.svg and .png (SOAK_OUT=name.json renames all three).
 */
import os from 'node:os';
import path from 'node:path';
import { prepareAccounts, uploadOutcome, type Member } from './soak/accounts.ts';
import { BareStore, type StoreSettings } from './soak/bare-store.ts';
import { startTopology } from '../deploy/topology.ts';
import { createPlace, loadAverage, repoRoot, round, seedCatalogue, startApp, writeResult } from './bench-kit.ts';
import { soakSvg, writeChart, type SeriesPoint } from './soak/chart.ts';
import { isRead, isStore, Recorder, SoakClient, STORE_BOUND_WRITE_KINDS, type Kind } from './soak/client.ts';
import { cpuMeter, meanCores } from './soak/cpu.ts';
import { liveHeapValues, memoryFlat, memoryTrend, sampleMemory, type MemorySample } from './soak/memory.ts';
import { MIX, pickAction, runAction, songsByArtist, type Action, type SoakState } from './soak/mix.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 1000);
/** The result file's name; the plot takes the same name under docs/performance/. */
const OUT = process.env.SOAK_OUT ?? 'soak.json';
const WINDOW_MS = 10_000;
const READ_P99_TARGET_MS = 250;
const WRITE_P99_TARGET_MS = 250;
/** Memory counts as flat when the last quarter stays within this of the second (soak/memory.ts memoryFlat). */
const FLAT_PERCENT = 10;

interface Target {
  base: string;
  databaseUrl: string;
  metricsUrls: string[];
  description: string;
  /** The bucket's settings, for the bare store baseline (soak/bare-store.ts); only the topology the soak starts. */
  store?: StoreSettings;
  stop(): Promise<void>;
}

/**
 * SOAK_TOPOLOGY=prod: the production topology of `npm run prod:local` (deploy/topology.ts: Caddy, two API
 * processes, two workers and moto at nice 10, a fresh PostgreSQL database), seeded like ownTarget's, with
 * rate limits raised for the one client address; stopped and its database dropped afterwards.
 */
async function topologyTarget(): Promise<Target> {
  const artists = String(process.env.SOAK_ARTISTS ?? 200);
  const songs = String(process.env.SOAK_SONGS ?? 4000);
  console.log('soak: starting the production topology (Caddy, 2 API processes, 2 workers, moto, PostgreSQL)');
  const topology = await startTopology({
    standInNice: 10,
    env: { RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' },
  });
  try {
    console.log(`soak: seeding ${artists} artists and ${songs} songs`);
    await topology.cli(['seed-demo', '--artists', artists, '--songs', songs]);
    return {
      base: topology.url,
      databaseUrl: topology.databaseUrl,
      metricsUrls: [...topology.apis, ...topology.workers].map((server) => `${server.baseUrl}/metrics`),
      description: `the production topology (deploy/topology.ts): Caddy (least_conn), 2 API processes, 2 workers and moto at nice 10, PostgreSQL 15; demo seed of ${artists} artists and ${songs} songs`,
      store: topology.sharedEnv as unknown as StoreSettings,
      stop: () => topology.stop(),
    };
  } catch (error) {
    await topology.stop();
    throw error;
  }
}

async function ownTarget(): Promise<Target> {
  const artists = Number(process.env.SOAK_ARTISTS ?? 200);
  const songs = Number(process.env.SOAK_SONGS ?? 4000);
  const place = await createPlace('postgres', 'soak');
  try {
    console.log(`soak: seeding ${artists} artists and ${songs} songs on a fresh PostgreSQL database`);
    await seedCatalogue(place, artists, songs);
    const app = await startApp(place);
    return {
      base: app.base,
      databaseUrl: place.databaseUrl,
      metricsUrls: [`${app.base}/metrics`],
      description: `the built app, one process (ROLE=all), PostgreSQL 15, demo seed of ${artists} artists and ${songs} songs`,
      async stop() {
        await app.stop();
        await place.remove();
      },
    };
  } catch (error) {
    await place.remove();
    throw error;
  }
}

function givenTarget(base: string): Target {
  const databaseUrl = process.env.SOAK_DATABASE_URL;
  if (!databaseUrl) throw new Error('SOAK_URL needs SOAK_DATABASE_URL (the target database, to confirm sign-ups)');
  const metricsUrls = (process.env.SOAK_METRICS_URLS ?? `${base.replace(/\/$/, '')}/metrics`).split(',');
  return { base, databaseUrl, metricsUrls, description: process.env.SOAK_TARGET ?? base, stop: async () => {} };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
function latency(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

/** One visitor: actions and think time until the deadline; the action under way when it passes finishes. */
async function visitor(
  client: SoakClient,
  state: SoakState,
  member: Member,
  deadline: number,
  actions: Map<Action, number>,
) {
  await sleep(Math.random() * THINK_MS);
  while (Date.now() < deadline) {
    const action = pickAction();
    actions.set(action, (actions.get(action) ?? 0) + 1);
    await runAction(action, client, state, member);
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

/** Samples memory, and the CPU each group of processes used, every window until stopped. */
function memorySampler(urls: string[]) {
  const samples: { seconds: number; processes: Record<string, MemorySample> }[] = [];
  const cpu = cpuMeter();
  const started = Date.now();
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const processes = await sampleMemory(urls, process.env.SOAK_METRICS_TOKEN);
      samples.push({ seconds: Math.round((Date.now() - started) / 1000), processes });
      if (samples.length > 1) cpu.sample();
      const next = started + samples.length * WINDOW_MS;
      while (!stopped && Date.now() < next) await sleep(Math.min(250, next - Date.now()));
    }
  })();
  return {
    samples,
    cpu,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** Waits (up to 3 minutes: a hang guard) for the soak's uploads to be transcoded, then counts their statuses. */
async function settleUploads(databaseUrl: string, songIds: string[]) {
  const deadline = Date.now() + 3 * 60_000;
  for (;;) {
    const outcome = await uploadOutcome(databaseUrl, songIds);
    const settled = (outcome.ready ?? 0) + (outcome.failed ?? 0);
    if (settled === songIds.length || Date.now() > deadline) return outcome;
    await sleep(2000);
  }
}

/** HFM's upload steps that wait on the store, beside the bare store's same calls in the same run (soak/bare-store.ts). */
function storeBoundAgainstBare(recorder: Recorder) {
  const pairs = { uploadPresign: 'bareStoreStart', uploadComplete: 'bareStoreFinish' } as const;
  return Object.fromEntries(
    Object.entries(pairs).map(([ours, bare]) => {
      const hfm = latency(recorder.kinds.get(ours as Kind)?.latencies ?? []);
      const store = latency(recorder.kinds.get(bare)?.latencies ?? []);
      return [ours, { hfm, bareStore: store, bareStoreKind: bare }];
    }),
  );
}

function report(recorder: Recorder, memory: ReturnType<typeof memorySampler>['samples'], seconds: number) {
  const reads: number[] = [];
  const writes: number[] = [];
  const writesOwn: number[] = [];
  const kinds: Record<string, unknown> = {};
  let requests = 0;
  let errors = 0;
  for (const [kind, stats] of [...recorder.kinds.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isStore(kind as Kind)) (isRead(kind as Kind) ? reads : writes).push(...stats.latencies);
    if (!isStore(kind as Kind) && !isRead(kind as Kind) && !STORE_BOUND_WRITE_KINDS.has(kind))
      writesOwn.push(...stats.latencies);
    requests += stats.count;
    errors += stats.errors;
    const { count: _count, ...ms } = latency(stats.latencies);
    kinds[kind] = { count: stats.count, errors: stats.errors, statuses: stats.statuses, latencyMs: ms };
  }
  // The windows of the timed run; requests of actions still under way at the deadline count, but not as a window.
  const timed = recorder.windows.slice(0, Math.ceil((MINUTES * 60_000) / WINDOW_MS));
  const series: SeriesPoint[] = timed.map((window, n) => {
    const at = memory.reduce(
      (best, s) => (Math.abs(s.seconds - (n + 1) * 10) < Math.abs(best.seconds - (n + 1) * 10) ? s : best),
      memory[0]!,
    );
    return {
      seconds: (n + 1) * (WINDOW_MS / 1000),
      requestsPerSecond: round(window.requests / (WINDOW_MS / 1000), 1),
      errors: window.errors,
      readP99Ms: percentile(
        [...window.reads].sort((a, b) => a - b),
        99,
      ),
      writeP99Ms: percentile(
        [...window.writes].sort((a, b) => a - b),
        99,
      ),
      rssMiB: Object.fromEntries(Object.entries(at?.processes ?? {}).map(([name, s]) => [name, s.rssMiB])),
      heapUsedMiB: Object.fromEntries(Object.entries(at?.processes ?? {}).map(([name, s]) => [name, s.heapUsedMiB])),
      liveHeapMiB: Object.fromEntries(Object.entries(at?.processes ?? {}).map(([name, s]) => [name, s.liveHeapMiB])),
      eventLoopLagP99Ms: Object.fromEntries(
        Object.entries(at?.processes ?? {}).map(([name, s]) => [name, s.eventLoopLagP99Ms]),
      ),
    };
  });
  const names = [...new Set(memory.flatMap((s) => Object.keys(s.processes)))];
  const trends = Object.fromEntries(
    names.map((name) => {
      const rss = memory.map((s) => s.processes[name]?.rssMiB).filter((v): v is number => v != null);
      const heap = memory.map((s) => s.processes[name]?.heapUsedMiB).filter((v): v is number => v != null);
      const live = liveHeapValues(memory.map((s) => s.processes[name]?.liveHeapMiB ?? null));
      return [name, { rss: memoryTrend(rss), heapUsed: memoryTrend(heap), liveHeap: live && memoryTrend(live) }];
    }),
  );
  const readLatency = latency(reads);
  const writeLatency = latency(writes);
  const flat = Object.values(trends).every((trend) => memoryFlat(trend, FLAT_PERCENT));
  return {
    totals: { requests, errors, requestsPerSecond: round(requests / seconds, 1) },
    reads: readLatency,
    writes: writeLatency,
    // The same without the two upload steps that wait on the object store inside the request (moto here, at
    // nice 10 on the same cores): where the rest of HFM's writes stand.
    writesNotWaitingOnStore: latency(writesOwn),
    storeBoundWrites: storeBoundAgainstBare(recorder),
    kinds,
    memory: trends,
    targets: {
      errors: { target: 0, measured: errors, met: errors === 0 },
      readP99Ms: {
        target: READ_P99_TARGET_MS,
        measured: readLatency.p99,
        met: (readLatency.p99 ?? 0) < READ_P99_TARGET_MS,
      },
      writeP99Ms: {
        target: WRITE_P99_TARGET_MS,
        measured: writeLatency.p99,
        met: (writeLatency.p99 ?? 0) < WRITE_P99_TARGET_MS,
      },
      writesNotWaitingOnStoreP99Ms: {
        target: WRITE_P99_TARGET_MS,
        measured: latency(writesOwn).p99,
        met: (latency(writesOwn).p99 ?? 0) < WRITE_P99_TARGET_MS,
      },
      memoryFlat: {
        target: `live heap (in use after a full collection): last quarter's median within ${FLAT_PERCENT}% of the second's; resident set: last quarter's peak within ${FLAT_PERCENT}% of its highest before (decision 0045)`,
        met: flat,
      },
    },
    series,
  };
}

const target = process.env.SOAK_URL
  ? givenTarget(process.env.SOAK_URL)
  : process.env.SOAK_TOPOLOGY === 'prod'
    ? await topologyTarget()
    : await ownTarget();
const recorder = new Recorder(WINDOW_MS);
const client = new SoakClient(target.base, CONNECTIONS, recorder);
const bareStore = target.store ? new BareStore(target.store, recorder) : null;
// Stopped from outside (Ctrl-C, a timeout's SIGTERM): what the soak started is stopped and its database dropped,
// as at the end of a run; a signal's default would leave both behind.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    console.log(`soak: ${signal}: stopping the target it started`);
    client.close();
    bareStore?.close();
    void target.stop().finally(() => process.exit(code));
  });
}
try {
  const accounts = await prepareAccounts(client, target.databaseUrl, {
    members: CONNECTIONS,
    signInPool: Math.max(10, Math.ceil(CONNECTIONS / 10)),
    artists: 4,
  });
  const state: SoakState = { accounts, songsByArtist: songsByArtist(accounts), uploaded: [], bareStore };
  const actions = new Map<Action, number>();
  const loadBefore = loadAverage();
  console.log(`soak: ${MINUTES} min, ${CONNECTIONS} visitors, think ${THINK_MS} ms, against ${target.base}`);
  const memory = memorySampler(target.metricsUrls);
  recorder.start();
  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const progress = setInterval(() => {
    const last = recorder.windows.at(-2);
    const cores = Object.entries(memory.cpu.samples.at(-1)?.cores ?? {})
      .map(([group, used]) => `${group} ${used}`)
      .join(', ');
    if (last)
      console.log(
        `soak: ${Math.round((Date.now() - started) / 1000)} s, ${last.requests / 10} req/s, ${last.errors} errors; cores: ${cores}`,
      );
  }, WINDOW_MS);
  await Promise.all(accounts.members.map((member) => visitor(client, state, member, deadline, actions)));
  clearInterval(progress);
  recorder.stop();
  const seconds = (Date.now() - started) / 1000;
  await memory.stop();
  const uploads = await settleUploads(target.databaseUrl, state.uploaded);
  const result = report(recorder, memory.samples, seconds);
  writeResult(OUT, {
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.cpus().length, loadAverage: { before: loadBefore, after: loadAverage() } },
    // Cores each group of processes used, the run's mean and per 10-second window (Linux /proc; soak/cpu.ts).
    cpuCores: { mean: meanCores(memory.cpu.samples), series: memory.cpu.samples },
    target: target.description,
    minutes: MINUTES,
    seconds: round(seconds),
    connections: CONNECTIONS,
    thinkMs: THINK_MS,
    mixPer1000: MIX,
    actions: Object.fromEntries(actions),
    uploads: { completed: state.uploaded.length, outcome: uploads },
    ...result,
    errorSamples: recorder.errorSamples,
  });
  const caption = `Soak: ${MINUTES} min, ${CONNECTIONS} connections, ${result.totals.requests} requests, ${result.totals.errors} errors (${new Date().toISOString().slice(0, 10)})`;
  const files = await writeChart(
    soakSvg(result.series, caption, MINUTES * 60),
    path.join(repoRoot, 'docs/performance', OUT.replace(/\.json$/, '.svg')),
  );
  console.log(`soak: chart ${files.join(', ')}`);
} finally {
  client.close();
  bareStore?.close();
  await target.stop();
}
