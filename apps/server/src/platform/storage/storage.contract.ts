/**
 * The storage contract: the cases every ObjectStorage adapter must pass, run unchanged against each one
 * (`local-storage.test.ts`: the embedded store behind our own HTTP routes; `s3-storage.test.ts`: the S3
 * adapter against moto_server on loopback). A behaviour the rest of the code relies on belongs here, not
 * in one adapter's file; adapter files keep only what is theirs (signatures of our part URLs, crash
 * recovery of the local disk, S3's folder URLs through our server).
 *
 * The same shape serves every later adapter: `payments/provider.contract.ts` exports
 * `describePaymentProviderContract(name, make)`, whose factory returns the provider under test plus the few
 * things a case needs from its world (here: how to send a request to a signed URL; there: test-card tokens
 * and signed webhooks), called by one test file per adapter. Adding an adapter then means one factory, not
 * new cases.
 */
import { Readable } from 'node:stream';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { generateBytes, putPartsInParallel, splitIntoParts, type PartSender } from '../../test/multipart-client.js';
import type { ObjectStorage } from './storage.js';

export interface StorageUnderTest {
  storage: ObjectStorage;
  /** Sends a PUT to a presigned part URL, as a browser does. */
  sendPart: PartSender;
  /** GETs a presigned URL (with optional headers) and answers status and body. */
  fetchSigned(url: string, headers?: Record<string, string>): Promise<{ status: number; body: Buffer }>;
  close(): Promise<void>;
}

/** The adapter's largest accepted upload must be 4 parts (MAX_UPLOAD_BYTES = 4 x 5,242,880). */
export const CONTRACT_MAX_UPLOAD_BYTES = 4 * UPLOAD_PART_SIZE;
const FILE_SIZE = 2 * UPLOAD_PART_SIZE + 98_765;
const ETAG = /^"[0-9a-f]{32}"$/;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function describeStorageContract(name: string, makeStorage: () => Promise<StorageUnderTest>): void {
  describe(`storage contract: ${name}`, () => {
    let under: StorageUnderTest;
    let storage: ObjectStorage;
    const data = generateBytes(FILE_SIZE, 11);
    const parts = splitIntoParts(data);

    beforeAll(async () => {
      under = await makeStorage();
      storage = under.storage;
    });
    afterAll(async () => under?.close());

    async function startUpload(key: string, size?: number) {
      const uploadId = await storage.createMultipartUpload(key, 'audio/wav', size === undefined ? {} : { size });
      const urls = await Promise.all(parts.map((_, i) => storage.presignUploadPart(key, uploadId, i + 1, 600)));
      return { uploadId, urls };
    }

    it('puts, gets, ranges and stats objects from buffers and streams', async () => {
      await storage.put('contract/a/one.m4s', Buffer.from('0123456789'), 'video/iso.segment');
      expect(await storage.stat('contract/a/one.m4s')).toEqual({ size: 10, contentType: 'video/iso.segment' });
      const whole = await storage.get('contract/a/one.m4s');
      expect(whole?.size).toBe(10);
      expect((await readAll(whole!.body)).toString()).toBe('0123456789');
      const ranged = await storage.get('contract/a/one.m4s', { start: 2, end: 5 });
      expect(ranged?.size).toBe(4);
      expect((await readAll(ranged!.body)).toString()).toBe('2345');
      expect((await readAll((await storage.get('contract/a/one.m4s', { start: 7 }))!.body)).toString()).toBe('789');

      await storage.put(
        'contract/a/big.wav',
        Readable.from([data.subarray(0, 3_000_000), data.subarray(3_000_000)]),
        'audio/wav',
      );
      expect(await storage.stat('contract/a/big.wav')).toEqual({ size: FILE_SIZE, contentType: 'audio/wav' });
      expect((await readAll((await storage.get('contract/a/big.wav'))!.body)).equals(data)).toBe(true);
      expect(await storage.stat('contract/a/none.wav')).toBeNull();
      expect(await storage.get('contract/a/none.wav')).toBeNull();
    });

    it('gets with the stat the caller already holds: the same bytes, and a key deleted since is null', async () => {
      await storage.put('contract/k/known.flac', Buffer.from('abcdefghij'), 'audio/flac');
      const known = (await storage.stat('contract/k/known.flac'))!;
      const ranged = await storage.get('contract/k/known.flac', { start: 3, end: 6 }, known);
      expect(ranged).toMatchObject({ size: 4, contentType: 'audio/flac' });
      expect((await readAll(ranged!.body)).toString()).toBe('defg');
      const whole = await storage.get('contract/k/known.flac', undefined, known);
      expect((await readAll(whole!.body)).toString()).toBe('abcdefghij');
      await storage.delete('contract/k/known.flac');
      expect(await storage.get('contract/k/known.flac', { start: 0, end: 3 }, known)).toBeNull();
    });

    it('deletes by key and by prefix, and a missing key is no error', async () => {
      await storage.put('contract/b/x/one.flac', Buffer.from('1'), 'audio/flac');
      await storage.put('contract/b/two.flac', Buffer.from('2'), 'audio/flac');
      await storage.put('contract/bb/kept.flac', Buffer.from('3'), 'audio/flac');
      await storage.delete('contract/b/two.flac');
      await storage.delete('contract/b/two.flac');
      expect(await storage.stat('contract/b/two.flac')).toBeNull();
      await storage.deletePrefix('contract/b/');
      expect(await storage.stat('contract/b/x/one.flac')).toBeNull();
      expect(await storage.stat('contract/bb/kept.flac')).not.toBeNull();
      await expect(storage.deletePrefix('contract/b')).rejects.toThrow();
    });

    it('signs GET URLs that serve the object, ranges and download names', async () => {
      await storage.put('contract/c/seg.m4s', Buffer.from('0123456789'), 'video/iso.segment');
      const url = await storage.presignGet('contract/c/seg.m4s', { expiresInSeconds: 60 });
      const whole = await under.fetchSigned(url);
      expect(whole.status).toBe(200);
      expect(whole.body.toString()).toBe('0123456789');
      const ranged = await under.fetchSigned(url, { range: 'bytes=2-5' });
      expect(ranged.status).toBe(206);
      expect(ranged.body.toString()).toBe('2345');
      const download = await storage.presignGet('contract/c/seg.m4s', { expiresInSeconds: 60, downloadName: 'a.m4s' });
      expect((await under.fetchSigned(download)).status).toBe(200);
      await expect(storage.presignGet('contract/c/seg.m4s', { expiresInSeconds: 0 })).rejects.toThrow();
    });

    it('stores the exact bytes of parts PUT in parallel and out of order, then forgets the upload', async () => {
      const key = 'contract/d/full.wav';
      const { uploadId, urls } = await startUpload(key, FILE_SIZE);
      const completed = await putPartsInParallel(under.sendPart, urls, parts);
      for (const part of completed) expect(part.ETag).toMatch(ETAG);
      const listed = await storage.listParts(key, uploadId);
      expect(listed).toEqual(completed.map((part, i) => ({ ...part, Size: parts[i]!.length })));
      const result = await storage.completeMultipartUpload(key, uploadId, completed);
      expect(result).toEqual({ key, size: FILE_SIZE, ETag: expect.stringMatching(/^"[0-9a-f]{32}-3"$/) });
      expect((await readAll((await storage.get(key))!.body)).equals(data)).toBe(true);
      expect(await storage.stat(key)).toEqual({ size: FILE_SIZE, contentType: 'audio/wav' });
      expect((await rejection(storage.listParts(key, uploadId))).status).toBe(404);
    });

    it('refuses a missing, malformed, wrong or reordered ETag and a missing part with a 400, stores nothing, then completes', async () => {
      const key = 'contract/e/refused.wav';
      const { uploadId, urls } = await startUpload(key);
      const good = await putPartsInParallel(under.sendPart, urls, parts);
      for (const list of [
        [{ PartNumber: 1 }, good[1], good[2]],
        [{ PartNumber: 1, ETag: '"xyz"' }, good[1], good[2]],
        [{ PartNumber: 1, ETag: `"${'0'.repeat(32)}"` }, good[1], good[2]],
        [good[1], good[0], good[2]],
        [good[0], good[2]],
        [good[0], good[1], good[2], { PartNumber: 4, ETag: good[2]!.ETag }],
        [],
      ]) {
        expect((await rejection(storage.completeMultipartUpload(key, uploadId, list as never))).status).toBe(400);
        expect(await storage.stat(key)).toBeNull();
      }
      const resumed = await storage.listParts(key, uploadId);
      expect(resumed.map((part) => part.PartNumber)).toEqual([1, 2, 3]);
      await storage.completeMultipartUpload(
        key,
        uploadId,
        resumed.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
      );
      expect((await readAll((await storage.get(key))!.body)).equals(data)).toBe(true);
    });

    it('refuses a short middle part with a 400 and a total over the limit with a 413', async () => {
      const key = 'contract/f/sizes.wav';
      expect(
        (await rejection(storage.createMultipartUpload(key, 'audio/wav', { size: 5 * UPLOAD_PART_SIZE }))).status,
      ).toBe(413);
      const { uploadId, urls } = await startUpload(key);
      const short = await under.sendPart(urls[0]!, parts[0]!.subarray(10));
      const second = await under.sendPart(urls[1]!, parts[1]!);
      const list = [
        { PartNumber: 1, ETag: short.etag! },
        { PartNumber: 2, ETag: second.etag! },
      ];
      expect((await rejection(storage.completeMultipartUpload(key, uploadId, list))).status).toBe(400);
      expect(await storage.stat(key)).toBeNull();
    });

    it('answers 404 for an unknown upload, and an aborted upload takes no more parts', async () => {
      const key = 'contract/g/aborted.wav';
      expect((await rejection(storage.listParts(key, 'f'.repeat(32)))).status).toBe(404);
      const ghost = [{ PartNumber: 1, ETag: `"${'0'.repeat(32)}"` }];
      expect((await rejection(storage.completeMultipartUpload(key, 'f'.repeat(32), ghost))).status).toBe(404);
      const { uploadId, urls } = await startUpload(key, FILE_SIZE);
      const first = await under.sendPart(urls[0]!, parts[0]!);
      expect(first.status).toBe(200);
      await storage.abortMultipartUpload(key, uploadId);
      await storage.abortMultipartUpload(key, uploadId);
      expect((await rejection(storage.listParts(key, uploadId))).status).toBe(404);
      // Our route answers 404 as S3 does; moto answers 500. Either way nothing is stored.
      expect((await under.sendPart(urls[1]!, parts[1]!)).status).toBeGreaterThanOrEqual(400);
      expect((await rejection(storage.listParts(key, uploadId))).status).toBe(404);
      const late = [{ PartNumber: 1, ETag: first.etag! }];
      expect((await rejection(storage.completeMultipartUpload(key, uploadId, late))).status).toBe(404);
      expect(await storage.stat(key)).toBeNull();
    });

    it('aborts the uploads left untouched since a given time and keeps those touched since', async () => {
      const key = 'contract/h/stale.wav';
      const { uploadId, urls } = await startUpload(key, FILE_SIZE);
      expect((await under.sendPart(urls[0]!, parts[0]!)).status).toBe(200);
      expect(await storage.abortStaleUploads(new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
      expect(await storage.listParts(key, uploadId)).toHaveLength(1);
      expect(await storage.abortStaleUploads(new Date(Date.now() + 60 * 1000))).toBeGreaterThanOrEqual(1);
      expect((await rejection(storage.listParts(key, uploadId))).status).toBe(404);
      expect((await under.sendPart(urls[1]!, parts[1]!)).status).toBeGreaterThanOrEqual(400);
    });
  });
}
