import { artistSlug, SLUG_PATTERN } from '@hfm/shared';
import { and, asc, eq, inArray, like, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { albums, albumSongs, artists, playlists, playlistSongs, songs, users } from '../platform/db/schema.js';
import { createAdmin, signIn } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_AUDIO_PREFIX } from './catalogue-audio.js';
import { allocateSongs, planArtists, SEED_EMAIL_DOMAIN } from './catalogue-plan.js';
import { previousMonth } from './catalogue-playlists.js';
import { SeededRandom } from './seeded-random.js';
import { injectAs } from '../test/route-cast.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function seed(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['seed-demo', ...argv], {
    env: { DATA_DIR: t.dataDir },
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    database: t.app.ctx.platform.database,
    storage: t.app.ctx.storage,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const seededUsers = like(users.email, `%@${SEED_EMAIL_DOMAIN}`);

async function seededArtists() {
  return t.app.ctx.db
    .select({ artist: artists })
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .where(seededUsers)
    .then((rows) => rows.map((row) => row.artist));
}

/** A signed media URL as the app answers it, as a path inject() can ask for. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('the plan of the large demo catalogue', () => {
  const input = {
    artists: 300,
    songs: 4000,
    seed: 'test',
    genres: [
      { id: '00000000-0000-4000-8000-000000000001', label: 'Rock' },
      { id: '00000000-0000-4000-8000-000000000002', label: 'Jazz' },
    ],
    takenSlugs: new Set(['the-demo-tapes']),
    featuredAlready: 0,
    songClips: ['daybreak', 'undertow'],
    now: new Date('2026-01-01T00:00:00Z'),
  };

  it('is the same for the same seed and differs for another', () => {
    const names = (seed: string) => planArtists({ ...input, seed }).map((artist) => [artist.name, artist.userId]);
    expect(names('test')).toEqual(names('test'));
    expect(names('other')).not.toEqual(names('test'));
  });

  it('gives each artist a unique slug by the artistSlug rule, with -2, -3 for slugs already taken', () => {
    const planned = planArtists(input);
    const slugs = planned.map((artist) => artist.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const artist of planned) {
      const base = artistSlug(artist.name);
      expect(artist.slug === base || new RegExp(`^${base}-\\d+$`).test(artist.slug), artist.slug).toBe(true);
      expect(artist.slug).toMatch(SLUG_PATTERN);
    }
    const first = planned[0]!;
    const taken = new Set([first.slug, `${first.slug}-2`]);
    expect(planArtists({ ...input, takenSlugs: taken })[0]!.slug).toBe(`${first.slug}-3`);
  });

  it('splits the songs exactly, at least one per artist when there are enough', () => {
    for (const [count, total] of [
      [300, 4000],
      [7, 7],
      [10, 3],
      [1, 50],
    ] as const) {
      const counts = allocateSongs(new SeededRandom('x'), count, total, () => 1);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      if (total >= count) expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('seed-demo --artists --songs', () => {
  it('refuses a count that is not a whole number', async () => {
    const result = await seed(['--artists', 'lots']);
    expect(result.code).toBe(1);
    expect(result.err).toBe('Error: --artists must be a whole number from 0 to 1,000,000 (got "lots").');
    expect(await seededArtists()).toHaveLength(0);
  });

  it('makes the catalogue: artists with unique slugs, every song ready on stored media, albums, playlists', async () => {
    const result = await seed(['--artists', '20', '--songs', '100']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Songs: 100 of 100 (100%');
    expect(result.out).toContain('Seeded the demo catalogue in');

    const seeded = await seededArtists();
    expect(seeded).toHaveLength(20);
    const allSlugs = (await t.app.ctx.db.select({ slug: artists.slug }).from(artists)).map((row) => row.slug);
    expect(allSlugs.every((slug) => slug !== null && SLUG_PATTERN.test(slug))).toBe(true);
    expect(new Set(allSlugs).size).toBe(allSlugs.length);
    expect(seeded.filter((artist) => artist.status === 'PENDING')).toHaveLength(1);
    expect(seeded.filter((artist) => artist.status === 'INACTIVE')).toHaveLength(1);
    for (const artist of seeded.filter((row) => row.status === 'ACTIVE')) expect(artist.isSearchable).toBe(true);
    expect(seeded.find((artist) => artist.status === 'PENDING')?.isSearchable).toBe(false);
    const positions = seeded.filter((artist) => artist.isFeatured).map((artist) => artist.featuredPosition);
    expect(positions.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);

    const ids = seeded.map((artist) => artist.id);
    const rows = await t.app.ctx.db.select().from(songs).where(inArray(songs.artistId, ids));
    expect(rows).toHaveLength(100);
    expect(rows.every((song) => song.status === 'ready' && song.duration !== null && song.peaks?.length === 1000)).toBe(
      true,
    );
    expect(rows.some((song) => song.isFullPreview)).toBe(true);
    const keys = new Set(
      rows.flatMap((song) => [
        song.streamFile,
        song.dashManifest,
        song.previewFile,
        song.downloadFile,
        ...Object.values(song.downloadFiles ?? {}),
      ]),
    );
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^${DEMO_AUDIO_PREFIX}`));
      expect(await t.app.ctx.storage.stat(key!), key!).not.toBeNull();
    }

    const albumRows = await t.app.ctx.db.select().from(albums).where(inArray(albums.artistId, ids));
    expect(albumRows.length).toBeGreaterThan(0);
    for (const album of albumRows) {
      const tracks = await t.app.ctx.db
        .select({ position: albumSongs.position, trackNumber: songs.trackNumber })
        .from(albumSongs)
        .innerJoin(songs, eq(songs.id, albumSongs.songId))
        .where(eq(albumSongs.albumId, album.id))
        .orderBy(asc(albumSongs.position));
      expect(tracks.map((track) => track.position)).toEqual(tracks.map((_, index) => index));
      expect(tracks.map((track) => track.trackNumber)).toEqual(tracks.map((_, index) => index + 1));
    }

    const lists = await t.app.ctx.db.select().from(playlists);
    const frontPage = lists.filter((list) => list.showOnFrontPage).map((list) => list.position);
    expect(frontPage.sort()).toEqual([0, 1, 2, 3]);
    const picks = lists.filter((list) => list.isHfmPicks);
    expect(picks.map((list) => [list.title, list.hfmPicksPosition]).sort()).toEqual([
      ['Fall Driving', 3],
      ['Night Driving', 2],
      ['Summer Driving', 1],
    ]);
    // Last month's, so an admin's first generation makes this month's (docs/decisions/0022).
    expect(new Set(picks.map((list) => list.picksMonth))).toEqual(new Set([previousMonth(new Date())]));
    expect(lists.filter((list) => list.isHfmRadio).length).toBeGreaterThan(0);
    for (const list of lists) {
      const entries = await t.app.ctx.db.select().from(playlistSongs).where(eq(playlistSongs.playlistId, list.id));
      expect(entries.length, list.title).toBeGreaterThan(0);
    }
  }, 240_000);

  it('makes songs anyone can play: the preview and, for full-preview songs, the stream', async () => {
    const active = (await seededArtists()).filter((artist) => artist.status === 'ACTIVE').map((artist) => artist.id);
    // Songs on HFM Radio or HFM Picks play in full for everyone too (docs/decisions/0022): not one of those.
    const onPlaylists = t.app.ctx.db.select({ id: playlistSongs.songId }).from(playlistSongs);
    const [ordinary] = await t.app.ctx.db
      .select()
      .from(songs)
      .where(and(inArray(songs.artistId, active), eq(songs.isFullPreview, false), notInArray(songs.id, onPlaylists)))
      .limit(1);
    const play = await t.app.inject({ method: 'GET', url: `/api/songs/${ordinary!.id}/play` });
    expect(play.statusCode).toBe(200);
    expect(play.json()).toMatchObject({ full: false, hls: null, playableSeconds: 45 });
    const preview = await t.app.inject({ method: 'GET', url: pathOf(play.json<{ preview: string }>().preview) });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mp4');
    expect(preview.rawPayload.length).toBeGreaterThan(10_000);

    const [full] = await t.app.ctx.db
      .select()
      .from(songs)
      .where(and(inArray(songs.artistId, active), eq(songs.isFullPreview, true)))
      .limit(1);
    const fullPlay = await t.app.inject({ method: 'GET', url: `/api/songs/${full!.id}/play` });
    expect(fullPlay.json()).toMatchObject({ full: true });
    const hls = await t.app.inject({ method: 'GET', url: pathOf(fullPlay.json<{ hls: string }>().hls) });
    expect(hls.statusCode).toBe(200);
    expect(hls.body).toContain('#EXTM3U');
  });

  it('deleting a seeded song leaves the clip the other songs share', async () => {
    const admin = await createAdmin(t.app);
    const cookie = await signIn(t.app, admin);
    const [song] = await t.app.ctx.db
      .select()
      .from(songs)
      .where(like(songs.previewFile, `${DEMO_AUDIO_PREFIX}%`))
      .limit(1);
    const removed = await injectAs(t, cookie, { method: 'DELETE', url: `/api/songs/remove/${song!.id}` });
    expect(removed.statusCode).toBe(200);
    expect(await t.app.ctx.storage.stat(song!.previewFile!)).not.toBeNull();
    expect(await t.app.ctx.storage.stat(song!.streamFile!)).not.toBeNull();
  });

  it('refuses a second run clearly and changes nothing', async () => {
    const before = await t.app.ctx.db.select({ id: songs.id }).from(songs);
    const again = await seed(['--artists', '20', '--songs', '100']);
    expect(again.code).toBe(1);
    expect(again.err).toBe(
      `Error: This database already holds a seeded demo catalogue (20 artists with @${SEED_EMAIL_DOMAIN} accounts). ` +
        'Nothing was changed; seed a fresh DATA_DIR or database to make another.',
    );
    expect(await t.app.ctx.db.select({ id: songs.id }).from(songs)).toHaveLength(before.length);
    expect(await seededArtists()).toHaveLength(20);
  });
});
