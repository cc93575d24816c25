import type { GenrePage, PlaylistPage } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../platform/db/schema/catalogue.js';
import { createArtistRows, createGenre, createPlaylist, createSong } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { GENRE_ARTIST_LIMIT, GENRE_SONG_LIMIT } from './discovery.repository.js';

/**
 * Genre and playlist pages, public. The genre `jazz` has 49 ACTIVE artists (day 1 to 49), a PENDING and an
 * INACTIVE one; its newest artist has 55 released songs and songs that are not out.
 */
let t: TestApp;
let jazz: string;
let emptyGenre: string;
const jazzArtists: string[] = [];
const other = {} as Record<'pending' | 'inactive', string>;
const hiddenSongs: string[] = [];
const releasedSongs: string[] = [];
let mixtape: string;
let mixtapeOrder: string[] = [];

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n));
const isoDay = (n: number) => day(n).toISOString().slice(0, 10);

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  jazz = await createGenre(t.app, 'Test Jazz');
  emptyGenre = await createGenre(t.app, 'Test Nothing Yet');
  const rows = Array.from({ length: GENRE_ARTIST_LIMIT + 1 }, (_, n) => ({ genreId: jazz, createdAt: day(n + 1) }));
  jazzArtists.push(...(await createArtistRows(t.app, rows)).map((row) => row.id));
  const [pending, inactive] = await createArtistRows(t.app, [
    { genreId: jazz, status: 'PENDING', createdAt: day(100) },
    { genreId: jazz, status: 'INACTIVE', createdAt: day(100) },
  ]);
  Object.assign(other, { pending: pending!.id, inactive: inactive!.id });
  const newest = jazzArtists.at(-1)!;
  const songRows = await t.app.ctx.db
    .insert(songs)
    .values(
      Array.from({ length: GENRE_SONG_LIMIT + 5 }, (_, n) => ({
        artistId: newest,
        status: 'ready',
        title: `Jazz ${n + 1}`,
        releaseDate: isoDay(n + 1),
      })),
    )
    .returning({ id: songs.id });
  releasedSongs.push(...songRows.map((row) => row.id));
  hiddenSongs.push(
    (await createSong(t.app, newest, { title: 'Pending', releaseDate: isoDay(300) })).id,
    (await createSong(t.app, newest, { status: 'ready', active: false, releaseDate: isoDay(300) })).id,
    (await createSong(t.app, newest, { status: 'ready', releaseDate: '2999-01-01' })).id,
    (await createSong(t.app, other.pending, { status: 'ready', releaseDate: isoDay(300) })).id,
    (await createSong(t.app, other.inactive, { status: 'ready', releaseDate: isoDay(300) })).id,
  );
  mixtapeOrder = [releasedSongs[7]!, releasedSongs[2]!, releasedSongs[40]!];
  mixtape = await createPlaylist(t.app, { title: 'Mixtape', isHfmRadio: true, artwork: 'playlist-images/m/a.png' }, [
    mixtapeOrder[0]!,
    hiddenSongs[0]!,
    mixtapeOrder[1]!,
    hiddenSongs[3]!,
    hiddenSongs[4]!,
    hiddenSongs[2]!,
    mixtapeOrder[2]!,
  ]);
});
afterAll(async () => t.close());

describe('GET /api/genres/{id}/page', () => {
  it('is 400 for an id that is not a UUID', async () => {
    const res = await get('/api/genres/jazz/page');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION', fields: { id: 'Not a genre id.' } } });
  });

  it("is 404 'No such genre.' for an unknown genre", async () => {
    const res = await get(`/api/genres/${crypto.randomUUID()}/page`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such genre.' } });
  });

  it('answers a genre nobody plays yet with empty lists', async () => {
    const res = await get(`/api/genres/${emptyGenre}/page`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      genre: { _id: emptyGenre, id: emptyGenre, label: 'Test Nothing Yet', artwork: null },
      artists: [],
      songs: [],
    });
  });

  it('answers its 48 newest ACTIVE artists, newest first, to anyone', async () => {
    const res = await get(`/api/genres/${jazz}/page`);
    expect(res.statusCode).toBe(200);
    const page = res.json<GenrePage>();
    expect(page.genre).toMatchObject({ _id: jazz, label: 'Test Jazz' });
    expect(page.artists.map((a) => a.id)).toEqual(jazzArtists.slice(1).reverse());
    expect(page.artists[0]).toMatchObject({ _id: jazzArtists.at(-1), genre: { id: jazz, label: 'Test Jazz' } });
  });

  it('answers the 50 newest released songs of its ACTIVE artists, newest first', async () => {
    const page = (await get(`/api/genres/${jazz}/page`)).json<GenrePage>();
    expect(page.songs.map((s) => s.id)).toEqual(releasedSongs.slice(-GENRE_SONG_LIMIT).reverse());
    expect(page.songs.map((s) => s.id).filter((id) => hiddenSongs.includes(id))).toEqual([]);
  });

  it('answers an ETag, and a 304 to a repeat visit', async () => {
    const first = await get(`/api/genres/${jazz}/page`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(`/api/genres/${jazz}/page`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/playlists/{id}', () => {
  it('is 400 for an id that is not a UUID', async () => {
    const res = await get('/api/playlists/mixtape');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION', fields: { id: 'Not a playlist id.' } } });
  });

  it("is 404 'No such playlist.' for an unknown playlist", async () => {
    const res = await get(`/api/playlists/${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such playlist.' } });
  });

  it('answers the playlist and its released songs in its order, leaving out what fans cannot hear', async () => {
    const res = await get(`/api/playlists/${mixtape}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<PlaylistPage>();
    expect(page.playlist).toMatchObject({
      _id: mixtape,
      id: mixtape,
      title: 'Mixtape',
      isHFMRadio: true,
      artworkPath: '/media/playlist-images/m/a.png',
      songCount: 3,
    });
    expect(page.songs.map((s) => s.id)).toEqual(mixtapeOrder);
  });

  it('answers an ETag, and a 304 to a repeat visit', async () => {
    const first = await get(`/api/playlists/${mixtape}`);
    const again = await get(`/api/playlists/${mixtape}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });
});
