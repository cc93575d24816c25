import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../platform/db/schema.js';
import { createArtist, createUser, multipart, signIn, type TestArtist } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWav } from '../../test/wav.js';
import { DOWNLOADS_GAVE_UP_REASON, DOWNLOADS_PREPARING_MESSAGE } from './songs.downloads-state.js';
import { injectAs } from '../../test/route-cast.js';

/**
 * The real ffmpeg behind a gate: the downloads pass (the one encoding MP3) waits until the test opens
 * the gate, and fails as many times as the fail file says. The stream passes run untouched.
 */
function gatedFfmpeg(dir: string) {
  const gate = path.join(dir, 'gate-open');
  const failures = path.join(dir, 'failures-left');
  const script = path.join(dir, 'ffmpeg');
  fs.writeFileSync(
    script,
    `#!/bin/sh
case " $* " in *" libmp3lame "*)
  while [ ! -e '${gate}' ]; do sleep 0.1; done
  left=$(cat '${failures}' 2>/dev/null || echo 0)
  if [ "$left" -gt 0 ]; then echo $((left - 1)) > '${failures}'; echo 'downloads failed on purpose' >&2; exit 1; fi
esac
exec ffmpeg "$@"
`,
    { mode: 0o755 },
  );
  return {
    path: script,
    close: () => fs.rmSync(gate, { force: true }),
    open: (failuresBefore = 0) => {
      fs.writeFileSync(failures, String(failuresBefore));
      fs.writeFileSync(gate, '');
    },
  };
}

describe('time to first sound: a song plays before its downloads are made', () => {
  let t: TestApp;
  let dir: string;
  let ffmpeg: ReturnType<typeof gatedFfmpeg>;
  let artist: TestArtist;
  let artistCookie: string;
  let fanCookie: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-first-sound-'));
    ffmpeg = gatedFfmpeg(dir);
    // Failed passes are retried at once: the give-up case goes through every retry without the 5/10/20 s back-off.
    t = await createTestApp({ FFMPEG_PATH: ffmpeg.path }, { jobs: true, retryDelaySeconds: 0 });
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    artistCookie = await signIn(t.app, artist);
    const fan = await createUser(t.app);
    fanCookie = await signIn(t.app, fan);
    await t.app.ctx.db.insert(subscriptions).values({
      memberId: fan.id,
      artistId: artist.artistId,
      currentPeriodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    });
  });
  beforeEach(() => ffmpeg.close());
  afterAll(async () => {
    ffmpeg.open();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, cookie = artistCookie) => injectAs(t, cookie, { method: 'GET', url });
  const fetchSigned = (signed: string) => {
    const url = new URL(signed, 'http://x');
    return t.app.inject({ method: 'GET', url: url.pathname + url.search });
  };

  async function uploadSong(title: string): Promise<string> {
    const created = await injectAs(t, artistCookie, {
      method: 'POST',
      url: '/api/songs',
      payload: { title, releaseDate: '05/01/2025' },
    });
    const songId = created.json().id as string;
    const form = multipart([{ name: 'file', fileName: 'song.wav', type: 'audio/wav', data: makeWav(14) }]);
    const res = await injectAs(t, artistCookie, {
      method: 'POST',
      url: `/api/songs/upload/${songId}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    return songId;
  }

  async function waitForSong(songId: string, done: (song: { status: string; downloads: string | null }) => boolean) {
    for (let attempt = 0; attempt < 360; attempt++) {
      const song = (await get(`/api/songs/${songId}`)).json();
      if (done(song)) return song;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`song ${songId} never got there`);
  }

  it('streams as soon as the stream is stored, answers 409 for downloads, then serves them', async () => {
    const songId = await uploadSong('Early Bird');
    const song = await waitForSong(songId, (s) => s.status !== 'uploading');
    expect(song).toMatchObject({ status: 'ready', downloads: 'preparing', failureReason: null });

    const play = (await get(`/api/songs/${songId}/play`, fanCookie)).json();
    expect(play.full).toBe(true);
    const master = await fetchSigned(play.hls);
    expect(master.statusCode).toBe(200);
    const media = await fetchSigned(play.hls.replace('master.m3u8', master.body.match(/^media_\d+\.m3u8$/m)![0]));
    const firstSegment = media.body.match(/^segment-\d+\.m4s$/m)![0];
    expect((await fetchSigned(play.hls.replace('master.m3u8', firstSegment))).statusCode).toBe(200);
    expect((await fetchSigned(play.preview)).statusCode).toBe(200);
    const peaks = (await get(`/api/songs/${songId}/peaks`, fanCookie)).json();
    expect(peaks.count).toBe(1000);

    for (const url of [`/api/songs/${songId}/download?format=flac`, `/api/songs/${songId}/downloads`]) {
      const preparing = await get(url, fanCookie);
      expect(preparing.statusCode).toBe(409);
      expect(preparing.json().error.message).toBe(DOWNLOADS_PREPARING_MESSAGE);
    }

    ffmpeg.open();
    const made = await waitForSong(songId, (s) => s.downloads !== 'preparing');
    expect(made).toMatchObject({ status: 'ready', downloads: 'ready' });
    const options = (await get(`/api/songs/${songId}/downloads`, fanCookie)).json();
    // The files made at upload, exact; the formats made on first request are estimated (decision 0051).
    const exact = options.filter((option: { estimated: boolean }) => !option.estimated);
    expect(exact.map((option: { format: string }) => option.format)).toEqual(['flac', 'wav', 'mp3']);
    const download = await get(`/api/songs/${songId}/download?format=mp3`, fanCookie);
    expect(download.statusCode).toBe(200);
    expect((await fetchSigned(download.json().url)).statusCode).toBe(200);
  }, 120_000);

  it('retries a downloads pass that failed while the song kept playing', async () => {
    const songId = await uploadSong('Second Try');
    await waitForSong(songId, (s) => s.status !== 'uploading');
    ffmpeg.open(1);
    const made = await waitForSong(songId, (s) => s.downloads !== 'preparing');
    expect(made).toMatchObject({ status: 'ready', downloads: 'ready', failureReason: null });
    expect(fs.readFileSync(path.join(dir, 'failures-left'), 'utf8').trim()).toBe('0');
  }, 120_000);

  it('ends with the downloads failed and the song still playing when every retry fails', async () => {
    const songId = await uploadSong('Never Downloads');
    await waitForSong(songId, (s) => s.status !== 'uploading');
    ffmpeg.open(99);
    const gaveUp = await waitForSong(songId, (s) => s.downloads !== 'preparing');
    expect(gaveUp).toMatchObject({ status: 'ready', downloads: 'failed', failureReason: DOWNLOADS_GAVE_UP_REASON });
    const play = (await get(`/api/songs/${songId}/play`, fanCookie)).json();
    expect((await fetchSigned(play.hls)).statusCode).toBe(200);
    const download = await get(`/api/songs/${songId}/download?format=wav`, fanCookie);
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toBe(DOWNLOADS_GAVE_UP_REASON);
  }, 180_000);
});
