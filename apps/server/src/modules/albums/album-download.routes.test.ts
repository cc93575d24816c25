import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { songDownloads } from '../../platform/db/schema/library.js';
import type { ObjectStorage } from '../../platform/storage/storage.js';
import { storedZipLength, zipFromStorage } from '../../platform/storage/zip-archive.js';
import {
  createAlbum,
  createArtist,
  createSong,
  createStoredSong,
  createSubscription,
  createUser,
  endSubscription,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { albumEntryName } from './album-download.js';

interface ZipFileEntry {
  name: string;
  method: number;
  data: Buffer;
}

/** Every entry of a zip, read with a real zip reader (yauzl checks sizes and CRCs as it reads). */
function readZip(bytes: Buffer): Promise<ZipFileEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipFileEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, method: entry.compressionMethod, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/albums/{id}/download: the album as one zip, streamed', () => {
  let artist: TestArtist;

  beforeAll(async () => {
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Zip Band' } });
  });

  async function fan() {
    const user = await createUser(t.app);
    return { ...user, cookie: await signIn(t.app, user) };
  }

  const get = (url: string, cookie?: string) => injectAs(t, cookie, { method: 'GET', url });

  async function albumOfThree() {
    const songs = [
      await createStoredSong(t.app, artist.artistId, { title: 'Night Drive' }),
      await createStoredSong(t.app, artist.artistId, { title: 'AC/DC: "Live"?' }),
      await createStoredSong(t.app, artist.artistId, { title: 'Last One', sizes: { flac: 70_000, mp3: 10, wav: 1 } }),
    ];
    const pending = await createSong(t.app, artist.artistId, { title: 'Not Ready' });
    const album = await createAlbum(t.app, artist.artistId, {
      name: 'First Light',
      songIds: [songs[0]!.id, pending.id, songs[1]!.id, songs[2]!.id],
    });
    return { album, songs };
  }

  it('gives a subscriber a valid zip of the album in the format asked, STORED, named NN - Title.ext', async () => {
    const { album, songs } = await albumOfThree();
    const subscriber = await fan();
    await createSubscription(t.app, { memberId: subscriber.id, artistId: artist.artistId });
    const res = await get(`/api/albums/${album.id}/download?format=flac`, subscriber.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Zip_Band-First_Light.zip"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const entries = await readZip(res.rawPayload);
    // Album order; the song that is not ready is left out and keeps its number.
    expect(entries.map((entry) => entry.name)).toEqual([
      '01 - Night Drive.flac',
      '03 - AC DC Live.flac',
      '04 - Last One.flac',
    ]);
    expect(entries.map((entry) => entry.method)).toEqual([0, 0, 0]);
    expect(entries.map((entry) => entry.data)).toEqual(songs.map((song) => song.bytes.flac));

    const file = path.join(t.dataDir, 'album.zip');
    fs.writeFileSync(file, res.rawPayload);
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');

    const recorded = await t.app.ctx.db
      .select({ songId: songDownloads.songId, format: songDownloads.format, kept: songDownloads.kept })
      .from(songDownloads)
      .where(eq(songDownloads.memberId, subscriber.id));
    expect(recorded).toHaveLength(3);
    expect(new Set(recorded.map((row) => row.songId))).toEqual(new Set(songs.map((song) => song.id)));
    expect(recorded.every((row) => row.format === 'flac' && row.kept)).toBe(true);
  });

  it('holds only the songs the caller may download: after the term, the ones they keep', async () => {
    const { album, songs } = await albumOfThree();
    const member = await fan();
    const subscription = (await createSubscription(t.app, { memberId: member.id, artistId: artist.artistId })).id;
    expect((await get(`/api/songs/${songs[2]!.id}/download?format=mp3`, member.cookie)).statusCode).toBe(200);
    await endSubscription(t.app, subscription);

    const res = await get(`/api/albums/${album.id}/download?format=wav`, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const entries = await readZip(res.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['04 - Last One.wav']);
    expect(entries[0]!.data).toEqual(songs[2]!.bytes.wav);
    const rows = await t.app.ctx.db
      .select({ format: songDownloads.format, kept: songDownloads.kept })
      .from(songDownloads)
      .where(and(eq(songDownloads.memberId, member.id), eq(songDownloads.songId, songs[2]!.id)));
    expect(rows).toEqual(expect.arrayContaining([{ format: 'wav', kept: false }]));
  });

  it('gives the artist and admins every ready song', async () => {
    const { album } = await albumOfThree();
    const res = await get(`/api/albums/${album.id}/download?format=mp3`, await signIn(t.app, artist));
    expect(res.statusCode).toBe(200);
    expect((await readZip(res.rawPayload)).map((entry) => entry.name)).toEqual([
      '01 - Night Drive.mp3',
      '03 - AC DC Live.mp3',
      '04 - Last One.mp3',
    ]);
  });

  it('refuses others: 403 with the reason, signed out 401, hidden or unknown 404, bad input 400, empty 409', async () => {
    const { album } = await albumOfThree();
    const stranger = await fan();
    const refused = await get(`/api/albums/${album.id}/download`, stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Subscribe to Zip Band to download this album.');
    expect((await get(`/api/albums/${album.id}/download`)).statusCode).toBe(401);
    expect((await get(`/api/albums/${crypto.randomUUID()}/download`, stranger.cookie)).statusCode).toBe(404);
    const pendingArtist = await createArtist(t.app);
    const hidden = await createAlbum(t.app, pendingArtist.artistId, {
      songIds: [(await createStoredSong(t.app, pendingArtist.artistId)).id],
    });
    expect((await get(`/api/albums/${hidden.id}/download`, stranger.cookie)).statusCode).toBe(404);
    for (const bad of [`/api/albums/${album.id}/download?format=ogg`, '/api/albums/nope/download']) {
      const res = await get(bad, stranger.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    const empty = await createAlbum(t.app, artist.artistId, { songIds: [] });
    expect((await get(`/api/albums/${empty.id}/download`, stranger.cookie)).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/albums/${album.id}/download`, headers: {} })).statusCode,
    ).toBe(404);
  });
});

describe("GET /api/albums/{id}/downloads: the album download menu with each zip's size", () => {
  let artist: TestArtist;

  beforeAll(async () => {
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Size Band' } });
  });

  const get = (url: string, cookie?: string) => injectAs(t, cookie, { method: 'GET', url });

  it('announces, per format, exactly the bytes of the zip then downloaded', async () => {
    const songs = [
      await createStoredSong(t.app, artist.artistId, { title: 'Première Lumière' }),
      await createStoredSong(t.app, artist.artistId, { title: 'Zwei', sizes: { flac: 70_000, mp3: 10, wav: 1 } }),
    ];
    const pending = await createSong(t.app, artist.artistId, { title: 'Not Ready' });
    const album = await createAlbum(t.app, artist.artistId, { songIds: [songs[0]!.id, pending.id, songs[1]!.id] });
    const subscriber = await createUser(t.app);
    const cookie = await signIn(t.app, subscriber);
    await createSubscription(t.app, { memberId: subscriber.id, artistId: artist.artistId });

    const res = await get(`/api/albums/${album.id}/downloads`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    // The formats made at upload are exact; those made on first request are estimated (decision 0051).
    const options = res
      .json<{ format: string; label: string; bytes: number; estimated: boolean }[]>()
      .filter((option) => !option.estimated);
    expect(options.map((option) => [option.format, option.label])).toEqual([
      ['flac', 'FLAC'],
      ['wav', 'WAV'],
      ['mp3', 'MP3 320'],
    ]);
    for (const option of options) {
      const zip = await get(`/api/albums/${album.id}/download?format=${option.format}`, cookie);
      expect(zip.statusCode).toBe(200);
      expect(option.bytes, option.format).toBe(zip.rawPayload.length);
    }
  });

  it("follows the download's rules: 403 with the reason, signed out 401, hidden or unknown 404, empty 409", async () => {
    const album = await createAlbum(t.app, artist.artistId, {
      songIds: [(await createStoredSong(t.app, artist.artistId)).id],
    });
    const stranger = await createUser(t.app);
    const cookie = await signIn(t.app, stranger);
    const refused = await get(`/api/albums/${album.id}/downloads`, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Subscribe to Size Band to download this album.');
    expect((await get(`/api/albums/${album.id}/downloads`)).statusCode).toBe(401);
    expect((await get(`/api/albums/${crypto.randomUUID()}/downloads`, cookie)).statusCode).toBe(404);
    expect((await get('/api/albums/nope/downloads', cookie)).statusCode).toBe(400);
    const empty = await createAlbum(t.app, artist.artistId, { songIds: [] });
    expect((await get(`/api/albums/${empty.id}/downloads`, cookie)).statusCode).toBe(409);
  });
});

describe('zipFromStorage', () => {
  it('names entries NN - Title.ext without separators or reserved characters', () => {
    expect(albumEntryName(1, 'Night Drive', 'flac')).toBe('01 - Night Drive.flac');
    expect(albumEntryName(12, '../../etc/passwd', 'mp3')).toBe('12 - etc passwd.mp3');
    expect(albumEntryName(3, 'a\u0000b:c*d?"e<f>g|h\\i', 'wav')).toBe('03 - a b c d e f g h i.wav');
    expect(albumEntryName(100, '   ', 'flac')).toBe('100 - Untitled.flac');
  });

  it('opens one stored object at a time, as the archive reaches it', async () => {
    const opened: string[] = [];
    const storage: ObjectStorage = {
      ...t.app.ctx.storage,
      get: (key, range) => {
        opened.push(key);
        return t.app.ctx.storage.get(key, range);
      },
    };
    const size = 4 * 1024 * 1024;
    const keys = ['zip/a.bin', 'zip/b.bin', 'zip/c.bin'];
    for (const key of keys) await t.app.ctx.storage.put(key, crypto.randomBytes(size), 'application/octet-stream');
    const archive = zipFromStorage(
      storage,
      keys.map((key, index) => ({ name: `${index}.bin`, key, size })),
    );
    const stream: Readable = archive.stream;
    let read = 0;
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      // While the first object is being read, the others are not open yet.
      if (read < size / 2) expect(opened).toEqual(['zip/a.bin']);
    }
    expect(opened).toEqual(keys);
    expect(read).toBe(archive.size);
  });

  it('knows its length up front, also past a 64 KiB central directory and with multi-byte names', async () => {
    await t.app.ctx.storage.put('zip/one.bin', Buffer.from('x'), 'application/octet-stream');
    for (const count of [1, 3, 700]) {
      const entries = Array.from({ length: count }, (_, index) => ({
        name: `${String(index).padStart(3, '0')} - ${'Chanson très longue '.repeat(4)}.flac`,
        key: 'zip/one.bin',
        size: 1,
      }));
      const archive = zipFromStorage(t.app.ctx.storage, entries);
      let read = 0;
      for await (const chunk of archive.stream) read += (chunk as Buffer).length;
      expect(archive.size, `${count} entries`).toBe(read);
      expect(storedZipLength(entries)).toBe(read);
    }
  });
});
