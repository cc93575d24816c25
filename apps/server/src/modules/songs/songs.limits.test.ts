import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../platform/jobs/pg-boss-queue.js';
import { LOSSLESS_MESSAGES } from '@hfm/shared';
import { WAV_MESSAGES } from '../../platform/media/wav.js';
import { flacClaiming, makeAudio } from '../../test/lossless-audio.js';
import { createArtist, multipart, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWav } from '../../test/wav.js';
import { registerSongJobs, TRANSCODE_JOB } from './songs.jobs.js';
import { QUOTA_MESSAGES } from './songs.limits.js';
import { findSongById } from './songs.repository.js';
import { injectAs } from '../../test/route-cast.js';

describe('what an artist may ask of the transcoder', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      MAX_SONG_SECONDS: '10',
      PENDING_ARTIST_MAX_SONGS: '2',
      PENDING_ARTIST_MAX_BYTES: String(3 * 1024 * 1024),
    });
  });
  afterAll(async () => t.close());

  async function artistSession(status: 'PENDING' | 'ACTIVE' = 'ACTIVE') {
    const artist = await createArtist(t.app, { artist: { status } });
    const cookie = await signIn(t.app, artist);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      injectAs(t, cookie, { method, url, ...(payload ? { payload } : {}) });
    const newSong = async (title: string) => inject('POST', '/api/songs', { title, releaseDate: '05/01/2025' });
    const upload = async (songId: string, wav: Buffer, fileName = 'song.wav', type = 'audio/wav') => {
      const form = multipart([{ name: 'file', fileName, type, data: wav }]);
      return injectAs(t, cookie, {
        method: 'POST',
        url: `/api/songs/upload/${songId}`,
        payload: form.payload,
        headers: form.headers,
      });
    };
    return { artist, inject, newSong, upload };
  }

  it('refuses a sample rate below 22,050 Hz at upload, from the header, before any job is queued', async () => {
    const { newSong, upload } = await artistSession();
    const songId = (await newSong('One Kilohertz')).json().id as string;
    const res = await upload(songId, makeWav(8, { sampleRate: 1000, channels: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(WAV_MESSAGES.lowSampleRate(1000));
    expect(res.json().error.message).toContain('22,050 Hz');
    expect(await findSongById(t.app.ctx.db, songId)).toMatchObject({
      status: 'failed',
      failureReason: WAV_MESSAGES.lowSampleRate(1000),
    });
    expect(await t.app.ctx.jobs.queuedSum(TRANSCODE_JOB, {}, 'durationSeconds')).toBe(0);
  });

  it('refuses a header claiming 65,535 channels or 4 GHz audio at upload, as damaged, before any job', async () => {
    const { newSong, upload } = await artistSession();
    const channels = makeWav(1, { channels: 1 });
    channels.writeUInt16LE(65_535, 22);
    const rate = makeWav(1, { channels: 1 });
    rate.writeUInt32LE(0xffffffff, 24);
    for (const wav of [channels, rate]) {
      const songId = (await newSong('Bomb')).json().id as string;
      const res = await upload(songId, wav);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(WAV_MESSAGES.damaged);
      expect(await findSongById(t.app.ctx.db, songId)).toMatchObject({ status: 'failed' });
    }
    expect(await t.app.ctx.jobs.queuedSum(TRANSCODE_JOB, {}, 'durationSeconds')).toBe(0);
  });

  it('refuses audio longer than MAX_SONG_SECONDS with the length and the limit', async () => {
    const { newSong, upload } = await artistSession();
    const songId = (await newSong('Too Long')).json().id as string;
    const res = await upload(songId, makeWav(12, { sampleRate: 22_050, channels: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This recording is 12 s long; a song can be at most 10 s.');
  });

  it('holds a PENDING artist to the small quota of songs, with a clear 4xx', async () => {
    const { newSong } = await artistSession('PENDING');
    expect((await newSong('First')).statusCode).toBe(201);
    expect((await newSong('Second')).statusCode).toBe(201);
    const third = await newSong('Third');
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(QUOTA_MESSAGES.songs(2, true));
  });

  it('failed songs hold no place in a PENDING artist’s quota; a new file for one takes its place again', async () => {
    const { newSong, upload } = await artistSession('PENDING');
    const refused: string[] = [];
    for (const title of ['Bad One', 'Bad Two']) {
      const songId = (await newSong(title)).json().id as string;
      expect((await upload(songId, makeWav(2, { sampleRate: 1000, channels: 1 }))).statusCode).toBe(400);
      refused.push(songId);
    }
    const good = await newSong('Good');
    expect(good.statusCode).toBe(201);
    expect((await upload(good.json().id as string, makeWav(1, { channels: 1 }))).statusCode).toBe(200);
    expect((await upload(refused[0]!, makeWav(1, { channels: 1 }))).statusCode).toBe(200);
    // Two songs that count (Good and the mended Bad One): the other failed song cannot take a third place.
    const third = await upload(refused[1]!, makeWav(1, { channels: 1 }));
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(QUOTA_MESSAGES.songs(2, true));
  });

  it('tells the artist the upload rules and the room left before any file is chosen', async () => {
    const { newSong, upload, inject } = await artistSession('PENDING');
    const limits = async () => (await inject('GET', '/api/songs/upload-limits')).json();
    expect(await limits()).toEqual({
      formats: ['WAV', 'FLAC', 'AIFF', 'ALAC'],
      extensions: ['.wav', '.flac', '.aiff', '.aif', '.aifc', '.m4a'],
      minSampleRate: 22_050,
      maxSongSeconds: 10,
      maxFileBytes: t.app.ctx.config.maxUploadBytes,
      awaitingApproval: true,
      songsLeft: 2,
      bytesLeft: 3 * 1024 * 1024,
    });
    const bad = (await newSong('Bad')).json().id as string;
    await upload(bad, makeWav(2, { sampleRate: 1000, channels: 1 }));
    expect((await limits()).songsLeft).toBe(2);
    await newSong('Waiting for its file');
    expect((await limits()).songsLeft).toBe(1);
  });

  it('counts the bytes of the artist’s other originals against the quota', async () => {
    const { newSong, inject, upload } = await artistSession('PENDING');
    const first = (await newSong('Under Two Megabytes')).json().id as string;
    expect((await upload(first, makeWav(10, { sampleRate: 44_100, channels: 2 }))).statusCode).toBe(200); // 1.7 MB
    const second = (await newSong('Two More')).json().id as string;
    const res = await inject('POST', `/api/songs/upload-presigned/${second}`, {
      files: [{ name: 'more.wav', size: 2 * 1024 * 1024, type: 'audio/wav', s3Path: 'songs' }],
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(QUOTA_MESSAGES.bytes(3 * 1024 * 1024, true));
    expect(res.json().error.message).toContain('3 MiB');
    // Every container counts the same way (decision 0053): a FLAC or an ALAC past the room left is refused too.
    for (const name of ['more.flac', 'more.m4a', 'more.aiff']) {
      const other = await inject('POST', `/api/songs/upload-presigned/${second}`, {
        files: [{ name, size: 2 * 1024 * 1024, type: '', s3Path: 'songs' }],
      });
      expect(other.statusCode, name).toBe(413);
    }
  });

  it('holds a FLAC to the same sample rate and length limits as a WAV, at upload, before any job', async () => {
    const { newSong, upload } = await artistSession('ACTIVE');
    const queuedBefore = await t.app.ctx.jobs.queuedSum(TRANSCODE_JOB, {}, 'durationSeconds');
    const flac = makeAudio('flac', 2);
    const slow = Buffer.from(flac);
    // STREAMINFO's 20-bit sample rate: 8,000 Hz.
    slow[18] = 8000 >> 12;
    slow[19] = (8000 >> 4) & 0xff;
    slow[20] = ((8000 & 0x0f) << 4) | (slow[20]! & 0x0f);
    const long = flacClaiming(flac, 44_100 * 11);
    const cases: Array<[Buffer, string]> = [
      [slow, LOSSLESS_MESSAGES.lowSampleRate('flac', 8000)],
      [long, LOSSLESS_MESSAGES.tooLong(11, 10)],
    ];
    for (const [data, message] of cases) {
      const songId = (await newSong('Checked')).json().id as string;
      const res = await upload(songId, data, 'take.flac', 'audio/flac');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await t.app.ctx.jobs.queuedSum(TRANSCODE_JOB, {}, 'durationSeconds')).toBe(queuedBefore);
  });

  it('an ACTIVE artist has the larger quota', async () => {
    const { newSong } = await artistSession('ACTIVE');
    for (const title of ['A', 'B', 'C']) expect((await newSong(title)).statusCode).toBe(201);
  });

  it('sets the song uploading and queues its job in one transaction: a failed enqueue leaves no stranded song', async () => {
    const solo = await createTestApp();
    try {
      const artist = await createArtist(solo.app, { artist: { status: 'ACTIVE' } });
      const cookie = await signIn(solo.app, artist);
      const created = await injectAs(solo, cookie, {
        method: 'POST',
        url: '/api/songs',
        payload: { title: 'Stranded?', releaseDate: '05/01/2025' },
      });
      const songId = created.json().id as string;
      await solo.app.ctx.jobs.stop(); // the enqueue now fails, after the status was written
      const form = multipart([{ name: 'file', fileName: 'song.wav', type: 'audio/wav', data: makeWav(2) }]);
      const res = await injectAs(solo, cookie, {
        method: 'POST',
        url: `/api/songs/upload/${songId}`,
        payload: form.payload,
        headers: form.headers,
      });
      expect(res.statusCode).toBe(500);
      expect((await findSongById(solo.app.ctx.db, songId))?.status).toBe('pending');
    } finally {
      await solo.close();
    }
  });
});

describe('fair order of transcodes', () => {
  it('runs an idle artist’s short song before a busy artist’s queued long ones', async () => {
    const t = await createTestApp(); // the queue runs, but works no songs until the test starts a worker
    try {
      const busy = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      const idle = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      const uploadAs = async (artist: typeof busy, title: string, seconds: number) => {
        const cookie = await signIn(t.app, artist);
        const created = await injectAs(t, cookie, {
          method: 'POST',
          url: '/api/songs',
          payload: { title, releaseDate: '05/01/2025' },
        });
        const songId = created.json().id as string;
        const form = multipart([
          { name: 'file', fileName: 'song.wav', type: 'audio/wav', data: makeWav(seconds, { channels: 1 }) },
        ]);
        const res = await injectAs(t, cookie, {
          method: 'POST',
          url: `/api/songs/upload/${songId}`,
          payload: form.payload,
          headers: form.headers,
        });
        expect(res.statusCode).toBe(200);
        return songId;
      };
      const busyLong = await uploadAs(busy, 'Busy Long', 8);
      const busyShort = await uploadAs(busy, 'Busy Short', 2);
      const idleShort = await uploadAs(idle, 'Idle Short', 2);

      const worker = createJobQueue(t.app.ctx.platform.database, t.config, t.app.log, {
        work: [TRANSCODE_JOB],
        pollingIntervalSeconds: 0.5,
      });
      registerSongJobs({ ...t.app.ctx, jobs: worker });
      await worker.start();
      try {
        await worker.idle([TRANSCODE_JOB], { timeoutMs: 120_000 });
      } finally {
        await worker.stop();
      }
      const songs = await Promise.all([busyLong, busyShort, idleShort].map((id) => findSongById(t.app.ctx.db, id)));
      expect(songs.map((song) => song?.status)).toEqual(['ready', 'ready', 'ready']);
      const order = [...songs].sort((a, b) => a!.processedAt!.getTime() - b!.processedAt!.getTime());
      expect(order.map((song) => song!.title)).toEqual(['Idle Short', 'Busy Long', 'Busy Short']);
    } finally {
      await t.close();
    }
  }, 180_000);
});
