import { HFM_PICKS_TITLES, hfmPicksAnswer, type HfmPicksAnswer } from '@hfm/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists } from '../../platform/db/schema/catalogue.js';
import {
  createAdmin,
  createArtistRow,
  createSong,
  createUser,
  setArtist,
  signIn,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { SessionUser } from '../../context.js';
import { generateHfmPicks, NO_PICKS_CANDIDATES } from './hfm-picks.service.js';
import { picksMonthOf } from './hfm-picks.js';
import { injectAs } from '../../test/route-cast.js';

describe('HFM Picks generation (POST /api/playlists/hfm-picks)', () => {
  let t: TestApp;
  let adminUser: TestUser;
  let admin: string;
  let fan: string;
  /** Songs generation may pick: released songs of ACTIVE artists who opted in. */
  const eligible = new Set<string>();
  const month = picksMonthOf(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    adminUser = await createAdmin(t.app);
    admin = await signIn(t.app, adminUser);
    fan = await signIn(t.app, await createUser(t.app));
  });
  afterAll(async () => t.close());

  const asAdmin = (): SessionUser => ({
    id: adminUser.id,
    sessionId: 'test',
    role: 'ADMIN',
    email: adminUser.email,
    firstName: 'Test',
    lastName: 'Admin',
    artistId: null,
  });
  const generate = (cookie = admin) => injectAs(t, cookie, { method: 'POST', url: '/api/playlists/hfm-picks' });
  const songsOf = (answer: HfmPicksAnswer) => answer.playlists.map((playlist) => playlist.songs);

  /** An ACTIVE opted-in artist (unless told otherwise) with `count` released songs. */
  async function band(count: number, values: Parameters<typeof createArtistRow>[1] = {}, eligibleSongs = true) {
    const artist = await createArtistRow(t.app, values);
    for (let index = 0; index < count; index++) {
      const song = await createSong(t.app, artist.id, { title: `Song ${index}`, status: 'ready' });
      if (eligibleSongs) eligible.add(song.id);
    }
    return artist;
  }

  function expectPicksShape(answer: HfmPicksAnswer, forMonth: string) {
    expect(answer.playlists.map((playlist) => [playlist.title, playlist.HFMPicksPosition])).toEqual([
      ['Summer Driving', 1],
      ['Night Driving', 2],
      ['Fall Driving', 3],
    ]);
    for (const playlist of answer.playlists) {
      expect(playlist).toMatchObject({ isHFMPicks: true, picksMonth: forMonth, isHFMRadio: false });
      const artists = playlist.tracks.map((track) => track.artistID);
      expect(new Set(artists).size, 'one track per artist in a playlist').toBe(artists.length);
      for (const songId of playlist.songs) expect(eligible.has(songId), `${songId} may be picked`).toBe(true);
    }
  }

  it('refuses fans (403) and signed-out callers (401)', async () => {
    expect((await generate(fan)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/playlists/hfm-picks' })).statusCode).toBe(401);
  });

  it('is a 409 while no song can be picked, and makes nothing', async () => {
    await band(2, { hfmPicksOptIn: false }, false);
    const res = await generate();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(NO_PICKS_CANDIDATES);
    expect(await t.app.ctx.db.select().from(playlists)).toEqual([]);
  });

  it('fills what there is with few opted-in artists, and says so', async () => {
    await band(1);
    await band(2);
    await band(1);
    const answer = await generateHfmPicks(t.app.ctx, asAdmin(), {}, new Date('2001-01-15T12:00:00Z'));
    expect(answer.generated).toBe(true);
    expectPicksShape(answer, '2001-01');
    expect(answer.playlists.map((playlist) => playlist.songs.length)).toEqual([3, 3, 3]);
    expect(answer.notice).toBe(
      'Only 3 opted-in artists have released songs: some playlists have fewer than five songs, and some artists ' +
        'are in more than one playlist.',
    );
    // The artist with two songs gives the second one to the next playlist before any song is repeated.
    expect(new Set(songsOf(answer).flat()).size).toBe(4);
  });

  it('makes the three once even when two requests race; no artist twice in the month; only eligible songs', async () => {
    for (let index = 0; index < 16; index++) await band(index % 3 === 0 ? 2 : 1);
    // Not eligible: not opted in, not ACTIVE, a song not ready, withdrawn, or not out yet.
    await band(3, { hfmPicksOptIn: false }, false);
    await band(3, { status: 'PENDING' }, false);
    await band(2, { status: 'INACTIVE' }, false);
    const late = await createArtistRow(t.app);
    await createSong(t.app, late.id, { status: 'pending' });
    await createSong(t.app, late.id, { status: 'ready', active: false });
    await createSong(t.app, late.id, { status: 'ready', releaseDate: '2999-01-01' });

    const [first, second] = await Promise.all([generate(), generate()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const answers = [first, second].map((res) => hfmPicksAnswer.parse(res.json()));
    expect(answers.map((answer) => answer.generated).sort()).toEqual([false, true]);
    expect(answers[0]!.playlists.map((playlist) => playlist.id)).toEqual(answers[1]!.playlists.map((p) => p.id));
    const answer = answers[0]!;
    expect(answer.month).toBe(month);
    expect(answer.notice).toBeNull();
    expectPicksShape(answer, month);
    expect(answer.playlists.map((playlist) => playlist.songs.length)).toEqual([5, 5, 5]);
    const artists = answer.playlists.flatMap((playlist) => playlist.tracks.map((track) => track.artistID));
    expect(new Set(artists).size, 'one track per artist per month').toBe(15);
    const ofMonth = await t.app.ctx.db.select().from(playlists).where(eq(playlists.picksMonth, month));
    expect(ofMonth).toHaveLength(3);
  });

  it('answers the month’s three unchanged when run again', async () => {
    const before = hfmPicksAnswer.parse((await generate()).json());
    const again = hfmPicksAnswer.parse((await generate()).json());
    expect(again.generated).toBe(false);
    expect(again.playlists.map((playlist) => [playlist.id, playlist.songs, playlist.updatedAt])).toEqual(
      before.playlists.map((playlist) => [playlist.id, playlist.songs, playlist.updatedAt]),
    );
  });

  it('chooses the same songs again for the same month (a shuffle seeded by the month)', async () => {
    const before = hfmPicksAnswer.parse((await generate()).json());
    for (const playlist of before.playlists) {
      const res = await injectAs(t, admin, {
        method: 'DELETE',
        url: `/api/playlists/${playlist.id}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const remade = hfmPicksAnswer.parse((await generate()).json());
    expect(remade.generated).toBe(true);
    expect(songsOf(remade)).toEqual(songsOf(before));
  });

  it('regenerate=true replaces the month’s three with three new ones (a 400 for a value that is not true or false)', async () => {
    const before = hfmPicksAnswer.parse((await generate()).json());
    const bad = await injectAs(t, admin, {
      method: 'POST',
      url: '/api/playlists/hfm-picks?regenerate=maybe',
    });
    expect(bad.statusCode).toBe(400);
    const res = await injectAs(t, admin, {
      method: 'POST',
      url: '/api/playlists/hfm-picks?regenerate=true',
    });
    expect(res.statusCode).toBe(200);
    const remade = hfmPicksAnswer.parse(res.json());
    expect(remade.generated).toBe(true);
    expectPicksShape(remade, month);
    expect(remade.playlists.map((playlist) => playlist.songs.length)).toEqual([5, 5, 5]);
    const oldIds = before.playlists.map((playlist) => playlist.id);
    expect(remade.playlists.map((playlist) => playlist.id)).not.toEqual(expect.arrayContaining(oldIds.slice(0, 1)));
    expect(await t.app.ctx.db.select().from(playlists).where(inArray(playlists.id, oldIds))).toEqual([]);
    const ofMonth = await t.app.ctx.db.select().from(playlists).where(eq(playlists.picksMonth, month));
    expect(ofMonth).toHaveLength(3);
    const artists = remade.playlists.flatMap((playlist) => playlist.tracks.map((track) => track.artistID));
    expect(new Set(artists).size, 'one track per artist per month').toBe(15);
  });

  it('fills in a playlist of the month an admin deleted, with artists the month has not used', async () => {
    const before = hfmPicksAnswer.parse((await generate()).json());
    const night = before.playlists[1]!;
    await injectAs(t, admin, { method: 'DELETE', url: `/api/playlists/${night.id}` });
    const filled = hfmPicksAnswer.parse((await generate()).json());
    expect(filled.generated).toBe(true);
    expect(filled.playlists.map((playlist) => playlist.title)).toEqual([...HFM_PICKS_TITLES]);
    expect(filled.playlists[0]!.id).toBe(before.playlists[0]!.id);
    expect(filled.playlists[2]!.id).toBe(before.playlists[2]!.id);
    const artists = filled.playlists.flatMap((playlist) => playlist.tracks.map((track) => track.artistID));
    expect(new Set(artists).size).toBe(15);
  });

  it('refuses renaming a playlist to the title of another of its month (409)', async () => {
    const current = hfmPicksAnswer.parse((await generate()).json());
    const res = await injectAs(t, admin, {
      method: 'PATCH',
      url: `/api/playlists/${current.playlists[0]!.id}`,
      payload: { title: 'Night Driving' },
    });
    expect(res.statusCode).toBe(409);
  });

  it("a new month's run takes isHFMPicks off the previous month's three; member home shows the current ones", async () => {
    const current = hfmPicksAnswer.parse((await generate()).json());
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(year, monthNumber, 3));
    const nextMonth = picksMonthOf(next);
    const answer = await generateHfmPicks(t.app.ctx, asAdmin(), {}, next);
    expect(answer.generated).toBe(true);
    expectPicksShape(answer, nextMonth);

    const previous = await t.app.ctx.db
      .select({ isHfmPicks: playlists.isHfmPicks })
      .from(playlists)
      .where(
        inArray(
          playlists.id,
          current.playlists.map((playlist) => playlist.id),
        ),
      );
    expect(previous.map((row) => row.isHfmPicks)).toEqual([false, false, false]);
    const home = await injectAs(t, fan, {
      method: 'GET',
      url: '/api/playlists/agg/member-home-lists',
    });
    expect(home.json().hfmPicks.map((card: { id: string }) => card.id)).toEqual(
      answer.playlists.map((playlist) => playlist.id),
    );
    // The earlier playlists stay, as ordinary playlists.
    const kept = await t.app.inject({ method: 'GET', url: `/api/playlists/${current.playlists[0]!.id}` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().playlist.isHFMPicks).toBe(false);
  });

  it('leaves out an artist who opts out or stops being ACTIVE from later months', async () => {
    const answer = await generateHfmPicks(t.app.ctx, asAdmin(), {}, new Date('2000-06-01T00:00:00Z'));
    const [leaver, stopped] = answer.playlists[0]!.tracks.map((track) => track.artistID);
    await setArtist(t.app, leaver!, { hfmPicksOptIn: false });
    await setArtist(t.app, stopped!, { status: 'INACTIVE' });
    const later = await generateHfmPicks(t.app.ctx, asAdmin(), {}, new Date('2000-07-01T00:00:00Z'));
    const artists = later.playlists.flatMap((playlist) => playlist.tracks.map((track) => track.artistID));
    expect(artists).toHaveLength(15);
    expect(artists).not.toContain(leaver);
    expect(artists).not.toContain(stopped);
  });
});
