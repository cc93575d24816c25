import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateBytes, injectSender, splitIntoParts } from '../../test/multipart-client.js';
import { createTestApp } from '../../test/test-app.js';
import { createLocalStorage, type LocalObjectStorage } from './local-storage.js';
import { CONTRACT_MAX_UPLOAD_BYTES, describeStorageContract } from './storage.contract.js';
import { startUploadSweeper } from './upload-sweeper.js';

describeStorageContract('local disk, parts through our HTTP route', async () => {
  const t = await createTestApp({ MAX_UPLOAD_BYTES: String(CONTRACT_MAX_UPLOAD_BYTES) });
  return {
    storage: t.app.ctx.storage,
    sendPart: injectSender(t.app),
    async fetchSigned(url, headers = {}) {
      const { pathname, search } = new URL(url, 'http://localhost');
      const res = await t.app.inject({ method: 'GET', url: `${pathname}${search}`, headers });
      return { status: res.statusCode, body: res.rawPayload };
    },
    close: () => t.close(),
  };
});

describe('local storage: a get with the stat already known', () => {
  let root: string;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-local-storage-'));
  });
  afterEach(async () => fsp.rm(root, { recursive: true, force: true }));

  it('does not read the file or its type again (the signed media route stats first, then gets)', async () => {
    const storage = createLocalStorage(root);
    await storage.put('songs/a/preview.m4a', Buffer.from('0123456789'), 'audio/mp4');
    const known = (await storage.stat('songs/a/preview.m4a'))!;
    // Without a second look, the type comes from the stat given: the sidecar is not read again.
    await fsp.rm(`${storage.localPath('songs/a/preview.m4a')}.type`);
    const object = await storage.get('songs/a/preview.m4a', { start: 0, end: 3 }, known);
    expect(object).toMatchObject({ size: 4, contentType: 'audio/mp4' });
    object!.body.destroy();
    const looked = await storage.get('songs/a/preview.m4a', { start: 0, end: 3 });
    expect(looked?.contentType).toBe('application/octet-stream');
    looked!.body.destroy();
  });
});

/** A pid no process of this machine has any more: a child that already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const lockText = (pid: number) => `${os.hostname()} ${pid} ${crypto.randomBytes(8).toString('hex')}`;
const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000);

describe('local storage: recovery from a crashed process', () => {
  let root: string;
  let storage: LocalObjectStorage;
  const data = generateBytes(2 * UPLOAD_PART_SIZE + 1234, 5);
  const parts = splitIntoParts(data);

  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-local-storage-'));
    storage = createLocalStorage(root);
  });
  afterEach(async () => fsp.rm(root, { recursive: true, force: true }));

  async function uploadedParts(key: string) {
    const uploadId = await storage.createMultipartUpload(key, 'audio/wav', { size: data.length });
    const completed = [];
    for (const [i, part] of parts.entries()) {
      const stored = await storage.writeUploadPart(key, uploadId, i + 1, Readable.from([part]));
      completed.push({ PartNumber: stored.PartNumber, ETag: stored.ETag });
    }
    return { uploadId, completed, dir: path.join(root, 'uploads', uploadId) };
  }

  it('completes an upload whose earlier completion crashed (its lock names a process that is gone)', async () => {
    const key = 'songs/a/crashed.wav';
    const { uploadId, completed, dir } = await uploadedParts(key);
    await fsp.writeFile(path.join(dir, 'complete.lock'), lockText(deadPid()));
    const result = await storage.completeMultipartUpload(key, uploadId, completed);
    expect(result.size).toBe(data.length);
    expect((await fsp.readFile(storage.localPath(key))).equals(data)).toBe(true);
  });

  it('waits out a completion lock held by a live process until nobody has touched it for the lock TTL', async () => {
    const key = 'songs/a/hung.wav';
    const { uploadId, completed, dir } = await uploadedParts(key);
    const lock = path.join(dir, 'complete.lock');
    await fsp.writeFile(lock, lockText(process.ppid));
    await expect(storage.completeMultipartUpload(key, uploadId, completed)).rejects.toMatchObject({ status: 409 });
    await expect(storage.writeUploadPart(key, uploadId, 1, Readable.from([parts[0]!]))).rejects.toMatchObject({
      status: 409,
    });
    await fsp.utimes(lock, anHourAgo(), anHourAgo());
    expect((await storage.completeMultipartUpload(key, uploadId, completed)).size).toBe(data.length);
    expect((await fsp.readFile(storage.localPath(key))).equals(data)).toBe(true);
  });

  it('takes a part whose earlier writer crashed, and refuses one a live writer holds', async () => {
    const key = 'songs/a/part.wav';
    const uploadId = await storage.createMultipartUpload(key, 'audio/wav', { size: data.length });
    const lock = path.join(root, 'uploads', uploadId, '1.lock');
    await fsp.writeFile(lock, lockText(process.ppid));
    await expect(storage.writeUploadPart(key, uploadId, 1, Readable.from([parts[0]!]))).rejects.toMatchObject({
      status: 409,
    });
    await fsp.writeFile(lock, lockText(deadPid()));
    expect((await storage.writeUploadPart(key, uploadId, 1, Readable.from([parts[0]!]))).Size).toBe(UPLOAD_PART_SIZE);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('removes at start the temp files of writers that are gone, and keeps those of live ones', async () => {
    await storage.put('songs/a/kept.wav', Buffer.from('x'), 'audio/wav');
    const tmp = path.join(root, 'tmp');
    const tag = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
    const leftover = path.join(tmp, `${tag}.${deadPid()}.${'a'.repeat(12)}.tmp`);
    const live = path.join(tmp, `${tag}.${process.ppid}.${'b'.repeat(12)}.tmp`);
    await fsp.writeFile(leftover, Buffer.alloc(1024 * 1024));
    await fsp.writeFile(live, 'x');
    const { uploadId } = await uploadedParts('songs/a/abandoned.wav');
    const old = path.join(root, 'uploads', uploadId);
    for (const name of await fsp.readdir(old)) await fsp.utimes(path.join(old, name), anHourAgo(), anHourAgo());
    await fsp.utimes(old, anHourAgo(), anHourAgo());
    const fresh = await storage.createMultipartUpload('songs/a/fresh.wav', 'audio/wav');

    const sweeper = startUploadSweeper(storage, {
      maxAgeMs: 30 * 60 * 1000,
      log: { info: () => undefined, warn: () => undefined },
    });
    await sweeper.stop();
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
    expect(await storage.listParts('songs/a/fresh.wav', fresh)).toEqual([]);
    expect(await storage.stat('songs/a/kept.wav')).toEqual({ size: 1, contentType: 'audio/wav' });
  });

  it('writes parts in place: completion moves the file, it does not copy the parts', async () => {
    const key = 'songs/a/in-place.wav';
    const { uploadId, completed, dir } = await uploadedParts(key);
    const inode = (await fsp.stat(path.join(dir, 'data'))).ino;
    await storage.completeMultipartUpload(key, uploadId, completed);
    expect((await fsp.stat(storage.localPath(key))).ino).toBe(inode);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('lists every part once after parts are sent again, and completes with the newest', async () => {
    const key = 'songs/a/again.wav';
    const { uploadId } = await uploadedParts(key);
    const urls = await Promise.all(parts.map((_, i) => storage.presignUploadPart(key, uploadId, i + 1, 60)));
    expect(urls).toHaveLength(3);
    const again = await storage.writeUploadPart(key, uploadId, 2, Readable.from([parts[1]!]));
    const listed = await storage.listParts(key, uploadId);
    expect(listed.map((part) => part.PartNumber)).toEqual([1, 2, 3]);
    expect(listed[1]!.ETag).toBe(again.ETag);
    await storage.completeMultipartUpload(
      key,
      uploadId,
      listed.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
    );
    expect((await fsp.readFile(storage.localPath(key))).equals(data)).toBe(true);
  });
});
