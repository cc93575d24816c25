import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOSSLESS_MESSAGES, messages } from '@hfm/shared';
import { subscriptions } from '../../platform/db/schema.js';
import { createArtist, createUser, multipart, signIn, type TestArtist } from '../../test/factories.js';
import { injectSender, putPartsInParallel, splitIntoParts } from '../../test/multipart-client.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWav } from '../../test/wav.js';
import { findSongById } from './songs.repository.js';

describe('song upload protocol, transcoding and playback', () => {
  let t: TestApp;
  let artist: TestArtist;
  let artistCookie: string;
  const wav = makeWav(36); // 6.35 MB: two parts
  const parts = splitIntoParts(wav);

  beforeAll(async () => {
    t = await createTestApp({}, { jobs: true });
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: "Jo's Band, Live" } });
    artistCookie = await signIn(t.app, artist);
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = artistCookie) =>
    injectAs(t, cookie, { method, url, ...(payload ? { payload } : {}) });

  async function newSong(title = 'Night Drive') {
    const res = await inject('POST', '/api/songs', { title, releaseDate: '05/01/2025' });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  async function presign(songId: string, file = { name: 'night drive.wav', size: wav.length, type: 'audio/wav' }) {
    return inject('POST', `/api/songs/upload-presigned/${songId}`, { files: [{ ...file, s3Path: 'songs' }] });
  }

  async function waitForStatus(songId: string, statuses: string[], downloads?: Array<string | null>) {
    for (let attempt = 0; attempt < 480; attempt++) {
      const song = (await inject('GET', `/api/songs/${songId}`)).json();
      if (statuses.includes(song.status) && (!downloads || downloads.includes(song.downloads))) return song;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`song ${songId} never reached ${statuses.join('/')}`);
  }

  it('refuses anonymous users, other artists, non-WAV names and files over the limit', async () => {
    const songId = await newSong();
    const anonymous = await inject(
      'POST',
      `/api/songs/upload-presigned/${songId}`,
      { files: [{ name: 'a.wav', size: 10, type: 'audio/wav' }] },
      '',
    );
    expect(anonymous.statusCode).toBe(401);
    const other = await createArtist(t.app);
    const otherCookie = await signIn(t.app, other);
    const hidden = await inject(
      'POST',
      `/api/songs/upload-presigned/${songId}`,
      { files: [{ name: 'a.wav', size: 10, type: 'audio/wav' }] },
      otherCookie,
    );
    // docs/decisions/0006: another artist's song that is not released is hidden, so 404 (not 403).
    expect(hidden.statusCode).toBe(404);
    const mp3 = await presign(songId, { name: 'song.mp3', size: 1000, type: 'audio/mpeg' });
    expect(mp3.statusCode).toBe(415);
    expect(mp3.json().error.message).toBe(LOSSLESS_MESSAGES.lossy('MP3'));
    const text = await presign(songId, { name: 'notes.txt', size: 1000, type: 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(messages.unsupportedAudio);
    const huge = await presign(songId, { name: 'huge.wav', size: t.config.maxUploadBytes + 1, type: 'audio/wav' });
    expect(huge.statusCode).toBe(413);
    expect((await inject('POST', `/api/songs/upload-presigned/${songId}`, { files: [] })).statusCode).toBe(400);
  });

  it('uploads in parts, refuses bad ETags, then transcodes to ready and plays by entitlement', async () => {
    const songId = await newSong();
    const res = await presign(songId);
    expect(res.statusCode).toBe(200);
    const [upload] = res.json();
    expect(upload.urls).toHaveLength(2);
    expect(upload.key).toContain(`/${songId}/original/`);
    const etags = await putPartsInParallel(injectSender(t.app), upload.urls, parts);
    const complete = (body: object) =>
      inject('POST', `/api/songs/upload-complete/${songId}`, {
        key: upload.key,
        uploadId: upload.uploadId,
        artistID: artist.artistId,
        s3Path: 'songs',
        fileName: 'night drive.wav',
        ...body,
      });

    const wrong = await complete({ parts: [etags[0], { ...etags[1], ETag: '"0000"' }] });
    expect(wrong.statusCode).toBe(400);
    const reordered = await complete({ parts: [etags[1], etags[0]] });
    expect(reordered.statusCode).toBe(400);
    const missing = await complete({ parts: [{ PartNumber: 1 }, etags[1]] });
    expect(missing.statusCode).toBe(400);
    expect((await inject('GET', `/api/songs/${songId}`)).json().status).toBe('pending');

    const resumed = await inject(
      'GET',
      `/api/songs/upload-parts/${songId}?uploadId=${upload.uploadId}&key=${encodeURIComponent(upload.key)}`,
    );
    expect(resumed.json().parts.map((p: { PartNumber: number }) => p.PartNumber)).toEqual([1, 2]);

    const done = await complete({ parts: etags });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('uploading');

    const song = await waitForStatus(songId, ['ready', 'failed'], ['ready', 'failed', null]);
    expect(song.status).toBe('ready');
    expect(song.downloads).toBe('ready');
    expect(song.duration).toBeCloseTo(36, 0);
    // The outputs are stored; their storage keys stay on the server.
    expect(await findSongById(t.app.ctx.db, songId)).toMatchObject({
      streamFile: expect.stringMatching(/\.m3u8$/),
      dashManifest: expect.stringMatching(/\.mpd$/),
      previewFile: expect.any(String),
      downloadFile: expect.stringMatching(/\.flac$/),
    });
    expect(Object.keys(song)).not.toContain('streamFile');
    const peaks = (await inject('GET', `/api/songs/${songId}/peaks`)).json();
    expect(peaks.count).toBe(1000);
    expect(Math.max(...Buffer.from(peaks.peaks, 'base64'))).toBeGreaterThan(10);
    expect(song.loudness.integratedLufs).toBeLessThan(0);

    const anonymous = (await inject('GET', `/api/songs/${songId}/play`, undefined, '')).json();
    expect(anonymous).toMatchObject({ full: false, hls: null, dash: null });
    const previewUrl = new URL(anonymous.preview, 'http://x');
    const preview = await t.app.inject({ method: 'GET', url: previewUrl.pathname + previewUrl.search });
    expect(preview.statusCode).toBe(200);

    const own = (await inject('GET', `/api/songs/${songId}/play`)).json();
    expect(own.full).toBe(true);
    const hlsUrl = new URL(own.hls, 'http://x');
    const playlist = await t.app.inject({ method: 'GET', url: hlsUrl.pathname + hlsUrl.search });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');

    const fan = await createUser(t.app);
    const fanCookie = await signIn(t.app, fan);
    expect((await inject('GET', `/api/songs/${songId}/download`, undefined, '')).statusCode).toBe(401);
    expect((await inject('GET', `/api/songs/${songId}/download`, undefined, fanCookie)).statusCode).toBe(403);
    expect((await inject('GET', `/api/songs/${songId}/play`, undefined, fanCookie)).json().full).toBe(false);
    await t.app.ctx.db.insert(subscriptions).values({
      memberId: fan.id,
      artistId: artist.artistId,
      currentPeriodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    });
    expect((await inject('GET', `/api/songs/${songId}/play`, undefined, fanCookie)).json().full).toBe(true);
    for (const format of ['flac', 'mp3', 'wav']) {
      const download = await inject('GET', `/api/songs/${songId}/download?format=${format}`, undefined, fanCookie);
      expect(download.statusCode).toBe(200);
      const url = new URL(download.json().url, 'http://x');
      const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain(`.${format}`);
    }
    expect((await inject('GET', `/api/songs/${songId}/download?format=ogg`, undefined, fanCookie)).statusCode).toBe(
      400,
    );
  }, 300_000);

  it('resumes an interrupted upload: the same file presigned again keeps its stored parts', async () => {
    const songId = await newSong('Resumed');
    const [first] = (await presign(songId)).json();
    const send = injectSender(t.app);
    const part1 = await send(first.urls[0], parts[0]!);
    expect(part1.status).toBe(200);

    const [again] = (await presign(songId)).json();
    expect(again.uploadId).toBe(first.uploadId);
    expect(again.key).toBe(first.key);
    const stored = await inject(
      'GET',
      `/api/songs/upload-parts/${songId}?uploadId=${again.uploadId}&key=${encodeURIComponent(again.key)}`,
    );
    expect(stored.json().parts).toEqual([{ PartNumber: 1, ETag: part1.etag, Size: parts[0]!.length }]);
    const part2 = await send(again.urls[1], parts[1]!);
    const done = await inject('POST', `/api/songs/upload-complete/${songId}`, {
      key: again.key,
      uploadId: again.uploadId,
      parts: [
        { PartNumber: 1, ETag: part1.etag },
        { PartNumber: 2, ETag: part2.etag },
      ],
    });
    expect(done.statusCode).toBe(200);
    expect((await waitForStatus(songId, ['ready', 'failed'])).status).toBe('ready');

    const otherSong = await newSong('Different File');
    const [a] = (await presign(otherSong)).json();
    const [b] = (await presign(otherSong, { name: 'night drive.wav', size: wav.length - 1, type: 'audio/wav' })).json();
    expect(b.uploadId).not.toBe(a.uploadId);
  }, 180_000);

  it('aborts the upload of a deleted song: its part URLs answer 404 and its parts leave the store', async () => {
    const songId = await newSong('Deleted Mid-Upload');
    const [upload] = (await presign(songId)).json();
    const send = injectSender(t.app);
    expect((await send(upload.urls[0], parts[0]!)).status).toBe(200);
    expect(await t.app.ctx.storage.listParts(upload.key, upload.uploadId)).toHaveLength(1);

    expect((await injectAs(t, artistCookie, { method: 'DELETE', url: `/api/songs/${songId}` })).statusCode).toBe(200);
    const late = await send(upload.urls[1], parts[1]!);
    expect(late.status).toBe(404);
    const again = await send(upload.urls[0], parts[0]!);
    expect(again.status).toBe(404);
    await expect(t.app.ctx.storage.listParts(upload.key, upload.uploadId)).rejects.toMatchObject({ status: 404 });
    expect(await t.app.ctx.storage.stat(upload.key)).toBeNull();
  });

  it('refuses an MP3 renamed .wav at completion, at once, with the reason, and the song fails', async () => {
    const songId = await newSong('Not Audio');
    const fake = Buffer.from('ID3 this is not audio at all '.repeat(100));
    const [upload] = (await presign(songId, { name: 'fake.wav', size: fake.length, type: 'audio/wav' })).json();
    const etags = await putPartsInParallel(injectSender(t.app), upload.urls, [fake]);
    const done = await inject('POST', `/api/songs/upload-complete/${songId}`, {
      key: upload.key,
      uploadId: upload.uploadId,
      parts: etags,
      artistID: artist.artistId,
      s3Path: 'songs',
      fileName: 'fake.wav',
    });
    expect(done.statusCode).toBe(415);
    expect(done.json().error.message).toBe(LOSSLESS_MESSAGES.lossy('MP3'));
    const song = (await inject('GET', `/api/songs/${songId}`)).json();
    expect(song.status).toBe('failed');
    expect(song.failureReason).toBe(LOSSLESS_MESSAGES.lossy('MP3'));
    expect((await inject('GET', `/api/songs/${songId}/play`)).statusCode).toBe(409);
  });

  it('takes a small file through the direct upload route', async () => {
    const songId = await newSong('Short One');
    const small = makeWav(3);
    const form = multipart([{ name: 'file', fileName: 'short.wav', type: 'audio/wav', data: small }]);
    const res = await injectAs(t, artistCookie, {
      method: 'POST',
      url: `/api/songs/upload/${songId}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('uploading');
    const song = await waitForStatus(songId, ['ready', 'failed']);
    expect(song.status).toBe('ready');
    const json = await inject('POST', `/api/songs/upload/${songId}`, { file: 'x' });
    expect([409, 415]).toContain(json.statusCode);
  }, 60_000);
});
