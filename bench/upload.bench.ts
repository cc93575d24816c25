/**
 * Upload throughput of a 1 GiB WAV through the embedded storage's multipart protocol over real HTTP
 * (parts of 5,242,880 bytes, 4 in flight, like the browser), against fs.copyFile of the same file on the
 * same disk, with the server process's resident memory sampled while it runs (it must stay flat).
 * Run after `npm run build`: `node bench/upload.bench.ts`. Results: bench/results/upload.json.
 * BENCH_UPLOAD_BYTES and BENCH_CONCURRENCY change the file size and the parts in flight.
 *
 * The server runs in a child process (this file with `--server`): the built app on a free port with a
 * fresh DATA_DIR; the parent asks it over IPC to create, presign and complete (the song routes that do
 * this over HTTP sit on top of the same storage calls) and PUTs every part over HTTP itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PART_SIZE = 5_242_880;
const FILE_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const KEY = 'songs/bench_artist/bench-song/original.wav';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface Request {
  id: number;
  op: 'create' | 'complete';
  parts?: { ETag: string; PartNumber: number }[];
  uploadId?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The child: the real built app with the real config, listening, answering storage calls over IPC. */
async function runServer(): Promise<void> {
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
      }
    } catch (error) {
      process.send!({ id: request.id, error: String(error) });
    }
  });
  process.send!({ ready: true });
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
async function uploadParts(file: string, urls: string[]): Promise<{ ETag: string; PartNumber: number }[]> {
  const handle = await fsp.open(file, 'r');
  const etags: { ETag: string; PartNumber: number }[] = [];
  let next = 0;
  const worker = async () => {
    const buffer = Buffer.alloc(PART_SIZE);
    while (next < urls.length) {
      const index = next++;
      const { bytesRead } = await handle.read(buffer, 0, PART_SIZE, index * PART_SIZE);
      const response = await fetch(urls[index]!, { method: 'PUT', body: buffer.subarray(0, bytesRead) });
      const etag = response.headers.get('etag');
      if (response.status !== 200 || !etag)
        throw new Error(`part ${index + 1}: ${response.status} ${await response.text()}`);
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
}
type Call = <Op extends keyof Replies>(request: Omit<Request, 'id'> & { op: Op }) => Promise<Replies[Op]>;

function startChild(dataDir: string, port: number): Promise<{ child: ChildProcess; call: Call }> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MAX_UPLOAD_BYTES: String(Math.max(FILE_BYTES, 4 * 1024 ** 3)),
      DATABASE_URL: '',
    },
    stdio: 'inherit',
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

async function main(): Promise<void> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-upload-bench-'));
  const source = path.join(work, 'song.wav');
  const dataDir = path.join(work, 'data');
  try {
    console.log(`writing a ${(FILE_BYTES / 1024 ** 2).toFixed(0)} MiB WAV in ${work}`);
    await writeWav(source, FILE_BYTES);
    const sourceMd5 = await md5OfFile(source);

    let started = performance.now();
    await fsp.copyFile(source, path.join(work, 'copy.wav'));
    const copySeconds = (performance.now() - started) / 1000;
    await fsp.rm(path.join(work, 'copy.wav'));

    const { child, call } = await startChild(dataDir, await freePort());
    const idle = rssKiB(child.pid!);
    let peakDuringUpload = idle.rss;
    const sampler = setInterval(() => {
      peakDuringUpload = Math.max(peakDuringUpload, rssKiB(child.pid!).rss);
    }, 50);

    started = performance.now();
    const { uploadId, urls } = await call({ op: 'create' });
    const parts = await uploadParts(source, urls);
    const partsSeconds = (performance.now() - started) / 1000;
    const completed = await call({ op: 'complete', uploadId, parts });
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = rssKiB(child.pid!);
    child.kill('SIGTERM');

    const uploadedMd5 = await md5OfFile(completed.file);
    if (completed.size !== FILE_BYTES || uploadedMd5 !== sourceMd5)
      throw new Error('the stored object differs from the input');
    const mib = FILE_BYTES / 1024 ** 2;
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      fileBytes: FILE_BYTES,
      partBytes: PART_SIZE,
      parts: urls.length,
      concurrency: CONCURRENCY,
      copyFile: { seconds: round(copySeconds), mibPerSecond: round(mib / copySeconds) },
      upload: {
        seconds: round(uploadSeconds),
        mibPerSecond: round(mib / uploadSeconds),
        partsSeconds: round(partsSeconds),
        completeSeconds: round(uploadSeconds - partsSeconds),
        slowerThanCopy: round(uploadSeconds / copySeconds),
        storedObjectMatchesInput: true,
      },
      serverMemoryMiB: {
        idleRss: round(idle.rss / 1024),
        peakRssDuringUpload: round(peakDuringUpload / 1024),
        growth: round((peakDuringUpload - idle.rss) / 1024),
        highWaterMark: round(after.peak / 1024),
      },
    };
    const out = path.join(repoRoot, 'bench/results/upload.json');
    await fsp.mkdir(path.dirname(out), { recursive: true });
    await fsp.writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

if (process.argv.includes('--server')) await runServer();
else await main();
