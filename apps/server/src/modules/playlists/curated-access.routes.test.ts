import { pagedMyMusic, playlistPage, type PlaylistPage } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists } from '../../platform/db/schema/catalogue.js';
import { songDownloads } from '../../platform/db/schema/library.js';
import {
  createAdmin,
  createArtist,
  createPlaylist,
  createStoredSong,
  createUser,
  setArtist,
  signIn,
  type TestArtist,
  type TestUser,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * What HFM Radio and HFM Picks open up (docs/decisions/0022), through the routes fans use: /play, /download,
 * My Music and the playlist page.
 */
describe('HFM Radio and HFM Picks: who hears and keeps what', () => {
  let t: TestApp;
  let optedIn: TestArtist;
  let optedOut: TestArtist;
  let admin: string;
  let fan: TestUser & { cookie: string };

  beforeAll(async () => {
    t = await createTestApp();
    optedIn = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Radio Friendly' } });
    optedOut = await createArtist(t.app, {
      artist: { status: 'ACTIVE', name: 'Keeps To Itself', hfmPicksOptIn: false },
    });
    admin = await signIn(t.app, await createAdmin(t.app));
    fan = await member();
  });
  afterAll(async () => t.close());

  async function member(): Promise<TestUser & { cookie: string }> {
    const user = await createUser(t.app);
    return { ...user, cookie: await signIn(t.app, user) };
  }

  const get = (url: string, cookie?: string) => injectAs(t, cookie, { method: 'GET', url });
  const play = (songId: string, cookie?: string) => get(`/api/songs/${songId}/play`, cookie);
  const download = (songId: string, cookie?: string) => get(`/api/songs/${songId}/download?format=mp3`, cookie);
  const pageOf = async (playlistId: string, cookie?: string): Promise<PlaylistPage> =>
    playlistPage.parse((await get(`/api/playlists/${playlistId}`, cookie)).json());

  describe('HFM Radio: streaming only', () => {
    it('plays a radio song in full for everyone, signed in or not; nobody may download it because of the radio', async () => {
      const song = await createStoredSong(t.app, optedIn.artistId, {
        duration: 180,
        streamFile: 'songs/radio/hls/main.m3u8',
      });
      const radio = await createPlaylist(t.app, { title: 'HFM Radio', isHfmRadio: true }, [song.id]);
      for (const cookie of [undefined, fan.cookie]) {
        const res = await play(song.id, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ full: true, playableSeconds: 180 });
        expect(res.json().hls ?? res.json().dash).toBeTruthy();
      }
      expect((await download(song.id)).statusCode).toBe(401);
      expect((await download(song.id, fan.cookie)).statusCode).toBe(403);
      const page = await pageOf(radio);
      expect(page.songs[0]).toMatchObject({ id: song.id, playsInFull: true, freeToKeep: false, isFullPreview: false });
      // Every list fans see says so, not only the playlist's page.
      const artistPage = await get(`/api/artist-pages/${optedIn.artist.slug}`);
      const listed = artistPage.json().songs.find((entry: { id: string }) => entry.id === song.id);
      expect(listed).toMatchObject({ playsInFull: true, freeToKeep: false });
    });

    it('plays only the preview of a song whose artist has not opted in (or opted out since)', async () => {
      const theirs = await createStoredSong(t.app, optedOut.artistId, { duration: 180 });
      const leaver = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      const later = await createStoredSong(t.app, leaver.artistId, { duration: 180 });
      const radio = await createPlaylist(t.app, { title: 'Slipped in', isHfmRadio: true }, [theirs.id, later.id]);
      expect((await play(later.id)).json().full).toBe(true);
      await setArtist(t.app, leaver.artistId, { hfmPicksOptIn: false });
      for (const song of [theirs, later]) {
        const res = await play(song.id);
        expect(res.json()).toMatchObject({ full: false, playableSeconds: 45 });
      }
      expect((await pageOf(radio)).songs.map((song) => song.playsInFull)).toEqual([false, false]);
    });

    it('plays in full only while the song is released and on a radio playlist', async () => {
      const song = await createStoredSong(t.app, optedIn.artistId, { duration: 120 });
      const radio = await createPlaylist(t.app, { title: 'Brief', isHfmRadio: true }, [song.id]);
      expect((await play(song.id)).json().full).toBe(true);
      await t.app.ctx.db.update(playlists).set({ isHfmRadio: false }).where(eq(playlists.id, radio));
      expect((await play(song.id)).json().full).toBe(false);
    });
  });

  describe('HFM Picks: full songs to keep', () => {
    it('plays a current pick in full for everyone; a member with no subscription downloads it and keeps it', async () => {
      const song = await createStoredSong(t.app, optedIn.artistId, { duration: 200 });
      const picks = await createPlaylist(
        t.app,
        { title: 'Summer Driving', isHfmPicks: true, hfmPicksPosition: 1, picksMonth: '2030-01' },
        [song.id],
      );
      expect((await play(song.id)).json()).toMatchObject({ full: true, playableSeconds: 200 });
      expect((await pageOf(picks)).songs[0]).toMatchObject({ playsInFull: true, freeToKeep: true });
      const summary = await get(`/api/bff/members/artist-summary/${optedIn.artistId}`, fan.cookie);
      expect(summary.json().songs.find((entry: { id: string }) => entry.id === song.id)).toMatchObject({
        playsInFull: true,
        freeToKeep: true,
      });

      expect((await download(song.id)).statusCode).toBe(401);
      const res = await download(song.id, fan.cookie);
      expect(res.statusCode).toBe(200);
      const rows = await t.app.ctx.db
        .select({ kept: songDownloads.kept })
        .from(songDownloads)
        .where(and(eq(songDownloads.memberId, fan.id), eq(songDownloads.songId, song.id)));
      expect(rows).toEqual([{ kept: true }]);
      const music = pagedMyMusic.parse((await get(`/api/members/${fan.id}/my-music`, fan.cookie)).json());
      expect(music.items.find((item) => item.id === song.id)).toMatchObject({ freeToKeep: true });

      // Next month the playlist is no longer a pick: the member keeps the song; others are back to a preview.
      await t.app.ctx.db.update(playlists).set({ isHfmPicks: false }).where(eq(playlists.id, picks));
      expect((await download(song.id, fan.cookie)).statusCode).toBe(200);
      expect((await play(song.id, fan.cookie)).json().full).toBe(true);
      const latecomer = await member();
      expect((await download(song.id, latecomer.cookie)).statusCode).toBe(403);
      expect((await play(song.id, latecomer.cookie)).json().full).toBe(false);
      expect((await pageOf(picks)).songs[0]).toMatchObject({ playsInFull: false, freeToKeep: false });
    });

    it('is for members: artists get no download of another artist’s pick (admins may download anything)', async () => {
      const song = await createStoredSong(t.app, optedIn.artistId);
      await createPlaylist(t.app, { title: 'Night Driving', isHfmPicks: true, hfmPicksPosition: 2 }, [song.id]);
      const other = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      expect((await download(song.id, await signIn(t.app, other))).statusCode).toBe(403);
      expect((await download(song.id, admin)).statusCode).toBe(200);
    });

    it('gives nothing for a pick of an artist who opted out since', async () => {
      const leaver = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      const song = await createStoredSong(t.app, leaver.artistId);
      await createPlaylist(t.app, { title: 'Fall Driving', isHfmPicks: true, hfmPicksPosition: 3 }, [song.id]);
      await setArtist(t.app, leaver.artistId, { hfmPicksOptIn: false });
      const someone = await member();
      expect((await download(song.id, someone.cookie)).statusCode).toBe(403);
      expect((await play(song.id)).json().full).toBe(false);
    });
  });
});
