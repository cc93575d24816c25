/**
 * The formats made on first request (decision 0051), through the routes on a real database, real ffmpeg and
 * real storage: 202 while a format is being made, then the file with the song's tags and cover; sizes
 * estimated then exact; one encode however many ask at once; album and My Music zips that wait for every file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { downloadOptions, zipStatus, type OnDemandFormat } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songFormats } from '../../platform/db/schema/catalogue.js';
import {
  createAlbum,
  createArtist,
  createStoredSong,
  createSubscription,
  createUser,
  signIn,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { FORMAT_JOB, formatEncodes } from './song-formats.js';

const SECONDS = 3;
/** What ffprobe calls each format's audio codec and container. */
const EXPECTED: Record<OnDemandFormat, { codec: string; container: string }> = {
  alac: { codec: 'alac', container: 'mov,mp4,m4a,3gp,3g2,mj2' },
  aiff: { codec: 'pcm_s16be', container: 'aiff' },
  'mp3-v0': { codec: 'mp3', container: 'mp3' },
  aac: { codec: 'aac', container: 'mov,mp4,m4a,3gp,3g2,mj2' },
  vorbis: { codec: 'vorbis', container: 'ogg' },
  opus: { codec: 'opus', container: 'ogg' },
};

interface Probed {
  container: string;
  codec: string | undefined;
  duration: number;
  tags: Record<string, string>;
  pictures: number;
}

/** ffprobe's view: the container's tags, or the audio stream's (Ogg keeps them as Vorbis comments). */
function probe(file: string): Probed {
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  const parsed = JSON.parse(json.toString()) as {
    format: { format_name: string; duration: string; tags?: Record<string, string> };
    streams: {
      codec_type: string;
      codec_name: string;
      tags?: Record<string, string>;
      disposition?: { attached_pic?: number };
    }[];
  };
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  const tags = Object.fromEntries(
    Object.entries({ ...audio?.tags, ...parsed.format.tags }).map(([key, value]) => [key.toLowerCase(), value]),
  );
  return {
    container: parsed.format.format_name,
    codec: audio?.codec_name,
    duration: Number(parsed.format.duration),
    tags,
    pictures: parsed.streams.filter((stream) => stream.disposition?.attached_pic === 1).length,
  };
}

function readZipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(names));
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.readEntry();
    });
  });
}

let t: TestApp;
let tmp: string;
let fanCookie: string;
let artistCookie: string;
let artistId: string;
let masterFlac: Buffer;
let artwork: Buffer;
let artworkKey: string;

/** A ready song whose FLAC master is real audio (carrying stale tags the formats must not keep). */
async function createMasteredSong(values: { title: string; trackNumber?: number; album?: string }) {
  const prefix = `songs/formats-${crypto.randomUUID()}/`;
  const song = await createStoredSong(t.app, artistId, {
    title: values.title,
    trackNumber: values.trackNumber ?? null,
    duration: SECONDS,
    releaseDate: '2024-03-01',
    mediaPrefix: prefix,
  });
  await t.app.ctx.storage.put(song.downloadFiles!.flac, masterFlac, 'audio/flac');
  return song;
}

async function fetchSigned(url: string) {
  const signed = new URL(url, 'http://x');
  return t.app.inject({ method: 'GET', url: signed.pathname + signed.search });
}

const fanGet = (url: string) => injectAs(t, fanCookie, { method: 'GET', url });
const idle = () => t.app.ctx.jobs.idle([FORMAT_JOB], { timeoutMs: 120_000 });

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-formats-test-'));
  const master = path.join(tmp, 'master.flac');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-ac', '2', '-ar', '44100', '-sample_fmt', 's16', '-metadata', 'title=Stale title', '-c:a', 'flac', master],
  ]);
  masterFlac = fs.readFileSync(master);
  const cover = path.join(tmp, 'cover.jpg');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=red:s=96x96',
    '-frames:v',
    '1',
    cover,
  ]);
  artwork = fs.readFileSync(cover);

  const artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'The Formats' } });
  artistId = artist.artistId;
  artistCookie = await signIn(t.app, artist);
  const fan = await createUser(t.app);
  fanCookie = await signIn(t.app, fan);
  await createSubscription(t.app, { memberId: fan.id, artistId });
  artworkKey = `albums/formats-${crypto.randomUUID()}/artwork.jpg`;
  await t.app.ctx.storage.put(artworkKey, artwork, 'image/jpeg');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a format made on first request', () => {
  it('answers 202 with Retry-After, then the file: right codec, the song tags and the cover in every format', async () => {
    const song = await createMasteredSong({ title: 'Every Format', trackNumber: 3 });
    await createAlbum(t.app, artistId, { name: 'Made To Order', artworkKey, songIds: [song.id] });

    for (const format of Object.keys(EXPECTED) as OnDemandFormat[]) {
      const first = await fanGet(`/api/songs/${song.id}/download?format=${format}`);
      expect(first.statusCode, first.body).toBe(202);
      expect(first.headers['retry-after']).toBe('1');
      expect(first.json()).toMatchObject({ state: 'preparing', message: 'Preparing your download…' });
    }
    await idle();
    for (const [format, expected] of Object.entries(EXPECTED) as [
      OnDemandFormat,
      { codec: string; container: string },
    ][]) {
      const ready = await fanGet(`/api/songs/${song.id}/download?format=${format}`);
      expect(ready.statusCode, ready.body).toBe(200);
      const file = await fetchSigned(ready.json().url);
      expect(file.statusCode).toBe(200);
      expect(String(file.headers['content-disposition'])).toMatch(/The_Formats-Every_Format\.(m4a|aiff|mp3|ogg|opus)/);
      const local = path.join(tmp, `every.${format}`);
      fs.writeFileSync(local, file.rawPayload);
      const probed = probe(local);
      expect(probed.container, format).toBe(expected.container);
      expect(probed.codec, format).toBe(expected.codec);
      expect(probed.tags, format).toMatchObject({
        title: 'Every Format',
        artist: 'The Formats',
        album: 'Made To Order',
        date: '2024',
      });
      expect(probed.tags.track ?? probed.tags.tracknumber, format).toMatch(/^3(\/|$)/);
      expect(probed.pictures, format).toBe(1);
      expect(probed.duration, format).toBeGreaterThan(SECONDS - 0.1);
      expect(probed.duration, format).toBeLessThan(SECONDS + 0.2);
    }
  });

  it('ten requests at once encode once; every one is answered 202 or 200, and the file is reused', async () => {
    const song = await createMasteredSong({ title: 'Ten At Once' });
    const encodes = async () =>
      (await formatEncodes(t.app.ctx).get()).values.find((value) => value.labels.format === 'aac')?.value ?? 0;
    const before = await encodes();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fanGet(`/api/songs/${song.id}/download?format=aac`)),
    );
    for (const answer of answers) expect([200, 202], answer.body).toContain(answer.statusCode);
    await idle();
    const again = await Promise.all(
      Array.from({ length: 3 }, () => fanGet(`/api/songs/${song.id}/download?format=aac`)),
    );
    for (const answer of again) expect(answer.statusCode).toBe(200);
    expect(await encodes()).toBe(before + 1);
    const rows = await t.app.ctx.db
      .select()
      .from(songFormats)
      .where(and(eq(songFormats.songId, song.id), eq(songFormats.format, 'aac')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('ready');
  });

  it('shows every size before choosing: estimated (~) until made, exact once made', async () => {
    const song = await createMasteredSong({ title: 'Sizes' });
    const before = downloadOptions.parse((await fanGet(`/api/songs/${song.id}/downloads`)).json());
    expect(before.map((option) => option.format)).toEqual([
      'flac',
      'alac',
      'aiff',
      'wav',
      'mp3',
      'mp3-v0',
      'aac',
      'vorbis',
      'opus',
    ]);
    expect(before.find((option) => option.format === 'flac')).toMatchObject({
      estimated: false,
      bytes: masterFlac.length,
    });
    expect(before.find((option) => option.format === 'alac')).toMatchObject({
      estimated: true,
      bytes: Math.round(masterFlac.length * 1.04),
    });
    const opusBefore = before.find((option) => option.format === 'opus')!;
    expect(opusBefore.estimated).toBe(true);
    expect(opusBefore.bytes).toBe(Math.round((SECONDS * 160_000) / 8));
    expect(before.find((option) => option.format === 'aiff')).toMatchObject({ estimated: true, bytes: 5000 });

    expect((await fanGet(`/api/songs/${song.id}/download?format=opus`)).statusCode).toBe(202);
    await idle();
    const after = downloadOptions.parse((await fanGet(`/api/songs/${song.id}/downloads`)).json());
    const opusAfter = after.find((option) => option.format === 'opus')!;
    const [row] = await t.app.ctx.db
      .select()
      .from(songFormats)
      .where(and(eq(songFormats.songId, song.id), eq(songFormats.format, 'opus')));
    const stored = await t.app.ctx.storage.stat(row!.storageKey!);
    expect(opusAfter).toMatchObject({ estimated: false, bytes: stored!.size });
  });

  it('refuses a format it does not know, and a song not downloadable by the caller', async () => {
    const song = await createMasteredSong({ title: 'Refusals' });
    const bad = await fanGet(`/api/songs/${song.id}/download?format=wma`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const stranger = await signIn(t.app, await createUser(t.app));
    const refused = await injectAs(t, stranger, { method: 'GET', url: `/api/songs/${song.id}/download?format=opus` });
    expect(refused.statusCode).toBe(403);
    const none = await t.app.ctx.db.select().from(songFormats).where(eq(songFormats.songId, song.id));
    expect(none).toHaveLength(0);
  });
});

describe('zips in any format', () => {
  it("an album zip waits (202 and its status) until every song's file is made, then streams them all", async () => {
    const one = await createMasteredSong({ title: 'Side A' });
    const two = await createMasteredSong({ title: 'Side B' });
    const album = await createAlbum(t.app, artistId, { name: 'Two Sides', artworkKey, songIds: [one.id, two.id] });

    const menu = downloadOptions.parse((await fanGet(`/api/albums/${album.id}/downloads`)).json());
    expect(menu).toHaveLength(9);
    expect(menu.find((option) => option.format === 'vorbis')?.estimated).toBe(true);
    expect(menu.find((option) => option.format === 'mp3')?.estimated).toBe(false);

    const waiting = await fanGet(`/api/albums/${album.id}/download?format=vorbis`);
    expect(waiting.statusCode, waiting.body).toBe(202);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(zipStatus.parse(waiting.json())).toMatchObject({ state: 'preparing', made: 0, total: 2 });
    await idle();
    const status = zipStatus.parse((await fanGet(`/api/albums/${album.id}/download-status?format=vorbis`)).json());
    expect(status).toMatchObject({ state: 'ready', made: 2, total: 2 });
    const zip = await fanGet(`/api/albums/${album.id}/download?format=vorbis`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-length']).toBe(String(zip.rawPayload.length));
    expect(await readZipNames(zip.rawPayload)).toEqual(['01 - Side A.ogg', '02 - Side B.ogg']);
    const exact = downloadOptions.parse((await fanGet(`/api/albums/${album.id}/downloads`)).json());
    expect(exact.find((option) => option.format === 'vorbis')).toMatchObject({
      estimated: false,
      bytes: zip.rawPayload.length,
    });
    expect((await fanGet(`/api/albums/${album.id}/download-status?format=ogg`)).statusCode).toBe(400);
  });

  it('My Music: filter by artist, sort by title or date added, and one zip of everything kept by an artist', async () => {
    const member = await createUser(t.app);
    const cookie = await signIn(t.app, member);
    await createSubscription(t.app, { memberId: member.id, artistId });
    const other = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Another Act' } });
    await createSubscription(t.app, { memberId: member.id, artistId: other.artistId });
    const zebra = await createMasteredSong({ title: 'Zebra' });
    const apple = await createMasteredSong({ title: 'Apple' });
    const elsewhere = await createStoredSong(t.app, other.artistId, { title: 'Elsewhere' });
    const get = (url: string) => injectAs(t, cookie, { method: 'GET', url });
    for (const id of [zebra.id, apple.id, elsewhere.id]) {
      expect((await get(`/api/songs/${id}/download?format=mp3`)).statusCode).toBe(200);
    }
    const base = `/api/members/${member.id}/my-music`;
    const artists = (await get(`${base}/artists`)).json();
    expect(artists).toEqual([
      { _id: other.artistId, id: other.artistId, name: 'Another Act', songCount: 1 },
      { _id: artistId, id: artistId, name: 'The Formats', songCount: 2 },
    ]);
    const byTitle = (await get(`${base}?artistID=${artistId}&sort=title`)).json();
    expect(byTitle.items.map((song: { title: string }) => song.title)).toEqual(['Apple', 'Zebra']);
    expect(byTitle.pagination.total).toBe(2);
    const added = (await get(`${base}?sort=added`)).json();
    expect(added.items.map((song: { title: string }) => song.title)).toEqual(['Elsewhere', 'Apple', 'Zebra']);
    expect((await get(`${base}?sort=newest`)).statusCode).toBe(400);
    expect((await get(`${base}?artistID=nope`)).statusCode).toBe(400);

    const zipUrl = `${base}/artists/${artistId}/download?format=alac`;
    const sizes = downloadOptions.parse((await get(`${base}/artists/${artistId}/downloads`)).json());
    expect(sizes.find((option) => option.format === 'alac')?.estimated).toBe(true);
    const waiting = await get(zipUrl);
    expect(waiting.statusCode, waiting.body).toBe(202);
    expect(zipStatus.parse(waiting.json())).toMatchObject({ state: 'preparing', total: 2 });
    await idle();
    expect(
      zipStatus.parse((await get(`${base}/artists/${artistId}/download-status?format=alac`)).json()),
    ).toMatchObject({ state: 'ready', made: 2, total: 2 });
    const zip = await get(zipUrl);
    expect(zip.statusCode).toBe(200);
    expect(String(zip.headers['content-disposition'])).toContain('The_Formats-My-Music.zip');
    expect(await readZipNames(zip.rawPayload)).toEqual(['Apple.m4a', 'Zebra.m4a']);
    const nobody = await get(`${base}/artists/${crypto.randomUUID()}/download?format=flac`);
    expect(nobody.statusCode).toBe(404);
    expect((await get(`${base}/artists/${artistId}/download?format=m4a`)).statusCode).toBe(400);
    // Another member may not read or download this library.
    expect((await injectAs(t, fanCookie, { method: 'GET', url: zipUrl })).statusCode).toBe(403);
    expect((await injectAs(t, artistCookie, { method: 'GET', url: `${base}/artists` })).statusCode).toBe(403);
  });
});
