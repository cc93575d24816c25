import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOSSLESS_MESSAGES, messages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyObjectToFile } from '../../platform/storage/storage.js';
import { createArtist, multipart, signIn, type TestArtist } from '../../test/factories.js';
import { flacClaiming, makeAudio, type TestAudioKind } from '../../test/lossless-audio.js';
import { injectSender, putPartsInParallel, splitIntoParts } from '../../test/multipart-client.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TRANSCODE_JOB } from './songs.jobs.js';
import { findSongById } from './songs.repository.js';

/** Decision 0053: FLAC, AIFF and ALAC become songs as WAV does; lossy files and bombs are refused at once. */
describe('lossless uploads in every container', () => {
  let t: TestApp;
  let artist: TestArtist;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ MAX_SONG_SECONDS: '5400' }, { jobs: true });
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Lossless Folk' } });
    cookie = await signIn(t.app, artist);
  });
  afterAll(async () => t.close());

  async function newSong(title: string): Promise<string> {
    const res = await injectAs(t, cookie, {
      method: 'POST',
      url: '/api/songs',
      payload: { title, releaseDate: '05/01/2025' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function upload(songId: string, fileName: string, type: string, data: Buffer) {
    const form = multipart([{ name: 'file', fileName, type, data }]);
    return injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload/${songId}`,
      payload: form.payload,
      headers: form.headers,
    });
  }

  function probeStream(file: string) {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]).toString();
    return (JSON.parse(out) as { streams: { codec_name: string }[] }).streams[0]!;
  }

  const cases: Array<[TestAudioKind, string, string, string, string]> = [
    ['flac', 'Morning.flac', 'audio/flac', 'audio/flac', 'pcm_s16le'],
    ['flac24', 'Studio Take.flac', 'audio/x-flac', 'audio/flac', 'pcm_s24le'],
    ['aiff', 'Harbour.aiff', 'audio/aiff', 'audio/aiff', 'pcm_s16le'],
    ['alac', 'Lantern.m4a', 'audio/x-m4a', 'audio/mp4', 'pcm_s16le'],
  ];

  it.each(cases)(
    'a %s upload (%s) becomes a ready song with the right duration and a PCM WAV download',
    async (kind, fileName, type, storedType, pcm) => {
      const songId = await newSong(fileName);
      const res = await upload(songId, fileName, type, makeAudio(kind, 4));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('uploading');
      await t.app.ctx.jobs.idle([TRANSCODE_JOB], { timeoutMs: 100_000 });
      const song = (await injectAs(t, cookie, { method: 'GET', url: `/api/songs/${songId}` })).json();
      expect(song.status).toBe('ready');
      expect(song.duration).toBeCloseTo(4, 1);
      const row = (await findSongById(t.app.ctx.db, songId))!;
      // The original keeps its container in its key's extension and is served as what it is.
      expect(path.extname(row.originalKey!)).toBe(path.extname(fileName).toLowerCase());
      expect((await t.app.ctx.storage.stat(row.originalKey!))?.contentType).toBe(storedType);
      const wav = path.join(t.dataDir, `${songId}.wav`);
      await copyObjectToFile(t.app.ctx.storage, row.downloadFiles!.wav, wav);
      expect(probeStream(wav).codec_name).toBe(pcm);
      const flac = path.join(t.dataDir, `${songId}.flac`);
      await copyObjectToFile(t.app.ctx.storage, row.downloadFiles!.flac, flac);
      expect(probeStream(flac).codec_name).toBe('flac');
      fs.rmSync(wav);
      fs.rmSync(flac);
    },
    120_000,
  );

  it('takes a FLAC through the presigned multipart protocol too', async () => {
    const songId = await newSong('Parts');
    const flac = makeAudio('flac', 3);
    const presign = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload-presigned/${songId}`,
      payload: { files: [{ name: 'Parts.flac', size: flac.length, type: 'audio/flac', s3Path: 'songs' }] },
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const [target] = presign.json();
    const parts = await putPartsInParallel(injectSender(t.app), target.urls, splitIntoParts(flac));
    const done = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload-complete/${songId}`,
      payload: { key: target.key, uploadId: target.uploadId, parts, artistID: artist.artistId, s3Path: 'songs' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.app.ctx.jobs.idle([TRANSCODE_JOB], { timeoutMs: 100_000 });
    const song = (await injectAs(t, cookie, { method: 'GET', url: `/api/songs/${songId}` })).json();
    expect(song).toMatchObject({ status: 'ready' });
    expect(song.duration).toBeCloseTo(3, 1);
  }, 120_000);

  it('refuses an MP3, an AAC .m4a and random bytes at once with the reason, queueing nothing', async () => {
    const refusals: Array<[string, string, Buffer, number, string]> = [
      ['demo.mp3', 'audio/mpeg', makeAudio('mp3', 2), 415, LOSSLESS_MESSAGES.lossy('MP3')],
      ['demo.wav', 'audio/wav', makeAudio('mp3', 2), 415, LOSSLESS_MESSAGES.lossy('MP3')],
      ['demo.m4a', 'audio/mp4', makeAudio('aac', 2), 415, LOSSLESS_MESSAGES.lossy('AAC')],
      [
        'noise.flac',
        'audio/flac',
        Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256)),
        415,
        'This file is not a FLAC audio file.',
      ],
      ['notes.txt', 'text/plain', Buffer.from('hello'), 415, messages.unsupportedAudio],
      ['master.wav', 'audio/wav', makeAudio('flac', 2), 415, LOSSLESS_MESSAGES.renamed('flac', '.wav')],
    ];
    for (const [fileName, type, data, status, message] of refusals) {
      const songId = await newSong(fileName);
      const res = await upload(songId, fileName, type, data);
      expect(res.statusCode, fileName).toBe(status);
      expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message, fields: { file: message } });
    }
    expect(await t.app.ctx.jobs.queuedSum(TRANSCODE_JOB, {}, 'durationSeconds')).toBe(0);
  }, 60_000);

  it('refuses a tiny FLAC that claims an hour (a decompression bomb), and one past the longest song', async () => {
    const flac = makeAudio('flac', 2);
    const bomb = await newSong('Bomb');
    const res = await upload(bomb, 'bomb.flac', 'audio/flac', flacClaiming(flac, 44_100 * 3600));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^This FLAC file says it holds 1 h of audio in only \d+ KB/);
    expect(await findSongById(t.app.ctx.db, bomb)).toMatchObject({ status: 'failed' });
    const long = await newSong('Long');
    const tooLong = await upload(long, 'long.flac', 'audio/flac', flacClaiming(flac, 44_100 * 2 * 3600));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(LOSSLESS_MESSAGES.tooLong(7200, 5400));
    expect(await t.app.ctx.jobs.queuedSum(TRANSCODE_JOB, {}, 'durationSeconds')).toBe(0);
  });

  it('fails a FLAC whose frames run on past what its header says, once the decoder has the last word', async () => {
    const songId = await newSong('Liar');
    const res = await upload(songId, 'liar.flac', 'audio/flac', flacClaiming(makeAudio('flac', 4), 44_100));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.jobs.idle([TRANSCODE_JOB], { timeoutMs: 100_000 });
    expect(await findSongById(t.app.ctx.db, songId)).toMatchObject({
      status: 'failed',
      failureReason: LOSSLESS_MESSAGES.damaged('flac'),
    });
  }, 60_000);

  it('says which formats it takes on the limits route', async () => {
    const res = await injectAs(t, cookie, { method: 'GET', url: '/api/songs/upload-limits' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      formats: ['WAV', 'FLAC', 'AIFF', 'ALAC'],
      extensions: ['.wav', '.flac', '.aiff', '.aif', '.aifc', '.m4a'],
    });
  });
});
