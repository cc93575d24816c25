import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { messages } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoto, type MotoServer } from '../moto-server.js';
import {
  buildServer,
  createScratchDatabase,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from '../server-process.js';
import { makeWav } from '../wav.js';
import { hfmClient, openHelper, transcodeJobs } from './hfm-client.js';
import { startTcpSwitch, type TcpSwitch } from './tcp-switch.js';

/**
 * Fault: the S3 server stops answering for a while (moto behind a TCP switch: off refuses connections and
 * cuts open ones; on again finds the bucket as it was). Requests that need storage answer a clear 503, the
 * rest go on; a transcode that hits the outage fails its attempt and is retried to ready once it is back.
 */
describe('fault: the S3 server away for a while', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let moto: MotoServer;
  let storageSwitch: TcpSwitch;
  let dataDir: string;
  let helper: FastifyInstance | undefined;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase();
    moto = await startMoto();
    storageSwitch = await startTcpSwitch(Number(new URL(moto.endpoint).port));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-faults-s3-'));
  }, 120_000);

  afterAll(async () => {
    for (const server of processes.splice(0)) await server.stop();
    await helper?.close();
    await storageSwitch?.close();
    moto?.stop();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('503 with a message while it is away, nothing lost: the waiting transcode is retried to ready', async () => {
    const bucket = 'hfm-faults-outage';
    const s3 = new S3Client({
      endpoint: moto.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    s3.destroy();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JOB_HEARTBEAT_SECONDS: '1',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${storageSwitch.port}`,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    };
    const api = await startServerProcess('api', env);
    processes.push(api);
    const opened = await openHelper(env);
    helper = opened.helper;
    const client = hfmClient(() => api.baseUrl, opened.cookie);

    // Uploaded and completed; no worker yet, so its transcode waits for the outage.
    const wav = makeWav(4);
    const songId = await client.createSong('Through The Outage');
    const { upload } = await client.presign(songId, 'outage.wav', wav.length);
    const { parts } = await client.sendMissingParts(songId, upload!, wav);
    expect((await client.complete(songId, upload!, parts)).status).toBe(200);
    const other = await client.createSong('Sent During The Outage');

    await storageSwitch.off();
    const unavailable = {
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: messages.storageUnavailable } },
      retryAfter: '30',
    };
    expect(await client.presign(other, 'other.wav', wav.length)).toMatchObject(unavailable);
    const direct = await fetch(`${api.baseUrl}/api/songs/upload/${other}`, {
      method: 'POST',
      headers: { cookie: opened.cookie },
      body: directForm(wav),
    });
    expect(direct.status).toBe(503);
    expect(await direct.json()).toMatchObject({ error: unavailable.body.error });
    // What needs no storage goes on.
    expect(await client.songStatus(songId)).toBe('uploading');
    expect(await client.songStatus(other)).toBe('pending');

    // A worker starts during the outage: its attempt fails and is retried.
    const worker = await startServerProcess('worker', env);
    processes.push(worker);
    await waitFor(
      () => transcodeJobs(helper!.ctx.platform.database.pool!, songId),
      (rows) => rows.some((row) => row.retry_count >= 1),
      120_000,
    );
    expect(await client.songStatus(songId)).toBe('uploading');

    await storageSwitch.on();
    const status = await waitFor(
      () => client.songStatus(songId),
      (value) => value === 'ready' || value === 'failed',
      180_000,
    );
    expect(status).toBe('ready');
    // And the upload refused during the outage now goes through.
    const again = await client.presign(other, 'other.wav', wav.length);
    expect(again.status).toBe(200);
    const sent = await client.sendMissingParts(other, again.upload!, wav);
    expect((await client.complete(other, again.upload!, sent.parts)).status).toBe(200);
    expect(
      await waitFor(
        () => client.songStatus(other),
        (value) => value === 'ready' || value === 'failed',
        180_000,
      ),
    ).toBe('ready');
    expect(api.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
  }, 300_000);
});

function directForm(wav: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'other.wav');
  return form;
}
