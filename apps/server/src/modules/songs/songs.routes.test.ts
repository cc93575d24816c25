import crypto from 'node:crypto';
import { pagedSongs, releaseDateMessage } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createSong, signIn, type TestArtist } from '../../test/factories.js';
import { createRouteCast, injectAs, type RouteCast } from '../../test/route-cast.js';
import { recordStatements } from '../../test/statements.js';
import type { TestApp } from '../../test/test-app.js';
import { updateSongRow } from './songs.repository.js';

let t: TestApp;
let artist: TestArtist;
let otherArtist: TestArtist;
let pendingArtist: TestArtist;
let cookie: RouteCast['cookie'] & { pendingArtist: string };

beforeAll(async () => {
  const cast = await createRouteCast();
  ({ t, artist, otherArtist } = cast);
  pendingArtist = await createArtist(t.app);
  cookie = { ...cast.cookie, pendingArtist: await signIn(t.app, pendingArtist) };
});
afterAll(async () => t.close());

const post = (who: string | undefined, payload: object) =>
  injectAs(t, who, { method: 'POST', url: '/api/songs', payload });
const get = (who: string | undefined, url: string) => injectAs(t, who, { method: 'GET', url });
const put = (who: string | undefined, id: string, payload: object) =>
  injectAs(t, who, { method: 'PUT', url: `/api/songs/${id}`, payload });

describe('POST /api/songs', () => {
  it('asks the signed-out to sign in and refuses fans', async () => {
    const anonymous = await post(undefined, { releaseDate: '03/15/2024' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const fan = await post(cookie.fan, { releaseDate: '03/15/2024' });
    expect(fan.statusCode).toBe(403);
    expect(fan.json().error.code).toBe('FORBIDDEN');
  });

  it.each([
    ['missing', {}],
    ['month 13, day 45', { releaseDate: '13/45/2020' }],
    ['a day the month does not have', { releaseDate: '02/30/2023' }],
    ['ISO order', { releaseDate: '2024-03-15' }],
    ['a number', { releaseDate: 20240315 }],
  ])('needs a release date as MM/DD/YYYY (%s)', async (_, payload) => {
    const res = await post(cookie.artist, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      message: releaseDateMessage,
      fields: { releaseDate: releaseDateMessage },
    });
  });

  it('creates a pending song with the spec defaults, for the signed-in artist', async () => {
    const res = await post(cookie.artist, { releaseDate: '03/15/2024' });
    expect(res.statusCode).toBe(201);
    const song = res.json();
    expect(song).toMatchObject({
      artistID: artist.artistId,
      title: 'Untitled',
      status: 'pending',
      explicit: false,
      plays: 0,
      hifives: 0,
      isFullPreview: false,
      fullPreviewPosition: 0,
      active: true,
      releaseDate: '03/15/2024',
      albumIDs: [],
      albumID: null,
      failureReason: null,
    });
    expect(song._id).toBe(song.id);
    expect((await get(cookie.artist, `/api/songs/${song.id}`)).json()).toEqual(song);
  });

  it.each([null, '', '   '])('titles a song "Untitled" when the title is %j', async (title) => {
    const res = await post(cookie.artist, { title, releaseDate: '01/02/2025' });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Untitled');
  });

  it('keeps the given fields, trimmed, and echoes other date separators as MM/DD/YYYY', async () => {
    const res = await post(cookie.artist, {
      title: '  Night Drive ',
      releaseDate: '12-31-2030',
      explicit: true,
      trackNumber: 3,
      ISRC: 'us-s1z-99-00001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Night Drive',
      releaseDate: '12/31/2030',
      explicit: true,
      trackNumber: 3,
      ISRC: 'US-S1Z-99-00001',
    });
  });

  it('refuses an artist creating a song for another artist, and creates nothing', async () => {
    const res = await post(cookie.artist, { releaseDate: '03/15/2024', artistID: otherArtist.artistId });
    expect(res.statusCode).toBe(403);
    const list = await get(cookie.otherArtist, `/api/songs/artist/${otherArtist.artistId}`);
    expect(list.json().pagination.total).toBe(0);
  });

  it('lets an admin create a song for a named artist', async () => {
    const res = await post(cookie.admin, {
      title: 'By Admin',
      releaseDate: '03/15/2024',
      artistID: otherArtist.artistId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ artistID: otherArtist.artistId, title: 'By Admin', status: 'pending' });
    await injectAs(t, cookie.admin, { method: 'DELETE', url: `/api/songs/${res.json().id}` });
  });

  it('asks an admin which artist, and answers 404 for an unknown artist', async () => {
    const without = await post(cookie.admin, { releaseDate: '03/15/2024' });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields).toHaveProperty('artistID');
    const unknown = await post(cookie.admin, { releaseDate: '03/15/2024', artistID: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it("files the song in the artist's own albums only", async () => {
    const own = await createAlbum(t.app, artist.artistId, { name: 'Own' });
    const foreign = await createAlbum(t.app, otherArtist.artistId, { name: 'Foreign' });
    const ok = await post(cookie.artist, { releaseDate: '03/15/2024', albumIDs: [own.id] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ albumIDs: [own.id], albumID: own.id });
    const refused = await post(cookie.artist, { releaseDate: '03/15/2024', albumIDs: [own.id, foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('albumIDs');
  });
});

describe('GET /api/songs/{id}', () => {
  it('shows a pending song to its artist and admins only', async () => {
    const song = await createSong(t.app, artist.artistId);
    expect((await get(cookie.artist, `/api/songs/${song.id}`)).statusCode).toBe(200);
    expect((await get(cookie.admin, `/api/songs/${song.id}`)).statusCode).toBe(200);
    for (const who of [undefined, cookie.fan, cookie.otherArtist]) {
      const res = await get(who, `/api/songs/${song.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('shows a ready, active song of an active artist to everyone', async () => {
    const song = await createSong(t.app, artist.artistId, { status: 'ready', title: 'Out Now' });
    for (const who of [undefined, cookie.fan, cookie.otherArtist, cookie.artist, cookie.admin]) {
      const res = await get(who, `/api/songs/${song.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: song.id, title: 'Out Now', status: 'ready' });
    }
  });

  it('hides an inactive song and the songs of an artist not yet approved', async () => {
    const inactive = await createSong(t.app, artist.artistId, { status: 'ready', active: false });
    const unapproved = await createSong(t.app, pendingArtist.artistId, { status: 'ready' });
    expect((await get(cookie.fan, `/api/songs/${inactive.id}`)).statusCode).toBe(404);
    expect((await get(cookie.artist, `/api/songs/${inactive.id}`)).statusCode).toBe(200);
    expect((await get(undefined, `/api/songs/${unapproved.id}`)).statusCode).toBe(404);
    expect((await get(cookie.pendingArtist, `/api/songs/${unapproved.id}`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a UUID and 404 for an unknown one', async () => {
    const bad = await get(cookie.admin, '/api/songs/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const unknown = await get(cookie.admin, `/api/songs/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });
});

describe('PUT /api/songs/{id}', () => {
  it('updates the Edit Song Info fields for the owner', async () => {
    const song = await createSong(t.app, artist.artistId);
    const res = await put(cookie.artist, song.id, {
      title: 'Edited',
      additionalArtists: 'Guest',
      publisher: 'Pub',
      songWriters: 'A, B',
      ISRC: 'GBAYE0601498',
      explicit: true,
      releaseDate: '07/04/2026',
      trackNumber: 2,
      isExclusive: true,
      comment: 'Live take',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      title: 'Edited',
      additionalArtists: 'Guest',
      publisher: 'Pub',
      songWriters: 'A, B',
      ISRC: 'GBAYE0601498',
      explicit: true,
      releaseDate: '07/04/2026',
      trackNumber: 2,
      isExclusive: true,
      comment: 'Live take',
    };
    expect(res.json()).toMatchObject(expected);
    expect((await get(cookie.artist, `/api/songs/${song.id}`)).json()).toMatchObject(expected);
  });

  it('ignores fields the artist does not edit (status, plays, hifives, artistID)', async () => {
    const song = await createSong(t.app, artist.artistId);
    const res = await put(cookie.artist, song.id, {
      title: 'Sneaky',
      status: 'ready',
      plays: 1000,
      hifives: 50,
      artistID: otherArtist.artistId,
      mediaPrefix: 'elsewhere/',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Sneaky', status: 'pending', plays: 0, hifives: 0 });
    expect(res.json().artistID).toBe(artist.artistId);
  });

  it('lets an admin edit any song; refuses other artists, fans and the signed-out', async () => {
    const song = await createSong(t.app, artist.artistId, { title: 'Original', status: 'ready' });
    expect((await put(undefined, song.id, { title: 'X' })).statusCode).toBe(401);
    expect((await put(cookie.fan, song.id, { title: 'X' })).statusCode).toBe(403);
    const other = await put(cookie.otherArtist, song.id, { title: 'X' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    // docs/decisions/0006: someone else's unreleased song is hidden, so changing it is a 404.
    const pending = await createSong(t.app, artist.artistId, { title: 'Original' });
    expect((await put(cookie.otherArtist, pending.id, { title: 'X' })).json().error.code).toBe('NOT_FOUND');
    expect((await get(cookie.artist, `/api/songs/${pending.id}`)).json().title).toBe('Original');
    expect((await get(cookie.artist, `/api/songs/${song.id}`)).json().title).toBe('Original');
    const admin = await put(cookie.admin, song.id, { title: 'By Admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().title).toBe('By Admin');
  });

  it.each(['US-S1Z-99', 'hello', 'USS1Z99000011'])('refuses the ISRC %j', async (ISRC) => {
    const song = await createSong(t.app, artist.artistId);
    const res = await put(cookie.artist, song.id, { ISRC });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.ISRC).toBe('Please enter a valid ISRC (e.g. US-S1Z-99-00001).');
  });

  it('clears the ISRC with an empty string and refuses a bad release date', async () => {
    const song = await createSong(t.app, artist.artistId, { isrc: 'USS1Z9900001' });
    expect((await put(cookie.artist, song.id, { ISRC: '' })).json().ISRC).toBeNull();
    const res = await put(cookie.artist, song.id, { releaseDate: '13/45/2020' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.releaseDate).toBe(releaseDateMessage);
  });

  it("sets albumIDs to the artist's own albums only", async () => {
    const singles = await createAlbum(t.app, artist.artistId, { name: 'Singles' });
    const lp = await createAlbum(t.app, artist.artistId, { name: 'LP' });
    const foreign = await createAlbum(t.app, otherArtist.artistId, { name: 'Theirs' });
    const song = await createSong(t.app, artist.artistId);
    const ok = await put(cookie.artist, song.id, { albumIDs: [singles.id, lp.id] });
    expect(ok.statusCode).toBe(200);
    expect([...ok.json().albumIDs].sort()).toEqual([singles.id, lp.id].sort());
    for (const albumIDs of [[foreign.id], [crypto.randomUUID()], ['not-a-uuid']]) {
      const res = await put(cookie.artist, song.id, { albumIDs });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join()).toContain('albumIDs');
    }
    expect([...(await get(cookie.artist, `/api/songs/${song.id}`)).json().albumIDs].sort()).toEqual(
      [singles.id, lp.id].sort(),
    );
    const cleared = await put(cookie.artist, song.id, { albumIDs: [] });
    expect(cleared.json()).toMatchObject({ albumIDs: [], albumID: null });
  });

  it('answers 404 for an unknown song and 400 for wrong types', async () => {
    expect((await put(cookie.admin, crypto.randomUUID(), { title: 'X' })).statusCode).toBe(404);
    const song = await createSong(t.app, artist.artistId);
    for (const payload of [{ explicit: 'yes' }, { trackNumber: 'one' }, { title: 5 }, { trackNumber: 0 }]) {
      const res = await put(cookie.artist, song.id, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(Object.keys(payload));
    }
  });
});

describe('DELETE /api/songs/remove/{id} and /api/songs/{id}', () => {
  async function songWithFiles(artistId: string) {
    const song = await createSong(t.app, artistId, { status: 'ready' });
    const mediaPrefix = `songs/test_${artistId}/${song.id}/`;
    await updateSongRow(t.app.ctx.db, song.id, { mediaPrefix, streamFile: `${mediaPrefix}stream/master.m3u8` });
    await t.app.ctx.storage.put(`${mediaPrefix}original.wav`, Buffer.from('RIFF'), 'audio/wav');
    await t.app.ctx.storage.put(`${mediaPrefix}stream/master.m3u8`, Buffer.from('#EXTM3U'), 'audio/mpegurl');
    return { song, mediaPrefix };
  }

  it.each(['/api/songs/remove/', '/api/songs/'])(
    'deletes the song and every stored file under its media folder (%s)',
    async (route) => {
      const { song, mediaPrefix } = await songWithFiles(artist.artistId);
      const neighbour = await songWithFiles(artist.artistId);
      const album = await createAlbum(t.app, artist.artistId, { songIds: [song.id, neighbour.song.id] });
      const res = await injectAs(t, cookie.artist, { method: 'DELETE', url: `${route}${song.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: song.id, deleted: true });
      expect((await get(cookie.artist, `/api/songs/${song.id}`)).statusCode).toBe(404);
      expect(await t.app.ctx.storage.stat(`${mediaPrefix}original.wav`)).toBeNull();
      expect(await t.app.ctx.storage.stat(`${mediaPrefix}stream/master.m3u8`)).toBeNull();
      expect(await t.app.ctx.storage.stat(`${neighbour.mediaPrefix}original.wav`)).not.toBeNull();
      expect((await get(cookie.artist, `/api/albums/${album.id}`)).json().songs).toEqual([neighbour.song.id]);
    },
  );

  it('refuses other artists, fans and the signed-out, keeping the song and its files; admins may', async () => {
    const { song, mediaPrefix } = await songWithFiles(artist.artistId);
    for (const [who, status] of [
      [undefined, 401],
      [cookie.fan, 403],
      [cookie.otherArtist, 403],
    ] as const) {
      expect((await injectAs(t, who, { method: 'DELETE', url: `/api/songs/remove/${song.id}` })).statusCode).toBe(
        status,
      );
      expect((await injectAs(t, who, { method: 'DELETE', url: `/api/songs/${song.id}` })).statusCode).toBe(status);
    }
    expect((await get(cookie.artist, `/api/songs/${song.id}`)).statusCode).toBe(200);
    expect(await t.app.ctx.storage.stat(`${mediaPrefix}original.wav`)).not.toBeNull();
    const admin = await injectAs(t, cookie.admin, { method: 'DELETE', url: `/api/songs/${song.id}` });
    expect(admin.statusCode).toBe(200);
    expect(await t.app.ctx.storage.stat(`${mediaPrefix}original.wav`)).toBeNull();
  });

  it('answers 404 for an unknown song and 400 for a bad id', async () => {
    expect(
      (await injectAs(t, cookie.admin, { method: 'DELETE', url: `/api/songs/${crypto.randomUUID()}` })).statusCode,
    ).toBe(404);
    expect((await injectAs(t, cookie.admin, { method: 'DELETE', url: '/api/songs/remove/123' })).statusCode).toBe(400);
  });
});

describe('GET /api/songs/artist/{artistID}', () => {
  let lister: TestArtist;
  let listerCookie: string;
  const readyIds: string[] = [];

  beforeAll(async () => {
    lister = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    listerCookie = await signIn(t.app, lister);
    for (let i = 0; i < 14; i++) {
      const status = i % 2 === 0 ? 'ready' : i % 3 === 0 ? 'failed' : 'pending';
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
      const song = await createSong(t.app, lister.artistId, { title: `Song ${i}`, status, createdAt });
      if (status === 'ready') readyIds.push(song.id);
    }
    await createSong(t.app, artist.artistId, { status: 'ready' });
  });

  it('pages 12 at a time for the owner, with every status, newest first', async () => {
    const first = await get(listerCookie, `/api/songs/artist/${lister.artistId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(12);
    expect(first.json().pagination).toEqual({ page: 1, limit: 12, total: 14, pageCount: 2, hasMore: true });
    expect(first.json().items[0].title).toBe('Song 13');
    const second = await get(listerCookie, `/api/songs/artist/${lister.artistId}?page=2`);
    expect(second.json().pagination).toEqual({ page: 2, limit: 12, total: 14, pageCount: 2, hasMore: false });
    const ids = [...first.json().items, ...second.json().items].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(14);
    const statuses = new Set([...first.json().items, ...second.json().items].map((s: { status: string }) => s.status));
    expect([...statuses].sort()).toEqual(['failed', 'pending', 'ready']);
    expect(first.json().items.every((s: { artistID: string }) => s.artistID === lister.artistId)).toBe(true);
  });

  it('honours limit and shows an admin every status', async () => {
    const res = await get(cookie.admin, `/api/songs/artist/${lister.artistId}?page=3&limit=5`);
    expect(res.json().items).toHaveLength(4);
    expect(res.json().pagination).toEqual({ page: 3, limit: 5, total: 14, pageCount: 3, hasMore: false });
  });

  it('shows everyone else only the ready songs', async () => {
    for (const who of [undefined, cookie.fan, cookie.otherArtist]) {
      const res = await get(who, `/api/songs/artist/${lister.artistId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().pagination).toMatchObject({ total: readyIds.length, pageCount: 1, hasMore: false });
      expect(
        res
          .json()
          .items.map((s: { id: string }) => s.id)
          .sort(),
      ).toEqual([...readyIds].sort());
    }
  });

  it('hides an artist not yet approved from everyone but itself and admins', async () => {
    await createSong(t.app, pendingArtist.artistId, { status: 'ready' });
    for (const who of [undefined, cookie.fan, cookie.otherArtist]) {
      expect((await get(who, `/api/songs/artist/${pendingArtist.artistId}`)).statusCode).toBe(404);
    }
    expect((await get(cookie.pendingArtist, `/api/songs/artist/${pendingArtist.artistId}`)).statusCode).toBe(200);
    expect((await get(cookie.admin, `/api/songs/artist/${pendingArtist.artistId}`)).statusCode).toBe(200);
  });

  it("answers each song's albums, the oldest album first", async () => {
    const [song] = readyIds;
    const older = await createAlbum(t.app, lister.artistId, {
      songIds: [song!],
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    const newer = await createAlbum(t.app, lister.artistId, {
      songIds: [song!],
      createdAt: new Date(Date.UTC(2025, 5, 1)),
    });
    const listed = (await get(undefined, `/api/songs/artist/${lister.artistId}`)).json().items;
    expect(listed.find((item: { id: string }) => item.id === song)).toMatchObject({
      albumID: older.id,
      albumIDs: [older.id, newer.id],
    });
    expect(
      listed.filter((item: { id: string }) => item.id !== song).map((item: { albumIDs: string[] }) => item.albumIDs),
    ).toEqual(Array(readyIds.length - 1).fill([]));
    expect((await get(undefined, `/api/songs/${song}`)).json().albumIDs).toEqual([older.id, newer.id]);
  });

  it('asks the database one access statement beside the session, the page and the count (decision 0061)', async () => {
    const url = `/api/songs/artist/${lister.artistId}`;
    const statements = async (who: string | undefined) => {
      await get(who, url); // a session last seen over 5 minutes ago is stamped on this one, not the next
      return (await recordStatements(t, () => get(who, url))).length;
    };
    // The session, the artist of an ARTIST account, the access check, the page with its albums, the count.
    expect(await statements(listerCookie)).toBe(5);
    expect(await statements(cookie.fan)).toBe(4);
    expect(await statements(undefined)).toBe(3);
  });

  it("answers what the schema declares, nothing more: zod's check of the answer, run here (decision 0066)", async () => {
    // The route writes its answer by projection onto the schema, not through zod: the answers of every kind of
    // caller parse under the schema, and zod's answer (which drops undeclared keys) is the same bytes.
    await updateSongRow(t.app.ctx.db, readyIds[0]!, { loudness: { integratedLufs: -14, truePeakDb: -1, lra: 6 } });
    for (const who of [listerCookie, cookie.fan, undefined, cookie.admin]) {
      const res = await get(who, `/api/songs/artist/${lister.artistId}`);
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(pagedSongs.parse(JSON.parse(res.body)))).toBe(res.body);
    }
  });

  it('answers 404 for an unknown artist and 400 for bad ids or paging', async () => {
    expect((await get(cookie.admin, `/api/songs/artist/${crypto.randomUUID()}`)).statusCode).toBe(404);
    for (const url of [
      '/api/songs/artist/nope',
      `/api/songs/artist/${lister.artistId}?page=0`,
      `/api/songs/artist/${lister.artistId}?page=abc`,
      `/api/songs/artist/${lister.artistId}?limit=0`,
      `/api/songs/artist/${lister.artistId}?limit=100000`,
    ]) {
      const res = await get(listerCookie, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('GET /api/songs', () => {
  it('shows listeners only ready, active songs of approved artists; an artist also its own; admins every song', async () => {
    const ready = await createSong(t.app, artist.artistId, { status: 'ready' });
    const pending = await createSong(t.app, artist.artistId);
    const inactive = await createSong(t.app, artist.artistId, { status: 'ready', active: false });
    const unapproved = await createSong(t.app, pendingArtist.artistId, { status: 'ready' });
    const idsFor = async (who: string | undefined) =>
      (await get(who, '/api/songs?limit=100')).json().items.map((s: { id: string }) => s.id) as string[];
    for (const who of [undefined, cookie.fan, cookie.otherArtist]) {
      const ids = await idsFor(who);
      expect(ids).toContain(ready.id);
      expect(ids).not.toContain(pending.id);
      expect(ids).not.toContain(inactive.id);
      expect(ids).not.toContain(unapproved.id);
    }
    const own = await idsFor(cookie.artist);
    for (const song of [ready, pending, inactive]) expect(own).toContain(song.id);
    expect(own).not.toContain(unapproved.id);
    const all = await idsFor(cookie.admin);
    for (const song of [ready, pending, inactive, unapproved]) expect(all).toContain(song.id);
  });
});
