import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import type { ObjectStorage } from '../platform/storage/storage.js';
import {
  generateBytes,
  injectSender,
  putPartsInParallel,
  splitIntoParts,
  type PartSender,
} from '../test/multipart-client.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const FILE_SIZE = 2 * UPLOAD_PART_SIZE + 123_457;

async function startUpload(storage: ObjectStorage, key: string, size?: number) {
  const uploadId = await storage.createMultipartUpload(key, 'audio/wav', size === undefined ? {} : { size });
  const count = Math.ceil((size ?? FILE_SIZE) / UPLOAD_PART_SIZE);
  const urls = await Promise.all(
    Array.from({ length: count }, (_, i) => storage.presignUploadPart(key, uploadId, i + 1, 600)),
  );
  return { uploadId, urls };
}

async function expectAppError(promise: Promise<unknown>, status: number): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  return error as AppError;
}

describe('embedded storage: the multipart upload protocol over HTTP', () => {
  let t: TestApp;
  let storage: ObjectStorage;
  let send: PartSender;
  const data = generateBytes(FILE_SIZE, 7);
  const parts = splitIntoParts(data);

  beforeAll(async () => {
    t = await createTestApp({ MAX_UPLOAD_BYTES: String(4 * UPLOAD_PART_SIZE) });
    storage = t.app.ctx.storage;
    send = injectSender(t.app);
  });
  afterAll(async () => t.close());

  it('answers each part with its ETag exposed to scripts, as listed afterwards', async () => {
    const key = 'songs/artist_1/full.wav';
    const { uploadId, urls } = await startUpload(storage, key, FILE_SIZE);
    expect(urls).toHaveLength(3);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/media\/upload-parts\//);
    const reply = await send(urls[1]!, parts[1]!);
    expect(reply.status).toBe(200);
    expect(reply.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(reply.exposed).toBe('ETag');
    expect(await storage.listParts(key, uploadId)).toEqual([
      { PartNumber: 2, ETag: reply.etag, Size: UPLOAD_PART_SIZE },
    ]);
  });

  it('resumes an interrupted upload with the parts already stored', async () => {
    const key = 'songs/artist_1/resumed.wav';
    const { uploadId, urls } = await startUpload(storage, key, FILE_SIZE);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const first = await send(urls[0]!, parts[0]!);
    expect(first.status).toBe(200);
    await interruptedPut(`http://127.0.0.1:${port}${new URL(urls[1]!).pathname}${new URL(urls[1]!).search}`, parts[1]!);

    const stored = await storage.listParts(key, uploadId);
    expect(stored).toEqual([{ PartNumber: 1, ETag: first.etag, Size: UPLOAD_PART_SIZE }]);
    const missing = [2, 3].filter((n) => !stored.some((p) => p.PartNumber === n));
    for (const n of missing) expect((await send(urls[n - 1]!, parts[n - 1]!)).status).toBe(200);
    const all = await storage.listParts(key, uploadId);
    await storage.completeMultipartUpload(
      key,
      uploadId,
      all.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
    );
    expect((await storage.stat(key))?.size).toBe(FILE_SIZE);
  });

  it('lets a new PUT of a part replace one still under way (a retry never waits for a stalled connection)', async () => {
    const key = 'songs/artist_1/retried.wav';
    const { uploadId, urls } = await startUpload(storage, key, FILE_SIZE);
    const { port } = t.app.server.address() as AddressInfo;
    const local = (url: string) => `http://127.0.0.1:${port}${new URL(url).pathname}${new URL(url).search}`;
    const stalled = http.request(local(urls[0]!), { method: 'PUT', headers: { 'content-length': parts[0]!.length } });
    const stalledReply = new Promise<number>((resolve) => {
      stalled.on('response', (response) => resolve(response.statusCode ?? 0));
      stalled.on('error', () => resolve(0));
    });
    stalled.write(parts[0]!.subarray(0, 1000));
    const lock = path.join(t.dataDir, 'storage', 'uploads', uploadId, '1.lock');
    for (let attempt = 0; attempt < 600 && !fs.existsSync(lock); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fs.existsSync(lock)).toBe(true);

    const retried = await send(urls[0]!, parts[0]!);
    expect(retried.status).toBe(200);
    expect([0, 409]).toContain(await stalledReply);
    stalled.destroy();
    const rest = await putPartsInParallel(send, urls.slice(1), parts.slice(1));
    const listed = await storage.listParts(key, uploadId);
    expect(listed.map((part) => part.ETag)).toEqual([retried.etag, ...rest.map((part) => part.ETag)]);
    await storage.completeMultipartUpload(
      key,
      uploadId,
      listed.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
    );
    const object = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it('answers 403 to a tampered, misused or expired part URL', async () => {
    const key = 'songs/artist_1/signed.wav';
    const { uploadId, urls } = await startUpload(storage, key, FILE_SIZE);
    const url = new URL(urls[0]!);
    const signature = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    const otherKey = new URL(url);
    otherKey.searchParams.set('key', 'songs/artist_2/signed.wav');
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const expired = new URL(url);
    const past = Math.floor(Date.now() / 1000) - 5;
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', t.app.ctx.platform.signer.signUploadPart(key, uploadId, 1, past));
    const unsigned = new URL(url);
    unsigned.search = '';
    for (const bad of [tampered, otherKey, longer, expired, unsigned]) {
      const reply = await send(bad.toString(), parts[0]!);
      expect(reply.status).toBe(403);
      expect(JSON.parse(reply.body).error.code).toBe('FORBIDDEN');
    }
    expect((await send(urls[1]!.replace('/2?', '/1?'), parts[0]!)).status).toBe(403);
    expect(await storage.listParts(key, uploadId)).toEqual([]);
  });

  it('answers 400 to a part of the wrong size, at the PUT and at completion', async () => {
    const key = 'songs/artist_1/sizes.wav';
    const { uploadId, urls } = await startUpload(storage, key, FILE_SIZE);
    const short = await send(urls[0]!, parts[0]!.subarray(1));
    expect(short.status).toBe(400);
    expect(JSON.parse(short.body).error.message).toBe('Each part except the last must be exactly 5242880 bytes.');
    expect((await send(urls[2]!, parts[1]!)).status).toBe(400);
    expect(await storage.listParts(key, uploadId)).toEqual([]);

    const undeclared = 'songs/artist_1/undeclared.wav';
    const open = await startUpload(storage, undeclared);
    expect((await send(open.urls[0]!, Buffer.concat([parts[0]!, Buffer.from('x')]))).status).toBe(400);
    const first = await send(open.urls[0]!, parts[0]!.subarray(0, 1000));
    const second = await send(open.urls[1]!, parts[1]!);
    await expectAppError(
      storage.completeMultipartUpload(undeclared, open.uploadId, [
        { PartNumber: 1, ETag: first.etag! },
        { PartNumber: 2, ETag: second.etag! },
      ]),
      400,
    );
    expect(await storage.stat(undeclared)).toBeNull();
  });

  it('answers 404 for an unknown upload and for an upload under another key', async () => {
    const key = 'songs/artist_1/unknown.wav';
    const ghost = 'f'.repeat(32);
    const signer = t.app.ctx.platform.signer;
    const expires = Math.floor(Date.now() / 1000) + 60;
    const url = `/media/upload-parts/${ghost}/1?key=${encodeURIComponent(key)}&expires=${expires}&signature=${signer.signUploadPart(key, ghost, 1, expires)}`;
    expect((await send(url, parts[0]!)).status).toBe(404);
    await expectAppError(
      storage.completeMultipartUpload(key, ghost, [{ PartNumber: 1, ETag: `"${'0'.repeat(32)}"` }]),
      404,
    );
    const { uploadId } = await startUpload(storage, key, FILE_SIZE);
    await expectAppError(storage.listParts('songs/artist_1/elsewhere.wav', uploadId), 404);
    await storage.abortMultipartUpload(key, uploadId);
    await expectAppError(storage.listParts(key, uploadId), 404);
  });
});

describe('embedded storage: the size limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAX_UPLOAD_BYTES: String(2 * UPLOAD_PART_SIZE - 1000) });
  });
  afterAll(async () => t.close());

  it('answers 413 for a declared size, a part, or a completed total over MAX_UPLOAD_BYTES', async () => {
    const storage = t.app.ctx.storage;
    const send = injectSender(t.app);
    const key = 'songs/artist_1/large.wav';
    await expectAppError(storage.createMultipartUpload(key, 'audio/wav', { size: 2 * UPLOAD_PART_SIZE }), 413);

    const uploadId = await storage.createMultipartUpload(key, 'audio/wav');
    await expectAppError(storage.presignUploadPart(key, uploadId, 3, 60), 413);
    const signer = t.app.ctx.platform.signer;
    const expires = Math.floor(Date.now() / 1000) + 60;
    const third = `/media/upload-parts/${uploadId}/3?key=${encodeURIComponent(key)}&expires=${expires}&signature=${signer.signUploadPart(key, uploadId, 3, expires)}`;
    expect((await send(third, Buffer.alloc(10))).status).toBe(413);

    const urls = [
      await storage.presignUploadPart(key, uploadId, 1, 60),
      await storage.presignUploadPart(key, uploadId, 2, 60),
    ];
    const etags = await putPartsInParallel(send, urls, [
      generateBytes(UPLOAD_PART_SIZE, 1),
      generateBytes(UPLOAD_PART_SIZE, 2),
    ]);
    await expectAppError(storage.completeMultipartUpload(key, uploadId, etags), 413);
    expect(await storage.stat(key)).toBeNull();
  });
});

/** Sends half a part and drops the connection, as a browser tab closing mid-upload would. */
async function interruptedPut(url: string, body: Buffer): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = http.request(url, { method: 'PUT', headers: { 'content-length': body.length } });
    request.on('error', () => resolve());
    request.write(body.subarray(0, body.length / 2), () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 100);
    });
  });
  // The server notices the closed socket and removes its temp file.
  await new Promise((resolve) => setTimeout(resolve, 200));
}
