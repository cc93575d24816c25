import { LOUDNESS_TARGET_LUFS, MAX_PREVIEW_SECONDS, playbackAnswer } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { SILENT_PEAK_DB } from '../../platform/media/loudness.js';
import { createAdmin, createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { normalisingGain } from './songs.playback.js';

const measured = (integratedLufs: number, truePeakDb: number) => ({ integratedLufs, truePeakDb, lra: 6 });

describe('normalisingGain: toward -14 LUFS, within -1 dBTP', () => {
  it.each<[string, Parameters<typeof normalisingGain>[0], number]>([
    ['a quiet song with room to spare is raised all the way', measured(-20, -10), 6],
    ['a quiet song is raised only as far as its true peak allows', measured(-24, -3), 2],
    ['a quiet song already peaking above -1 dBTP is not raised', measured(-18, -0.2), 0],
    ['a quiet song exactly at the ceiling is not raised', measured(-18, -1), 0],
    ['a loud song is lowered to the target, whatever its peak', measured(-8, 0.5), -6],
    ['a song at the target is left alone', measured(LOUDNESS_TARGET_LUFS, -1), 0],
    ['the gain is rounded to 0.1 dB', measured(-9.96, -0.4), -4],
    ['the gain is rounded to 0.1 dB when raising', measured(-16.04, -9), 2],
    ['a song a hair louder than the target gets 0, not -0', measured(-13.98, -3), 0],
    ['an unmeasured song gets 0', null, 0],
    ['silence (ebur128 reads -70 LUFS and a peak of -inf) gets 0', measured(-70, SILENT_PEAK_DB), 0],
    ['below the gate gets 0', measured(-80, -60), 0],
    ['a measure that is no number gets 0', measured(Number.NaN, -3), 0],
    ['an unknown peak raises nothing', measured(-20, Number.NaN), 0],
  ])('%s', (_case, loudness, gain) => {
    expect(normalisingGain(loudness)).toBe(gain);
  });
});

describe('GET /api/songs/{id}/play: what a listener may hear', () => {
  let t: TestApp;
  let artist: TestArtist;
  const cookies = {} as Record<'fan' | 'subscriber' | 'artist' | 'admin', string>;

  beforeAll(async () => {
    t = await createTestApp();
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const [fan, subscriber, admin] = [await createUser(t.app), await createUser(t.app), await createAdmin(t.app)];
    await t.app.ctx.db.insert(subscriptions).values({
      memberId: subscriber.id,
      artistId: artist.artistId,
      currentPeriodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    });
    Object.assign(cookies, {
      fan: await signIn(t.app, fan),
      subscriber: await signIn(t.app, subscriber),
      artist: await signIn(t.app, artist),
      admin: await signIn(t.app, admin),
    });
  });
  afterAll(async () => t.close());

  const readySong = (values: Parameters<typeof createSong>[2] = {}) =>
    createSong(t.app, artist.artistId, {
      status: 'ready',
      duration: 200,
      streamFile: `songs/${artist.artistId}/s/hls/master.m3u8`,
      dashManifest: `songs/${artist.artistId}/s/dash/manifest.mpd`,
      previewFile: `songs/${artist.artistId}/s/preview.m4a`,
      loudness: measured(-20, -10),
      ...values,
    });

  async function play(songId: string, cookie?: string) {
    const res = await injectAs(t, cookie, {
      method: 'GET',
      url: `/api/songs/${songId}/play`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return playbackAnswer.parse(res.json());
  }

  it('gives someone who does not subscribe the preview only: full false, at most 45 s, no full streams', async () => {
    const long = await readySong();
    const short = await readySong({ duration: 30 });
    for (const cookie of [undefined, cookies.fan]) {
      const answer = await play(long.id, cookie);
      expect(answer).toMatchObject({ full: false, hls: null, dash: null, duration: 200, gainDb: 6 });
      expect(answer.playableSeconds).toBe(MAX_PREVIEW_SECONDS);
      expect(answer.preview).toEqual(expect.any(String));
      const shorter = await play(short.id, cookie);
      expect(shorter).toMatchObject({ full: false, playableSeconds: 30 });
    }
  });

  it('gives a subscriber, the artist and admins the whole song', async () => {
    const song = await readySong();
    for (const cookie of [cookies.subscriber, cookies.artist, cookies.admin]) {
      const answer = await play(song.id, cookie);
      expect(answer).toMatchObject({ full: true, playableSeconds: 200, duration: 200 });
      expect(answer.hls).toEqual(expect.any(String));
      expect(answer.dash).toEqual(expect.any(String));
    }
  });

  it('plays a full-preview song in full for everyone, signed out too: playableSeconds is the duration', async () => {
    const song = await readySong({ isFullPreview: true, duration: 187.5, loudness: measured(-9, -0.1) });
    for (const cookie of [undefined, cookies.fan, cookies.subscriber, cookies.artist, cookies.admin]) {
      const answer = await play(song.id, cookie);
      expect(answer).toMatchObject({ full: true, playableSeconds: 187.5, duration: 187.5, gainDb: -5 });
      expect(answer.hls).toEqual(expect.any(String));
    }
  });

  it('answers gainDb 0 for a song never measured', async () => {
    const song = await readySong({ loudness: null });
    expect((await play(song.id, cookies.fan)).gainDb).toBe(0);
  });
});
