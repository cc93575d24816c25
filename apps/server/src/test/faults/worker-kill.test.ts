import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  childProcesses,
  createScratchDatabase,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from '../server-process.js';
import { makeWav } from '../wav.js';
import { hfmClient, openHelper, transcodeJobs } from './hfm-client.js';

/** A dead worker's song is picked up again within this long of the kill, with the default heartbeat. */
const PICKED_UP_WITHIN_MS = 30_000;

/**
 * Fault: a worker dies (SIGKILL) while songs.transcode runs. Two workers share the queue, as in
 * production; the survivor retries the job once the dead one's lease lapses, with no restart and no
 * operator. The default heartbeat (JOB_HEARTBEAT_SECONDS unset), as a fan meets it: a lease of 4 beats,
 * upkeep every beat, the retry delay and a poll add up to under 30 s (docs/operations.md).
 */
describe('fault: a worker killed mid-transcode', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let helper: FastifyInstance;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-faults-worker-'));
  }, 120_000);

  afterAll(async () => {
    for (const server of processes.splice(0)) await server.stop();
    await helper?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the other worker makes the song ready; the job is retried once, nothing is left running', async () => {
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const api = await startServerProcess('api', env);
    processes.push(api);
    const opened = await openHelper(env);
    helper = opened.helper;
    const workers = [await startServerProcess('worker', env), await startServerProcess('worker', env)];
    processes.push(...workers);
    const client = hfmClient(() => api.baseUrl, opened.cookie);

    const wav = makeWav(20, { channels: 1 });
    const songId = await client.createSong('Killed Mid-Song');
    const { upload } = await client.presign(songId, 'killed.wav', wav.length);
    const { parts } = await client.sendMissingParts(songId, upload!, wav);
    expect((await client.complete(songId, upload!, parts)).status).toBe(200);

    // Whichever worker took the job is the one to kill, once its ffmpeg runs.
    const busy = await waitFor(
      () => workers.find((worker) => childProcesses(worker.pid, 'ffmpeg').length > 0),
      (worker) => worker !== undefined,
    );
    const survivor = workers.find((worker) => worker !== busy)!;
    // Its ffmpeg paused first, so the song cannot be finished before the kill, however fast the machine
    // (the kernel still kills a paused ffmpeg with its worker: setpriv --pdeathsig KILL).
    for (const pid of childProcesses(busy!.pid, 'ffmpeg')) process.kill(pid, 'SIGSTOP');
    busy!.child.kill('SIGKILL');
    await busy!.exited;
    const killedAt = Date.now();
    expect(await client.songStatus(songId)).toBe('uploading');

    const pool = helper.ctx.platform.database.pool!;
    await waitFor(
      () => transcodeJobs(pool, songId),
      (rows) => rows.some((row) => row.retry_count > 0 && row.state !== 'retry'),
      180_000,
    );
    const pickedUpMs = Date.now() - killedAt;
    await waitFor(
      () => client.songStatus(songId),
      (status) => status === 'ready' || status === 'failed',
      180_000,
    );
    expect(await client.songStatus(songId)).toBe('ready');
    console.log(
      `faults: worker killed -> picked up again in ${(pickedUpMs / 1000).toFixed(1)} s, ` +
        `song ready in ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
    );
    expect(pickedUpMs).toBeLessThan(PICKED_UP_WITHIN_MS);
    expect(survivor.output()).toContain('song playable');
    const jobs = await waitFor(
      () => transcodeJobs(pool, songId),
      (rows) => rows.every((row) => row.state !== 'active'),
    );
    expect(jobs).toEqual([{ retry_count: 1, state: 'completed' }]);
    // The song streams: its outputs are all there.
    const play = await client.call('GET', `/api/songs/${songId}/play`);
    expect(play.body.hls).toBeTruthy();
  }, 300_000);
});
