import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, childProcesses, startServerProcess, waitFor, type ServerProcess } from '../server-process.js';
import { makeWav } from '../wav.js';
import { hfmClient, openHelper, transcodeJobs } from './hfm-client.js';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

/**
 * Fault: PostgreSQL restarts under a running HFM process (a private server of the test's own: the
 * machine's is never touched). While it is down every request that needs it answers a clear 503 at once
 * (no crash, no hang); once it is back the same process serves again, and the job queue carries on: a
 * transcode the outage cut off is retried to ready, and new jobs run.
 */
describe('fault: PostgreSQL restarted under a running process', () => {
  let postgres: PrivatePostgres;
  let dataDir: string;
  let helper: FastifyInstance | undefined;
  let hfm: ServerProcess | undefined;

  beforeAll(async () => {
    buildServer();
    postgres = await startPrivatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-faults-pg-data-'));
  }, 120_000);

  afterAll(async () => {
    if (process.env.FAULTS_LOG) fs.writeFileSync(process.env.FAULTS_LOG, hfm?.output() ?? '');
    await hfm?.stop();
    await helper?.close();
    await postgres?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('503 with a message while it is down, then the same process recovers, jobs included', async () => {
    const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir, JOB_HEARTBEAT_SECONDS: '1' };
    hfm = await startServerProcess('all', env);
    const opened = await openHelper(env);
    helper = opened.helper;
    const client = hfmClient(() => hfm!.baseUrl, opened.cookie);

    // A transcode under way when the database goes.
    const wav = makeWav(20, { channels: 1 });
    const songId = await client.createSong('Through The Restart');
    const { upload } = await client.presign(songId, 'restart.wav', wav.length);
    const { parts } = await client.sendMissingParts(songId, upload!, wav);
    expect((await client.complete(songId, upload!, parts)).status).toBe(200);
    // Paused (SIGSTOP) so that it cannot finish before the database is gone, however fast the machine.
    const ffmpegs = await waitFor(
      () => childProcesses(hfm!.pid, 'ffmpeg'),
      (pids) => pids.length > 0,
    );
    for (const pid of ffmpegs) process.kill(pid, 'SIGSTOP');
    await helper.close();
    helper = undefined;

    await postgres.stop();
    for (const url of [`/api/songs/${songId}`, '/api/genres', '/api/users/me']) {
      const reply = await client.call('GET', url);
      expect(reply, url).toMatchObject({
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: messages.databaseUnavailable } },
        retryAfter: '30',
      });
    }
    const write = await client.call('POST', '/api/songs', { title: 'During The Outage', releaseDate: '05/01/2025' });
    expect(write.status).toBe(503);
    expect((await fetch(`${hfm.baseUrl}/readyz`)).status).toBe(503);
    expect((await fetch(`${hfm.baseUrl}/healthz`)).status).toBe(200);
    // The transcode ends (its result cannot be written) while the database is still away.
    for (const pid of ffmpegs) process.kill(pid, 'SIGCONT');
    await waitFor(
      () => childProcesses(hfm!.pid, 'ffmpeg').length,
      (count) => count === 0,
    );

    await postgres.start();
    await waitFor(
      () => client.call('GET', `/api/songs/${songId}`).then((reply) => reply.status),
      (status) => status === 200,
      60_000,
    );
    expect(hfm.child.exitCode).toBeNull();
    expect((await fetch(`${hfm.baseUrl}/readyz`)).status).toBe(200);

    // The cut-off job is retried to ready; a job sent after the restart runs too.
    const after = makeWav(3);
    const laterSong = await client.createSong('After The Restart');
    const later = await client.presign(laterSong, 'after.wav', after.length);
    const laterParts = await client.sendMissingParts(laterSong, later.upload!, after);
    expect((await client.complete(laterSong, later.upload!, laterParts.parts)).status).toBe(200);
    for (const id of [songId, laterSong]) {
      const status = await waitFor(
        () => client.songStatus(id),
        (value) => value === 'ready' || value === 'failed',
        180_000,
      );
      expect(status, id).toBe('ready');
    }
    expect(hfm.child.exitCode).toBeNull();
    const reopened = await openHelper(env);
    helper = reopened.helper;
    const [job] = await transcodeJobs(helper.ctx.platform.database.pool!, songId);
    expect(job!.retry_count).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
