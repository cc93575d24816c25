/**
 * Upload throughput through the embedded storage's multipart protocol over real HTTP (parts of 5,242,880
 * bytes, 4 in flight, like the browser, then the completion call), side by side with a bare baseline: a
 * bare `node:http` server in its own process that streams the same PUT bodies to files on the same disk.
 * Rounds alternate bare and ours (BENCH_ROUNDS, 3 by default) so a busy machine weighs on both; the
 * figures are the medians. The server's resident memory is sampled while it runs (it must stay flat).
 * Run after `npm run build`: `node bench/upload.bench.ts`. Results: bench/results/upload.json.
 * BENCH_UPLOAD_BYTES (256 MiB by default) and BENCH_CONCURRENCY change the file size and the parts in flight.
 *
 * Our server runs in a child process (this file with `--server`): the built app on a free port with a
 * fresh DATA_DIR; the parent asks it over IPC to create, presign and complete (the song routes that do
 * this over HTTP sit on top of the same storage calls) and PUTs every part over HTTP itself. The bare
 * server is this file with `--bare`. A third contender, `--bare-app-heap`, is the same bare server in a
 * process that also holds a built app: it shows what the app's JS heap alone costs (every body chunk
 * Node's HTTP parser hands over is a new buffer, so bytes received drive garbage collections, whose cost
 * grows with the heap). BENCH_CPU_PROF=<folder> writes the servers' CPU profiles there;
 * BENCH_SERVER_FLAGS passes Node flags to our server (e.g. `--trace-gc`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hfm/test-support/server';

const PART_SIZE = 5_242_880;
const FILE_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 256 * 1024 ** 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const KEY = 'songs/bench_artist/bench-song/original.wav';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface Request {
  id: number;
  op: 'create' | 'complete' | 'delete' | 'heap';
  parts?: { ETag: string; PartNumber: number }[];
  uploadId?: string;
}

/** The child: the real built app with the real config, listening, answering storage calls over IPC. */
async function runServer(): Promise<void> {
  const { tuneGarbageCollection } = await import(
    path.join(repoRoot, 'apps/server/dist/platform/garbage-collection.js')
  );
  tuneGarbageCollection();
  const { buildApp } = await import(path.join(repoRoot, 'apps/server/dist/app.js'));
  const { loadConfig } = await import(path.join(repoRoot, 'apps/server/dist/config.js'));
  const config = loadConfig(process.env);
  const app = await buildApp(config, { serveWeb: false });
  await app.ctx.platform.database.migrate();
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const storage = app.ctx.storage;
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the handler answers every error over IPC
  process.on('message', async (request: Request) => {
    try {
      if (request.op === 'create') {
        const uploadId = await storage.createMultipartUpload(KEY, 'audio/wav', { size: FILE_BYTES });
        const count = Math.ceil(FILE_BYTES / PART_SIZE);
        const urls: string[] = [];
        for (let n = 1; n <= count; n += 1) urls.push(await storage.presignUploadPart(KEY, uploadId, n, 3600));
        process.send!({ id: request.id, result: { uploadId, urls } });
      } else if (request.op === 'complete') {
        const result = await storage.completeMultipartUpload(KEY, request.uploadId, request.parts);
        process.send!({ id: request.id, result: { ...result, file: storage.localPath(KEY) } });
      } else if (request.op === 'heap') {
        process.send!({ id: request.id, result: { heapUsed: process.memoryUsage().heapUsed } });
      } else if (request.op === 'delete') {
        await storage.delete(KEY);
        process.send!({ id: request.id, result: {} });
      }
    } catch (error) {
      process.send!({ id: request.id, error: String(error) });
    }
  });
  process.send!({ ready: true });
}

/**
 * The bare baseline: `node:http` alone, each PUT body streamed to its own file with `pipeline`, no
 * signature, no size rules, no ETag, no completion. What the disk and the loopback allow.
 */
async function runBareServer(withAppHeap: boolean): Promise<void> {
  const dir = process.env.BARE_DIR!;
  await fsp.mkdir(dir, { recursive: true });
  if (withAppHeap) {
    // The same bare server, in a process that also holds a built app (not listening): the app's heap.
    const { buildApp } = await import(path.join(repoRoot, 'apps/server/dist/app.js'));
    const { loadConfig } = await import(path.join(repoRoot, 'apps/server/dist/config.js'));
    const config = loadConfig({ DATA_DIR: `${dir}-app`, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
    const app = await buildApp(config, { serveWeb: false });
    await app.ctx.platform.database.migrate();
    process.on('exit', () => void app.close());
  }
  let count = 0;
  const server = http.createServer((request, response) => {
    const file = path.join(dir, `${process.pid}-${++count}.part`);
    pipeline(request, fs.createWriteStream(file)).then(
      () => response.writeHead(200).end(),
      () => response.writeHead(500).end(),
    );
  });
  process.on('message', (request: Request) => {
    process.send!({ id: request.id, result: { heapUsed: process.memoryUsage().heapUsed } });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send!({ ready: true }));
}

/** A WAV header (16-bit stereo 44.1 kHz) and pseudo-random samples, written in 4 MiB blocks. */
async function writeWav(file: string, bytes: number): Promise<void> {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(bytes - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes - 44, 40);
  const handle = await fsp.open(file, 'w');
  await handle.write(header);
  const block = crypto.randomBytes(4 * 1024 * 1024);
  for (let written = 44; written < bytes; written += block.length) {
    await handle.write(block, 0, Math.min(block.length, bytes - written));
  }
  await handle.close();
}

async function md5OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('md5');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk);
  return hash.digest('hex');
}

function rssKiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** PUTs every part, `CONCURRENCY` at a time, each read from the file into its own buffer. */
async function uploadParts(
  file: string,
  urls: string[],
  expectETags: boolean,
): Promise<{ ETag: string; PartNumber: number }[]> {
  const handle = await fsp.open(file, 'r');
  const etags: { ETag: string; PartNumber: number }[] = [];
  let next = 0;
  const worker = async () => {
    const buffer = Buffer.alloc(PART_SIZE);
    while (next < urls.length) {
      const index = next++;
      const { bytesRead } = await handle.read(buffer, 0, PART_SIZE, index * PART_SIZE);
      const response = await fetch(urls[index]!, { method: 'PUT', body: buffer.subarray(0, bytesRead) });
      const etag = response.headers.get('etag') ?? '';
      const text = await response.text();
      if (response.status !== 200 || (expectETags && !etag))
        throw new Error(`part ${index + 1}: ${response.status} ${text}`);
      etags[index] = { ETag: etag, PartNumber: index + 1 };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await handle.close();
  return etags;
}

interface Replies {
  create: { uploadId: string; urls: string[] };
  complete: { size: number; ETag: string; file: string };
  delete: object;
  heap: { heapUsed: number };
}
type Call = <Op extends keyof Replies>(request: Omit<Request, 'id'> & { op: Op }) => Promise<Replies[Op]>;

function startChild(
  mode: '--server' | '--bare' | '--bare-app-heap',
  env: Record<string, string>,
): Promise<{ child: ChildProcess; call: Call }> {
  const profile = process.env.BENCH_CPU_PROF;
  const child = fork(fileURLToPath(import.meta.url), [mode], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
    execArgv: [
      ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
      ...(mode === '--server' ? (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean) : []),
    ],
  });
  let counter = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const call: Call = (request) =>
    new Promise((resolve, reject) => {
      const id = ++counter;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...request, id });
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return resolve({ child, call });
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
  });
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's resident memory until stopped; answers the peak. */
function sampleRss(pid: number): () => number {
  let peak = rssKiB(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKiB(pid).rss);
  }, 20);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

interface Round {
  seconds: number;
  mibPerSecond: number;
  /** The server process's CPU time for this round. */
  serverCpuSeconds?: number;
  partsSeconds?: number;
  completeSeconds?: number;
}

async function bareRound(source: string, port: number): Promise<Round> {
  const count = Math.ceil(FILE_BYTES / PART_SIZE);
  const urls = Array.from({ length: count }, (_, i) => `http://127.0.0.1:${port}/part/${i + 1}`);
  const started = performance.now();
  await uploadParts(source, urls, false);
  const seconds = (performance.now() - started) / 1000;
  return { seconds: round(seconds), mibPerSecond: round(FILE_BYTES / 1024 ** 2 / seconds) };
}

async function oursRound(source: string, sourceMd5: string, call: Call): Promise<Round> {
  const started = performance.now();
  const { uploadId, urls } = await call({ op: 'create' });
  const parts = await uploadParts(source, urls, true);
  const partsSeconds = (performance.now() - started) / 1000;
  const completed = await call({ op: 'complete', uploadId, parts });
  const seconds = (performance.now() - started) / 1000;
  if (completed.size !== FILE_BYTES || (await md5OfFile(completed.file)) !== sourceMd5) {
    throw new Error('the stored object differs from the input');
  }
  await call({ op: 'delete' });
  return {
    seconds: round(seconds),
    mibPerSecond: round(FILE_BYTES / 1024 ** 2 / seconds),
    partsSeconds: round(partsSeconds),
    completeSeconds: round(seconds - partsSeconds),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-upload-bench-'));
  const source = path.join(work, 'song.wav');
  const children: ChildProcess[] = [];
  try {
    console.log(`writing a ${(FILE_BYTES / 1024 ** 2).toFixed(0)} MiB WAV in ${work}`);
    await writeWav(source, FILE_BYTES);
    const sourceMd5 = await md5OfFile(source);

    const barePort = await freePort();
    const bare = await startChild('--bare', { PORT: String(barePort), BARE_DIR: path.join(work, 'bare') });
    const heavyPort = await freePort();
    const heavy = await startChild('--bare-app-heap', {
      PORT: String(heavyPort),
      BARE_DIR: path.join(work, 'heavy'),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    });
    const port = await freePort();
    const ours = await startChild('--server', {
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MAX_UPLOAD_BYTES: String(Math.max(FILE_BYTES, 4 * 1024 ** 3)),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    });
    children.push(bare.child, heavy.child, ours.child);

    const oursIdle = rssKiB(ours.child.pid!);
    const bareIdle = rssKiB(bare.child.pid!);
    const oursPeak = sampleRss(ours.child.pid!);
    const barePeak = sampleRss(bare.child.pid!);
    const rounds: { bare: Round; ours: Round; bareInAppHeap: Round }[] = [];
    for (let n = 0; n < ROUNDS; n += 1) {
      let cpu = cpuSeconds(bare.child.pid!);
      const bareResult = await bareRound(source, barePort);
      bareResult.serverCpuSeconds = round(cpuSeconds(bare.child.pid!) - cpu);
      await fsp.rm(path.join(work, 'bare'), { recursive: true, force: true });
      await fsp.mkdir(path.join(work, 'bare'));
      cpu = cpuSeconds(ours.child.pid!);
      const oursResult = await oursRound(source, sourceMd5, ours.call);
      oursResult.serverCpuSeconds = round(cpuSeconds(ours.child.pid!) - cpu);
      cpu = cpuSeconds(heavy.child.pid!);
      const heavyResult = await bareRound(source, heavyPort);
      heavyResult.serverCpuSeconds = round(cpuSeconds(heavy.child.pid!) - cpu);
      await fsp.rm(path.join(work, 'heavy'), { recursive: true, force: true });
      await fsp.mkdir(path.join(work, 'heavy'));
      rounds.push({ bare: bareResult, ours: oursResult, bareInAppHeap: heavyResult });
      console.log(
        `round ${n + 1}: bare ${bareResult.mibPerSecond} MiB/s (${bareResult.serverCpuSeconds} s CPU), ` +
          `bare in the app's heap ${heavyResult.mibPerSecond} MiB/s (${heavyResult.serverCpuSeconds} s CPU), ` +
          `ours ${oursResult.mibPerSecond} MiB/s (${oursResult.serverCpuSeconds} s CPU)`,
      );
    }
    const oursAfter = rssKiB(ours.child.pid!);
    const bareAfter = rssKiB(bare.child.pid!);
    const [oursPeakKiB, barePeakKiB] = [oursPeak(), barePeak()];
    const [oursHeap, bareHeap] = [await ours.call({ op: 'heap' }), await bare.call({ op: 'heap' })];

    const bareMiBs = median(rounds.map((r) => r.bare.mibPerSecond));
    const oursMiBs = median(rounds.map((r) => r.ours.mibPerSecond));
    const mib = (kib: number) => round(kib / 1024);
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverageBefore: os.loadavg().map(round),
      fileBytes: FILE_BYTES,
      partBytes: PART_SIZE,
      parts: Math.ceil(FILE_BYTES / PART_SIZE),
      concurrency: CONCURRENCY,
      rounds,
      bareMiBPerSecond: bareMiBs,
      oursMiBPerSecond: oursMiBs,
      oursOverBare: round(oursMiBs / bareMiBs),
      bareInAppHeapMiBPerSecond: median(rounds.map((r) => r.bareInAppHeap.mibPerSecond)),
      serverCpuSecondsMedian: {
        bare: median(rounds.map((r) => r.bare.serverCpuSeconds!)),
        ours: median(rounds.map((r) => r.ours.serverCpuSeconds!)),
        bareInAppHeap: median(rounds.map((r) => r.bareInAppHeap.serverCpuSeconds!)),
      },
      storedObjectMatchesInput: true,
      serverMemoryMiB: {
        ours: {
          before: mib(oursIdle.rss),
          peakDuring: mib(oursPeakKiB),
          after: mib(oursAfter.rss),
          jsHeapAfter: mib(oursHeap.heapUsed / 1024),
        },
        bare: {
          before: mib(bareIdle.rss),
          peakDuring: mib(barePeakKiB),
          after: mib(bareAfter.rss),
          jsHeapAfter: mib(bareHeap.heapUsed / 1024),
        },
      },
    };
    const out = path.join(repoRoot, 'bench/results/upload.json');
    await fsp.mkdir(path.dirname(out), { recursive: true });
    await fsp.writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    for (const child of children) {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    }
    await fsp.rm(work, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

// Exiting (not dying) on SIGTERM lets `--cpu-prof` write its profile.
process.on('SIGTERM', () => process.exit(0));
if (process.argv.includes('--server')) await runServer();
else if (process.argv.includes('--bare')) await runBareServer(false);
else if (process.argv.includes('--bare-app-heap')) await runBareServer(true);
else await main();
