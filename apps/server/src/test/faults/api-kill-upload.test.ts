import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMoto, type MotoServer } from '../moto-server.js';
import { fetchSender, splitIntoParts } from '../multipart-client.js';
import {
  buildServer,
  createScratchDatabase,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from '../server-process.js';
import { makeWav } from '../wav.js';
import { hfmClient, openHelper } from './hfm-client.js';

/**
 * Fault: the API process is killed (SIGKILL) while uploads are under way. A new process on the same
 * database and storage takes over: presigning the same file again answers the same upload, the parts
 * already stored are kept (a half-written one is not listed), the rest are sent, completion works and the
 * song becomes ready. A direct upload cut off leaves the song as it was (pending) and is simply sent again.
 */
describe('fault: the API process killed mid-upload', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let moto: MotoServer | undefined;
  const helpers: FastifyInstance[] = [];
  const dataDirs: string[] = [];
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase();
  }, 120_000);

  afterEach(async () => {
    for (const server of processes.splice(0)) await server.stop();
  });

  afterAll(async () => {
    for (const helper of helpers.splice(0)) await helper.close();
    moto?.stop();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An `all` process (API and worker) on the scratch database and the given storage; a fresh DATA_DIR. */
  async function setUp(storageEnv: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-faults-upload-'));
    dataDirs.push(dataDir);
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, JOB_HEARTBEAT_SECONDS: '2', ...storageEnv };
    let current = await startServerProcess('all', env);
    processes.push(current);
    const { helper, cookie } = await openHelper(env);
    helpers.push(helper);
    const client = hfmClient(() => current.baseUrl, cookie);
    return {
      dataDir,
      client,
      cookie,
      current: () => current,
      async killAndRestart() {
        current.child.kill('SIGKILL');
        await current.exited;
        current = await startServerProcess('all', env);
        processes.push(current);
      },
    };
  }

  const waitReady = (client: ReturnType<typeof hfmClient>, songId: string) =>
    waitFor(
      () => client.songStatus(songId),
      (status) => status === 'ready' || status === 'failed',
      180_000,
    );

  it('embedded store: a part and a direct upload cut off by the kill; both complete after the restart', async () => {
    const hfm = await setUp({});
    const wav = makeWav(32, { channels: 2 });
    const parts = splitIntoParts(wav);
    expect(parts.length).toBe(2);

    const multipartSong = await hfm.client.createSong('Cut Off In Parts');
    const { upload } = await hfm.client.presign(multipartSong, 'parts.wav', wav.length);
    // The short last part is stored whole; the full-size first part is half sent when the process dies.
    expect((await fetchSender(upload!.urls[1]!, parts[1]!)).status).toBe(200);
    const halfPart = stalledPut(upload!.urls[0]!, parts[0]!.subarray(0, UPLOAD_PART_SIZE / 2), parts[0]!.length);
    const partLock = path.join(hfm.dataDir, 'storage/uploads', upload!.uploadId, '1.lock');
    await waitFor(
      () => fs.existsSync(partLock),
      (held) => held,
    );

    // Direct: half the file streamed into the process when it dies.
    const directSong = await hfm.client.createSong('Cut Off Direct');
    const halfForm = stalledDirectUpload(
      hfm.current().baseUrl,
      directSong,
      hfm.cookie,
      wav.subarray(0, wav.length / 2),
    );
    const tmpDir = path.join(hfm.dataDir, 'storage/tmp');
    await waitFor(
      () => (fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).length : 0),
      (count) => count > 0,
    );

    await hfm.killAndRestart();
    expect(await halfPart).toBe('cut off');
    expect(await halfForm).toBe('cut off');

    // The same file presigned again resumes the same upload: part 2 kept, the half part not listed.
    const again = await hfm.client.presign(multipartSong, 'parts.wav', wav.length);
    expect(again.upload!.uploadId).toBe(upload!.uploadId);
    const sent = await hfm.client.sendMissingParts(multipartSong, again.upload!, wav);
    expect(sent).toMatchObject({ kept: 1, resent: 1 });
    expect((await hfm.client.complete(multipartSong, again.upload!, sent.parts)).body.status).toBe('uploading');

    // The cut-off direct upload changed nothing, and its temp file was swept when the new process started.
    expect(await hfm.client.songStatus(directSong)).toBe('pending');
    expect(fs.readdirSync(tmpDir)).toEqual([]);
    const direct = await directUpload(hfm.current().baseUrl, directSong, hfm.cookie, wav);
    expect(direct.status).toBe(200);

    expect(await waitReady(hfm.client, multipartSong)).toBe('ready');
    expect(await waitReady(hfm.client, directSong)).toBe('ready');
  }, 300_000);

  it('S3 (moto): the process dies between parts, parts go on to the bucket, the new process completes', async () => {
    moto = await startMoto();
    const s3Env = {
      S3_BUCKET: 'hfm-faults',
      S3_ENDPOINT: moto.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    };
    const s3 = new S3Client({
      endpoint: moto.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: s3Env.S3_BUCKET }));
    s3.destroy();
    const hfm = await setUp(s3Env);
    const wav = makeWav(32, { channels: 2 });
    const parts = splitIntoParts(wav);
    expect(parts.length).toBe(2);

    const songId = await hfm.client.createSong('Cut Off On S3');
    const { upload } = await hfm.client.presign(songId, 's3.wav', wav.length);
    expect((await fetchSender(upload!.urls[0]!, parts[0]!)).status).toBe(200);
    hfm.current().child.kill('SIGKILL');
    // The part URLs are the bucket's own: the browser goes on while no HFM process runs.
    expect((await fetchSender(upload!.urls[1]!, parts[1]!)).status).toBe(200);
    await hfm.killAndRestart();

    const again = await hfm.client.presign(songId, 's3.wav', wav.length);
    expect(again.upload!.uploadId).toBe(upload!.uploadId);
    const sent = await hfm.client.sendMissingParts(songId, again.upload!, wav);
    expect(sent).toMatchObject({ kept: 2, resent: 0 });
    expect((await hfm.client.complete(songId, again.upload!, sent.parts)).body.status).toBe('uploading');
    expect(await waitReady(hfm.client, songId)).toBe('ready');
  }, 300_000);
});

/** A body that sends `head` and then nothing more (the client "stalls"), declared as `length` bytes. */
function stallingBody(head: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(head));
    },
  });
}

/** How a request that the kill cut off ends: never with an answer. */
const outcome = (request: Promise<Response>) =>
  request.then(
    (res) => `answered ${res.status}`,
    () => 'cut off',
  );

/** A part PUT that sends half its bytes and waits; it ends only when the server goes away. */
function stalledPut(url: string, head: Buffer, length: number): Promise<string> {
  return outcome(
    fetch(url, {
      method: 'PUT',
      body: stallingBody(head),
      headers: { 'content-length': String(length) },
      duplex: 'half',
    } as RequestInit),
  );
}

const BOUNDARY = 'hfm-faults-boundary';
const formHead = () =>
  Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="direct.wav"\r\n` +
      'content-type: audio/wav\r\n\r\n',
  );
const formTail = () => Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** The direct upload's form with only the first bytes of the file sent, then nothing. */
function stalledDirectUpload(baseUrl: string, songId: string, cookie: string, head: Buffer): Promise<string> {
  return outcome(
    fetch(`${baseUrl}/api/songs/upload/${songId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: stallingBody(Buffer.concat([formHead(), head])),
      duplex: 'half',
    } as RequestInit),
  );
}

function directUpload(baseUrl: string, songId: string, cookie: string, wav: Buffer): Promise<Response> {
  return fetch(`${baseUrl}/api/songs/upload/${songId}`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: new Uint8Array(Buffer.concat([formHead(), wav, formTail()])),
  });
}
