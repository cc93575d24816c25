import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import {
  fetchSender,
  generateBytes,
  md5Quoted,
  putPartsInParallel,
  splitIntoParts,
} from '../../test/multipart-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { ObjectStorage } from './storage.js';

/**
 * The S3 adapter against an S3-compatible server on loopback: moto's server (`pip install "moto[server]"`,
 * command `moto_server`), which implements multipart uploads, ListParts and S3's InvalidPart checks.
 * MOTO_SERVER names another command.
 */
const MOTO = process.env.MOTO_SERVER ?? 'moto_server';
const BUCKET = 'hfm-test';
const FILE_SIZE = 2 * UPLOAD_PART_SIZE + 98_765;

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

async function startMoto(): Promise<{ endpoint: string; stop(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`Cannot start ${MOTO} (pip install "moto[server]"): ${error.message}`)),
    ),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (
        await fetch(`${endpoint}/moto-api/`).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${MOTO} did not answer on ${endpoint}`);
  })();
  await Promise.race([ready, failed]);
  return { endpoint, stop: () => child.kill('SIGTERM') };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** .ci/run sets SKIP_S3_TESTS=1 (and says so loudly) only when moto_server cannot be had on the machine. */
describe.skipIf(process.env.SKIP_S3_TESTS === '1')('S3 storage against an S3-compatible server', () => {
  let moto: { endpoint: string; stop(): void };
  let t: TestApp;
  let storage: ObjectStorage;
  let s3: S3Client;
  const data = generateBytes(FILE_SIZE, 11);
  const parts = splitIntoParts(data);
  const exists = (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    moto = await startMoto();
    const credentials = { accessKeyId: 'test', secretAccessKey: 'test-secret' };
    s3 = new S3Client({ endpoint: moto.endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: moto.endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      MAX_UPLOAD_BYTES: String(4 * UPLOAD_PART_SIZE),
    });
    storage = t.app.ctx.storage;
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    moto?.stop();
  });

  it('is the store the config picks when S3_BUCKET is set', () => {
    expect(storage.kind).toBe('s3');
  });

  it('stores the exact bytes from presigned parts PUT in parallel and out of order', async () => {
    const key = 'songs/a1/full.wav';
    const uploadId = await storage.createMultipartUpload(key, 'audio/wav', { size: FILE_SIZE });
    const urls = await Promise.all(parts.map((_, i) => storage.presignUploadPart(key, uploadId, i + 1, 600)));
    expect(urls[0]).toContain(moto.endpoint);
    const completed = await putPartsInParallel(fetchSender, urls, parts);
    expect(completed.map((p) => p.ETag)).toEqual(parts.map(md5Quoted));
    const result = await storage.completeMultipartUpload(key, uploadId, completed);
    expect(result.size).toBe(FILE_SIZE);

    const object = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: FILE_SIZE, contentType: 'audio/wav' });
  });

  it('refuses a missing, malformed, wrong or reordered ETag with a 400, stores nothing and can resume', async () => {
    const key = 'songs/a1/refused.wav';
    const uploadId = await storage.createMultipartUpload(key, 'audio/wav');
    const urls = await Promise.all(parts.map((_, i) => storage.presignUploadPart(key, uploadId, i + 1, 600)));
    const good = await putPartsInParallel(fetchSender, urls.slice(0, 2), parts.slice(0, 2));
    expect((await storage.listParts(key, uploadId)).map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, UPLOAD_PART_SIZE],
      [2, UPLOAD_PART_SIZE],
    ]);
    const third = await fetchSender(urls[2]!, parts[2]!);
    const all = [...good, { PartNumber: 3, ETag: third.etag! }];
    for (const list of [
      [{ PartNumber: 1 }, all[1], all[2]],
      [{ PartNumber: 1, ETag: '"xyz"' }, all[1], all[2]],
      [{ PartNumber: 1, ETag: md5Quoted(Buffer.from('nope')) }, all[1], all[2]],
      [all[1], all[0], all[2]],
      [all[0], all[2]],
    ]) {
      expect((await rejection(storage.completeMultipartUpload(key, uploadId, list as never))).status).toBe(400);
      expect(await exists(key)).toBe(false);
    }
    const resumed = await storage.listParts(key, uploadId);
    await storage.completeMultipartUpload(
      key,
      uploadId,
      resumed.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
    );
    expect(await exists(key)).toBe(true);
  });

  it('refuses a short middle part with a 400 and a total over the limit with a 413', async () => {
    const key = 'songs/a1/sizes.wav';
    expect(
      (await rejection(storage.createMultipartUpload(key, 'audio/wav', { size: 5 * UPLOAD_PART_SIZE }))).status,
    ).toBe(413);
    const uploadId = await storage.createMultipartUpload(key, 'audio/wav');
    const short = await fetchSender(await storage.presignUploadPart(key, uploadId, 1, 60), parts[0]!.subarray(10));
    const second = await fetchSender(await storage.presignUploadPart(key, uploadId, 2, 60), parts[1]!);
    const list = [
      { PartNumber: 1, ETag: short.etag! },
      { PartNumber: 2, ETag: second.etag! },
    ];
    expect((await rejection(storage.completeMultipartUpload(key, uploadId, list))).status).toBe(400);
    expect(await exists(key)).toBe(false);
    expect((await rejection(storage.listParts(key, 'no-such-upload'))).status).toBe(404);
    await storage.abortMultipartUpload(key, uploadId);
    expect((await rejection(storage.listParts(key, uploadId))).status).toBe(404);
  });

  it('signs GET URLs for objects with ranges and download names, and folder URLs through our server', async () => {
    const key = 'songs/a1/stream/master.m3u8';
    await storage.put(key, Buffer.from('#EXTM3U\n#EXT-X-VERSION:7\n'), 'application/vnd.apple.mpegurl');
    await storage.put('songs/a1/stream/seg-1.m4s', Buffer.from('0123456789'), 'video/iso.segment');

    const direct = await storage.presignGet('songs/a1/stream/seg-1.m4s', {
      expiresInSeconds: 60,
      downloadName: 'seg.m4s',
    });
    expect(direct).toContain('response-content-disposition=attachment');
    const ranged = await fetch(direct, { headers: { range: 'bytes=2-5' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('2345');

    const folder = await storage.presignGet(key, { expiresInSeconds: 60, scope: 'folder' });
    expect(folder).toMatch(/^http:\/\/127\.0\.0\.1:3000\/media\/signed\/f3\./);
    const segment = new URL('seg-1.m4s', folder);
    const res = await t.app.inject({
      method: 'GET',
      url: `${segment.pathname}${segment.search}`,
      headers: { range: 'bytes=-3' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 7-9/10');
    expect(res.body).toBe('789');
  });

  it('streams a put of unknown length and deletes by key and by prefix', async () => {
    const { Readable } = await import('node:stream');
    await storage.put(
      'songs/a2/big.wav',
      Readable.from([data.subarray(0, 3_000_000), data.subarray(3_000_000)]),
      'audio/wav',
    );
    expect((await storage.stat('songs/a2/big.wav'))?.size).toBe(FILE_SIZE);
    await storage.put('songs/a2/x/one.flac', Buffer.from('1'), 'audio/flac');
    await storage.delete('songs/a2/big.wav');
    expect(await storage.stat('songs/a2/big.wav')).toBeNull();
    await storage.deletePrefix('songs/a2/');
    expect(await storage.stat('songs/a2/x/one.flac')).toBeNull();
    expect(await storage.get('songs/a2/x/one.flac')).toBeNull();
  });
});
