import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readLosslessHeader } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../platform/storage/local-storage.js';
import type { ObjectStorage } from '../../platform/storage/storage.js';
import { makeAudio } from '../../test/lossless-audio.js';
import { makeWav } from '../../test/wav.js';
import { HEADER_WINDOW_BYTES, storedSource } from './songs.limits.js';

describe('reading a stored original’s header', () => {
  let root: string;
  let storage: ObjectStorage;
  let gets: { start: number; end: number | undefined }[];
  let stats: number;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-stored-source-'));
    const local = createLocalStorage(root);
    // The real store, with its reads counted: each is a request to the bucket in production.
    storage = {
      ...local,
      get: (key, range, known) => {
        gets.push({ start: range?.start ?? 0, end: range?.end });
        return local.get(key, range, known);
      },
      stat: (key) => {
        stats++;
        return local.stat(key);
      },
    };
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  async function header(key: string, bytes: Buffer) {
    await storage.put(key, Readable.from([bytes]), 'application/octet-stream');
    gets = [];
    stats = 0;
    const source = await storedSource(storage, key, bytes.length);
    return readLosslessHeader(source!, key, { maxSeconds: 900 });
  }

  it('asks the store once for a WAV’s header, and never for its size', async () => {
    const read = await header('songs/a/tone.wav', makeWav(3));
    expect(read).toMatchObject({ container: 'wav', channels: 2, sampleRate: 44_100, seconds: 3 });
    expect(gets).toEqual([{ start: 0, end: HEADER_WINDOW_BYTES - 1 }]);
    expect(stats).toBe(0);
  });

  it('asks once for a FLAC’s header', async () => {
    const read = await header('songs/a/tone.flac', makeAudio('flac', 4));
    expect(read).toMatchObject({ container: 'flac', seconds: 4 });
    expect(gets).toHaveLength(1);
  });

  it('reads past the first bytes when the header is there (an ALAC whose index comes last)', async () => {
    const alac = makeAudio('alac', 8);
    expect(alac.length).toBeGreaterThan(HEADER_WINDOW_BYTES);
    const read = await header('songs/a/tone.m4a', alac);
    expect(read).toMatchObject({ container: 'alac' });
    expect(Math.round(read.seconds)).toBe(8);
    expect(gets.length).toBeGreaterThan(1);
    expect(gets.slice(1).every((range) => range.start >= HEADER_WINDOW_BYTES)).toBe(true);
  });

  it('answers nothing for an object that is not there', async () => {
    expect(await storedSource(storage, 'songs/a/missing.wav', 1000)).toBeNull();
  });

  it('a file shorter than the window is read whole, and no further', async () => {
    const wav = makeWav(0.1);
    expect(wav.length).toBeLessThan(HEADER_WINDOW_BYTES);
    await header('songs/a/short.wav', wav);
    expect(gets).toEqual([{ start: 0, end: wav.length - 1 }]);
  });
});
