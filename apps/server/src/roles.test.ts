import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { TRANSCODE_JOB } from './modules/songs/songs.jobs.js';
import { createArtist, signIn } from './test/factories.js';
import { fetchSender, putPartsInParallel, splitIntoParts } from './test/multipart-client.js';
import {
  buildServer,
  childProcesses,
  createScratchDatabase,
  isRunning,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './test/server-process.js';
import { makeWav } from './test/wav.js';

/**
 * ROLE for real: `node dist/main.js` processes on one PostgreSQL database and one DATA_DIR, as a
 * deployment scaled apart runs them. Needs PostgreSQL (TEST_DATABASE_URL, or the local default).
 */
describe('api and worker processes', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let env: Record<string, string>;
  let helper: FastifyInstance;
  let cookie: string;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-roles-'));
    // A heartbeat of 1 s: a lease of 4 s, and the queue's upkeep every second.
    env = { DATABASE_URL: database.url, DATA_DIR: dataDir, JOB_HEARTBEAT_SECONDS: '1' };
    const api = await startServerProcess('api', env);
    processes.push(api);
    // The test's own handle on the same database, for the artist's account (no jobs, no HTTP server).
    helper = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { serveWeb: false, logger: false });
    const artist = await createArtist(helper, { artist: { status: 'ACTIVE' } });
    cookie = await signIn(helper, artist);
  }, 300_000);

  afterEach(async () => {
    for (const server of processes.splice(1)) await server.stop();
  });

  afterAll(async () => {
    for (const server of processes.splice(0)) await server.stop();
    await helper?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = () => processes[0]!;

  async function call(method: string, url: string, body?: object) {
    const res = await fetch(`${api().baseUrl}${url}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { status?: string } };
  }

  /** A song made, uploaded in parts and completed through the api process; answers its id. */
  async function uploadSong(title: string, wav: Buffer): Promise<string> {
    const created = await call('POST', '/api/songs', { title, releaseDate: '05/01/2025' });
    expect(created.status).toBe(201);
    const songId = created.body.id as string;
    const presigned = await fetch(`${api().baseUrl}/api/songs/upload-presigned/${songId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ files: [{ name: `${title}.wav`, size: wav.length, type: 'audio/wav', s3Path: 'songs' }] }),
    });
    const [upload] = (await presigned.json()) as Array<{ uploadId: string; key: string; urls: string[] }>;
    const parts = await putPartsInParallel(fetchSender, upload!.urls, splitIntoParts(wav));
    const completed = await call('POST', `/api/songs/upload-complete/${songId}`, {
      key: upload!.key,
      uploadId: upload!.uploadId,
      parts,
    });
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('uploading');
    return songId;
  }

  const songStatus = async (songId: string) => (await call('GET', `/api/songs/${songId}`)).body.status;

  it('the api serves and sends, the worker works and serves only health: an upload becomes ready', async () => {
    const worker = await startServerProcess('worker', env);
    processes.push(worker);
    expect((await fetch(`${worker.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${worker.baseUrl}/api/genres`)).status).toBe(404);
    expect((await fetch(`${worker.baseUrl}/api/docs`)).status).toBe(404);
    expect((await fetch(`${worker.baseUrl}/`)).status).toBe(404);

    const songId = await uploadSong('Across Processes', makeWav(3));
    await waitFor(
      () => songStatus(songId),
      (status) => status === 'ready' || status === 'failed',
    );
    expect(await songStatus(songId)).toBe('ready');
    expect(worker.output()).toContain('song playable');
    // The same job then makes the downloads; it is recorded as a success once they are stored.
    await waitFor(
      () => worker.output(),
      (output) => output.includes('song downloads ready'),
    );
    // Its metrics, over a real loopback connection: the transcode it ran, and no API routes of its own.
    // The job's duration is recorded when the handler returns, just after that log line: wait for it.
    const finished = /^hfm_job_duration_seconds_count\{kind="songs\.transcode",outcome="success"\} 1$/m;
    const text = await waitFor(
      async () => {
        const metrics = await fetch(`${worker.baseUrl}/metrics`);
        expect(metrics.status).toBe(200);
        return metrics.text();
      },
      (body) => finished.test(body),
    );
    expect(text).toMatch(finished);
    expect(text).toMatch(/^hfm_job_queue_depth\{kind="songs\.transcode",state="created"\} 0$/m);
    expect(text).not.toContain('route="/api/');
    const proxied = await fetch(`${worker.baseUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    // The api process works no kind of job: it says so at start, and logged none finished.
    expect(api().output()).toContain('sending jobs only');
    expect(worker.output()).not.toContain('sending jobs only');
    expect(api().output()).not.toContain('song playable');
    expect(api().output()).not.toContain('job finished');
  }, 180_000);

  it('a worker killed mid-transcode: its ffmpeg dies with it, a new worker retries within a lease and tidies up', async () => {
    const first = await startServerProcess('worker', env);
    processes.push(first);
    const songId = await uploadSong('Killed Mid-Song', makeWav(90, { channels: 1 }));
    const ffmpegs = await waitFor(
      () => childProcesses(first.pid, 'ffmpeg'),
      (pids) => pids.length > 0,
    );
    const workDirs = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`hfm-song-p${first.pid}-${songId}-`));
    expect(workDirs).toHaveLength(1);

    first.child.kill('SIGKILL');
    await first.exited;
    for (const pid of ffmpegs)
      await waitFor(
        () => isRunning(pid),
        (running) => !running,
        30_000,
      );
    expect(await songStatus(songId)).toBe('uploading');

    const second = await startServerProcess('worker', env);
    processes.push(second);
    // The dead worker's folder is gone once the new worker has started working songs.
    expect(fs.existsSync(path.join(os.tmpdir(), workDirs[0]!))).toBe(false);
    await waitFor(
      () => songStatus(songId),
      (status) => status === 'ready' || status === 'failed',
    );
    expect(await songStatus(songId)).toBe('ready');
    // The song is marked ready just before the queue records the job as completed.
    const jobs = await waitFor(
      async () =>
        (
          await helper.ctx.platform.database.pool!.query<{ retry_count: number; state: string }>(
            `select retry_count, state from pgboss.job where name = $1 and singleton_key = $2`,
            [TRANSCODE_JOB, songId],
          )
        ).rows,
      (rows) => rows.every((row) => row.state !== 'active'),
    );
    expect(jobs).toEqual([{ retry_count: 1, state: 'completed' }]);
  }, 240_000);
});
