import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type LocalObjectStorage } from './local-storage.js';
import { cleanKeySegment, isSafeKey } from './storage.js';

/** Keys that would name a file outside the store, or a different file than they seem to. */
const HOSTILE_KEYS = [
  '..',
  '../outside.txt',
  'songs/../../outside.txt',
  'songs/a/../../../outside.txt',
  '/etc/passwd',
  '//etc/passwd',
  'songs\\..\\..\\outside.txt',
  '..\\outside.txt',
  'songs/a\0/x.wav',
  'songs/x.wav\0.png',
  './songs/x.wav',
  'songs//x.wav',
  'songs/',
  '',
  `songs/${'a'.repeat(1100)}`,
];

describe('isSafeKey', () => {
  it.each(HOSTILE_KEYS.map((key) => [JSON.stringify(key).slice(0, 60), key]))('refuses %s', (_, key) => {
    expect(isSafeKey(key)).toBe(false);
  });

  it('takes the keys the app makes', () => {
    for (const key of ['songs/a1_Band/s1/original/take_1.wav', 'profile-images/u1/profile-1.png', 'a..b/c.d..e']) {
      expect(isSafeKey(key), key).toBe(true);
    }
  });
});

describe('cleanKeySegment: a file name becomes one harmless segment', () => {
  it.each([
    ['../../x.wav', 'x.wav'],
    ['..\\..\\x.wav', 'x.wav'],
    ['/etc/passwd', 'etcpasswd'],
    ['..', 'untitled'],
    ['a\0b.wav', 'ab.wav'],
    ['%2e%2e%2fx.wav', '2e2e2fx.wav'],
  ])('%s -> %s', (name, segment) => {
    expect(cleanKeySegment(name)).toBe(segment);
    expect(isSafeKey(`songs/a/s1/original/${cleanKeySegment(name)}`)).toBe(true);
  });
});

describe('the embedded store never touches a path outside DATA_DIR/storage', () => {
  let dataDir: string;
  let storage: LocalObjectStorage;
  const canary = () => path.join(dataDir, 'outside.txt');
  const listAll = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-traversal-'));
    fs.writeFileSync(canary(), 'canary');
    storage = createLocalStorage(path.join(dataDir, 'storage'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each(HOSTILE_KEYS.map((key) => [JSON.stringify(key).slice(0, 60), key]))(
    'refuses %s in every call that takes a key',
    async (_, key) => {
      const before = listAll(dataDir);
      const uploadId = '0'.repeat(32);
      const calls: [string, () => Promise<unknown>][] = [
        ['put', () => storage.put(key, Buffer.from('x'), 'text/plain')],
        ['put stream', () => storage.put(key, Readable.from([Buffer.from('x')]), 'text/plain')],
        ['get', () => storage.get(key)],
        ['stat', () => storage.stat(key)],
        ['delete', () => storage.delete(key)],
        ['deletePrefix', () => storage.deletePrefix(`${key}/`)],
        ['createMultipartUpload', () => storage.createMultipartUpload(key, 'audio/wav', { size: 1 })],
        ['presignUploadPart', () => storage.presignUploadPart(key, uploadId, 1, 60)],
        ['listParts', () => storage.listParts(key, uploadId)],
        ['completeMultipartUpload', () => storage.completeMultipartUpload(key, uploadId, [])],
        ['writeUploadPart', () => storage.writeUploadPart(key, uploadId, 1, Readable.from([Buffer.from('x')]), 1)],
        ['presignGet', () => storage.presignGet(key, { expiresInSeconds: 60 })],
        ['localPath', async () => storage.localPath(key)],
      ];
      for (const [name, call] of calls) {
        // Some refuse before their promise exists: a thrown error counts as a refusal too.
        await expect(Promise.resolve().then(call), name).rejects.toThrow();
      }
      // Aborting an upload someone else names is a quiet no-op, as on S3.
      await storage.abortMultipartUpload(key, uploadId);
      await storage.abortMultipartUpload(key, `../../${uploadId}`);
      expect(fs.readFileSync(canary(), 'utf8')).toBe('canary');
      expect(listAll(dataDir)).toEqual(before);
    },
  );

  it('refuses upload ids that are not its own hex names', async () => {
    const key = 'songs/a/s1/original/x.wav';
    const uploadId = await storage.createMultipartUpload(key, 'audio/wav', { size: 1 });
    expect(uploadId).toMatch(/^[0-9a-f]{32}$/);
    for (const hostile of ['..', `../uploads/${uploadId}`, `${uploadId}/..`, '../../outside.txt']) {
      await expect(storage.listParts(key, hostile)).rejects.toThrow();
      await expect(
        storage.writeUploadPart(key, hostile, 1, Readable.from([Buffer.from('x')]), 1),
        hostile,
      ).rejects.toThrow();
    }
    expect(fs.readFileSync(canary(), 'utf8')).toBe('canary');
  });
});
