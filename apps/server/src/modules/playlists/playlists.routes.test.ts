import { adminPlaylist, MAX_PLAYLIST_SONGS, pagedAdminPlaylists, playlistFieldMessages } from '@hfm/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels } from '../../platform/db/schema/catalogue.js';
import {
  createAdmin,
  createArtist,
  createGenre,
  createPlaylist,
  createSong,
  createUser,
  makeImage,
  makeImageDataUrl,
  multipart,
  setArtist,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('curated playlists: create, update, songs, artwork, delete (admins)', () => {
  let t: TestApp;
  let admin: string;
  let fan: string;
  let artistCookie: string;
  let artist: TestArtist;
  let optedOut: TestArtist;
  /** Released songs of `artist` (opted in), and one of `optedOut`. */
  const songs: string[] = [];
  let outSong: string;
  let pendingSong: string;

  beforeAll(async () => {
    t = await createTestApp();
    const adminUser = await createAdmin(t.app);
    admin = await signIn(t.app, adminUser);
    fan = await signIn(t.app, await createUser(t.app));
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'The Curated' } });
    artistCookie = await signIn(t.app, artist);
    optedOut = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Not Opted', hfmPicksOptIn: false } });
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      songs.push((await createSong(t.app, artist.artistId, { title, status: 'ready', duration: 200 })).id);
    }
    outSong = (await createSong(t.app, optedOut.artistId, { title: 'Elsewhere', status: 'ready' })).id;
    pendingSong = (await createSong(t.app, artist.artistId, { title: 'Unfinished' })).id;
  });
  afterAll(async () => t.close());

  const create = (payload: object, cookie = admin) =>
    injectAs(t, cookie, { method: 'POST', url: '/api/playlists/create', payload });
  const update = (id: string, payload: object, method: 'PUT' | 'PATCH' = 'PUT') =>
    injectAs(t, admin, { method, url: `/api/playlists/${id}`, payload });
  const fieldError = (res: { json(): { error: { fields?: Record<string, string> } } }, field: string) =>
    res.json().error.fields?.[field];

  describe('refusals first', () => {
    it('answers 401 signed out and 403 to fans and artists, before the body is read', async () => {
      const signedOut = await injectAs(t, undefined, {
        method: 'POST',
        url: '/api/playlists/create',
        payload: { title: 5 },
      });
      expect(signedOut.statusCode).toBe(401);
      for (const cookie of [fan, artistCookie]) {
        const res = await injectAs(t, cookie, { method: 'POST', url: '/api/playlists/create', payload: { title: 5 } });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });

    it('answers 400 for bad fields, naming each', async () => {
      const blank = await create({ title: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(fieldError(blank, 'title')).toBe(playlistFieldMessages.title);
      expect(fieldError(await create({ position: -2 }), 'position')).toBe(playlistFieldMessages.position);
      expect(fieldError(await create({ position: 1.5 }), 'position')).toBe(playlistFieldMessages.position);
      expect(fieldError(await create({ HFMPicksPosition: 0 }), 'HFMPicksPosition')).toBe(
        playlistFieldMessages.picksPosition,
      );
      expect((await create({ songs: ['not-a-song'] })).statusCode).toBe(400);
      const tooMany = Array.from({ length: MAX_PLAYLIST_SONGS + 1 }, () => crypto.randomUUID());
      expect(fieldError(await create({ songs: tooMany }), 'songs')).toBe(playlistFieldMessages.tooManySongs);
      expect((await create({ isHFMRadio: 'yes' })).statusCode).toBe(400);
    });

    it('refuses songs that are unknown, not ready or twice on the list, and unknown genres and labels', async () => {
      const unknown = crypto.randomUUID();
      const missing = await create({ songs: [unknown] });
      expect(missing.statusCode).toBe(400);
      expect(fieldError(missing, 'songs')).toBe(`No such song: ${unknown}.`);
      expect(fieldError(await create({ songs: [pendingSong] }), 'songs')).toBe(
        "'Unfinished' by The Curated is not ready yet.",
      );
      expect(fieldError(await create({ songs: [songs[0], songs[0]] }), 'songs')).toBe(
        playlistFieldMessages.duplicateSong,
      );
      expect(fieldError(await create({ songs: [songs[0], songs[0]!.toUpperCase()] }), 'songs')).toBe(
        playlistFieldMessages.duplicateSong,
      );
      expect(fieldError(await create({ genre: crypto.randomUUID() }), 'genre')).toBe('No such genre.');
      expect(fieldError(await create({ label: crypto.randomUUID() }), 'label')).toBe('No such label.');
    });
  });

  describe('create and update', () => {
    it("creates with the spec's defaults: Untitled, SONGS, position -1, no flags; the admin is its userID", async () => {
      const res = await create({});
      expect(res.statusCode).toBe(201);
      const playlist = adminPlaylist.parse(res.json());
      expect(playlist).toMatchObject({
        title: 'Untitled',
        type: 'SONGS',
        listType: 'SONGS',
        songs: [],
        tracks: [],
        showOnFrontPage: false,
        position: -1,
        isHFMPicks: false,
        HFMPicksPosition: null,
        isHFMRadio: false,
        artwork: null,
        artworkPath: null,
        genre: null,
        label: null,
        tags: [],
        picksMonth: null,
      });
      expect(playlist._id).toBe(playlist.id);
      expect(playlist.userID).toBeTruthy();
    });

    it('creates with every field and the songs in order; the tracks say what the editor shows', async () => {
      const genre = await createGenre(t.app, 'Curated Jazz');
      const [label] = await t.app.ctx.db.insert(labels).values({ name: 'Blue Label' }).returning();
      const res = await create({
        title: '  Late Night  ',
        songs: [songs[2], songs[0], outSong],
        listType: 'SONGS',
        genre,
        label: label!.id,
        showOnFrontPage: true,
        position: 3,
        tags: ['night', 'calm'],
        HFMPicksPosition: 4,
      });
      expect(res.statusCode).toBe(201);
      const playlist = adminPlaylist.parse(res.json());
      expect(playlist).toMatchObject({
        title: 'Late Night',
        songs: [songs[2], songs[0], outSong],
        genre,
        label: label!.id,
        showOnFrontPage: true,
        position: 3,
        tags: ['night', 'calm'],
        HFMPicksPosition: 4,
      });
      expect(playlist.tracks.map((track) => [track.title, track.artistName, track.optedIn])).toEqual([
        ['Three', 'The Curated', true],
        ['One', 'The Curated', true],
        ['Elsewhere', 'Not Opted', false],
      ]);
      expect(playlist.tracks[0]).toMatchObject({
        duration: 200,
        released: true,
        explicit: false,
        plays: 0,
        hifives: 0,
      });
    });

    it('updates only what the body sends (PUT and PATCH alike); `songs` replaces the list in its order', async () => {
      const id = (await create({ title: 'Before', songs: [songs[0], songs[1]], position: 2 })).json().id;
      const renamed = await update(id, { title: 'After' }, 'PATCH');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ title: 'After', position: 2, songs: [songs[0], songs[1]] });
      const reordered = await update(id, { songs: [songs[1], songs[3], songs[0]], showOnFrontPage: true });
      expect(reordered.json()).toMatchObject({ title: 'After', songs: [songs[1], songs[3], songs[0]] });
      expect(reordered.json().showOnFrontPage).toBe(true);
      const page = await injectAs(t, undefined, { method: 'GET', url: `/api/playlists/${id}` });
      expect(page.json().playlist.title).toBe('After');
      expect(page.json().songs.map((song: { id: string }) => song.id)).toEqual([songs[1], songs[3], songs[0]]);
      expect((await update(crypto.randomUUID(), { title: 'Nobody' })).statusCode).toBe(404);
    });

    it('reads one playlist for the editor, and lists every playlist newest first, paged', async () => {
      const id = (await create({ title: 'To read', songs: [songs[0]] })).json().id;
      const one = await injectAs(t, admin, { method: 'GET', url: `/api/playlists/${id}/edit` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id, title: 'To read', songs: [songs[0]] });
      expect(one.json().tracks).toHaveLength(1);
      expect(
        (await injectAs(t, admin, { method: 'GET', url: `/api/playlists/${crypto.randomUUID()}/edit` })).statusCode,
      ).toBe(404);

      const first = pagedAdminPlaylists.parse(
        (await injectAs(t, admin, { method: 'GET', url: '/api/playlists?limit=2' })).json(),
      );
      expect(first.items).toHaveLength(2);
      expect(first.items[0]!.id).toBe(id);
      expect(first.pagination).toMatchObject({ page: 1, limit: 2, hasMore: true });
      const all = pagedAdminPlaylists.parse(
        (await injectAs(t, admin, { method: 'GET', url: '/api/playlists?limit=100' })).json(),
      );
      expect(all.pagination.total).toBe(all.items.length);
      const times = all.items.map((item) => item.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const last = await injectAs(t, admin, {
        method: 'GET',
        url: `/api/playlists?limit=2&page=${first.pagination.pageCount}`,
      });
      expect(last.json().pagination.hasMore).toBe(false);
    });
  });

  describe('HFM Radio and HFM Picks take only songs of artists who opted in', () => {
    it('refuses a radio playlist holding a song of an artist who has not opted in, naming the song', async () => {
      const res = await create({ title: 'Radio', isHFMRadio: true, songs: [songs[0], outSong] });
      expect(res.statusCode).toBe(400);
      expect(fieldError(res, 'songs')).toBe(
        "'Elsewhere' by Not Opted cannot be on HFM Radio: the artist has not opted in.",
      );
      expect((await create({ title: 'Radio', isHFMRadio: true, songs: [songs[0]] })).statusCode).toBe(201);
    });

    it('refuses turning the flag on while such a song is on it, and adding one to a radio playlist', async () => {
      const mixed = (await create({ title: 'Mixed', songs: [songs[0], outSong] })).json().id;
      const turnOn = await update(mixed, { isHFMRadio: true });
      expect(turnOn.statusCode).toBe(400);
      expect(fieldError(turnOn, 'songs')).toContain("'Elsewhere' by Not Opted");
      const radio = (await create({ title: 'Pure', isHFMRadio: true })).json().id;
      const add = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${radio}/songs`,
        payload: { songID: outSong },
      });
      expect(add.statusCode).toBe(400);
      expect(fieldError(add, 'songs')).toContain('cannot be on HFM Radio');
    });

    it('still saves other edits of a radio playlist whose artist opted out later', async () => {
      const late = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Late Leaver' } });
      const song = (await createSong(t.app, late.artistId, { status: 'ready' })).id;
      const radio = (await create({ title: 'Radio Two', isHFMRadio: true, songs: [song] })).json().id;
      await setArtist(t.app, late.artistId, { hfmPicksOptIn: false });
      const renamed = await update(radio, { title: 'Radio 2', position: 1 });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().tracks[0].optedIn).toBe(false);
    });

    it('holds an HFM Picks playlist to five songs, one per artist', async () => {
      const picks = await create({ title: 'My Picks', isHFMPicks: true, songs: [songs[0], songs[1]] });
      expect(picks.statusCode).toBe(400);
      expect(fieldError(picks, 'songs')).toBe(
        `${playlistFieldMessages.onePickPerArtist} The Curated has more than one.`,
      );
      const others = [];
      for (let index = 0; index < 6; index++) {
        const band = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
        others.push((await createSong(t.app, band.artistId, { status: 'ready' })).id);
      }
      expect(fieldError(await create({ isHFMPicks: true, songs: others }), 'songs')).toBe(
        playlistFieldMessages.tooManyPicks,
      );
      const five = await create({ title: 'Five', isHFMPicks: true, HFMPicksPosition: 7, songs: others.slice(0, 5) });
      expect(five.statusCode).toBe(201);
      const sixth = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${five.json().id}/songs`,
        payload: { songID: others[5] },
      });
      expect(fieldError(sixth, 'songs')).toBe(playlistFieldMessages.tooManyPicks);
    });
  });

  describe('songs: add, remove, reorder', () => {
    it('adds a song at the end; the same song again is a 409; a song that is not ready a 400', async () => {
      const id = (await create({ title: 'Growing', songs: [songs[0]] })).json().id;
      const added = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${id}/songs`,
        payload: { songID: songs[2] },
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().songs).toEqual([songs[0], songs[2]]);
      const again = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${id}/songs`,
        payload: { songID: songs[2] },
      });
      expect(again.statusCode).toBe(409);
      const pending = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${id}/songs`,
        payload: { songID: pendingSong },
      });
      expect(pending.statusCode).toBe(400);
      const unknown = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${crypto.randomUUID()}/songs`,
        payload: { songID: songs[1] },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('removes a song (404 when it is not on the playlist), keeping the others in order', async () => {
      const id = (await create({ title: 'Shrinking', songs: [songs[0], songs[1], songs[2]] })).json().id;
      const removed = await injectAs(t, admin, { method: 'DELETE', url: `/api/playlists/${id}/songs/${songs[1]}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().songs).toEqual([songs[0], songs[2]]);
      expect(
        (await injectAs(t, admin, { method: 'DELETE', url: `/api/playlists/${id}/songs/${songs[1]}` })).statusCode,
      ).toBe(404);
      const added = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/playlists/${id}/songs`,
        payload: { songID: songs[3] },
      });
      expect(added.json().songs).toEqual([songs[0], songs[2], songs[3]]);
    });

    it('reorders the same songs (a drag); a list that is not the playlist’s songs is a 409', async () => {
      const id = (await create({ title: 'Shuffled', songs: [songs[0], songs[1], songs[2]] })).json().id;
      const order = [songs[2], songs[0], songs[1]];
      const moved = await injectAs(t, admin, {
        method: 'PUT',
        url: `/api/playlists/${id}/songs`,
        payload: { songIDs: order },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().songs).toEqual(order);
      expect(moved.json().tracks.map((track: { id: string }) => track.id)).toEqual(order);
      for (const stale of [
        [songs[0], songs[1]],
        [songs[0], songs[1], songs[3]],
        [...order, songs[3]],
      ]) {
        const res = await injectAs(t, admin, {
          method: 'PUT',
          url: `/api/playlists/${id}/songs`,
          payload: { songIDs: stale },
        });
        expect(res.statusCode).toBe(409);
      }
      const twice = await injectAs(t, admin, {
        method: 'PUT',
        url: `/api/playlists/${id}/songs`,
        payload: { songIDs: [songs[0], songs[0], songs[1]] },
      });
      expect(twice.statusCode).toBe(400);
    });
  });

  describe('artwork', () => {
    const artworkUrl = (id: string) => `/api/playlists/upload/artwork/${id}`;

    it('stores a data URL under playlist-images/{id}/, answers the playlist with its artworkPath, serves it', async () => {
      const id = (await create({ title: 'With art' })).json().id;
      const res = await injectAs(t, admin, {
        method: 'PUT',
        url: artworkUrl(id),
        payload: { imageData: await makeImageDataUrl() },
      });
      expect(res.statusCode).toBe(200);
      const playlist = adminPlaylist.parse(res.json());
      expect(playlist.artworkPath).toMatch(new RegExp(`^/media/playlist-images/${id}/artwork-[^/]+\\.png$`));
      expect(playlist.artworkPath!.endsWith(`/${playlist.artwork}`)).toBe(true);
      const served = await injectAs(t, undefined, { method: 'GET', url: playlist.artworkPath! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const page = await injectAs(t, undefined, { method: 'GET', url: `/api/playlists/${id}` });
      expect(page.json().playlist.artworkPath).toBe(playlist.artworkPath);
    });

    it('takes a multipart file too, keeps the image bounded and deletes the one it replaces', async () => {
      const id = (await create({ title: 'Replaced art' })).json().id;
      const first = await injectAs(t, admin, {
        method: 'POST',
        url: artworkUrl(id),
        payload: { imageData: await makeImageDataUrl('jpeg') },
      });
      const firstKey = first.json().artworkPath.replace('/media/', '');
      const form = multipart([{ name: 'imageData', data: await makeImage('png', 2400, 1600), fileName: 'big.png' }]);
      const second = await injectAs(t, admin, {
        method: 'POST',
        url: artworkUrl(id),
        payload: form.payload,
        headers: form.headers,
      });
      expect(second.statusCode, second.body).toBe(200);
      const secondKey = second.json().artworkPath.replace('/media/', '');
      expect(secondKey).not.toBe(firstKey);
      expect(await t.app.ctx.storage.stat(firstKey)).toBeNull();
      const stored = await t.app.ctx.storage.get(secondKey);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Buffer));
      const size = await sharp(Buffer.concat(chunks)).metadata();
      expect([size.width, size.height]).toEqual([1200, 800]);
    });

    it('refuses what is not a PNG or JPEG (415), no image (400), an unknown playlist (404)', async () => {
      const id = (await create({ title: 'No art' })).json().id;
      const gif = await injectAs(t, admin, {
        method: 'PUT',
        url: artworkUrl(id),
        payload: { imageData: await makeImageDataUrl('gif') },
      });
      expect(gif.statusCode).toBe(415);
      const text = await injectAs(t, admin, {
        method: 'PUT',
        url: artworkUrl(id),
        payload: { imageData: 'not an image!' },
      });
      expect(text.statusCode).toBe(415);
      expect((await injectAs(t, admin, { method: 'PUT', url: artworkUrl(id), payload: {} })).statusCode).toBe(400);
      const unknown = await injectAs(t, admin, {
        method: 'PUT',
        url: artworkUrl(crypto.randomUUID()),
        payload: { imageData: await makeImageDataUrl() },
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        (await injectAs(t, admin, { method: 'GET', url: `/api/playlists/${id}/edit` })).json().artworkPath,
      ).toBeNull();
    });
  });

  describe('delete', () => {
    it('deletes by either route with its artwork; then it is a 404 everywhere', async () => {
      for (const route of ['/api/playlists/remove', '/api/playlists']) {
        const id = await createPlaylist(t.app, { title: 'Doomed' }, [songs[0]!]);
        const art = await injectAs(t, admin, {
          method: 'PUT',
          url: `/api/playlists/upload/artwork/${id}`,
          payload: { imageData: await makeImageDataUrl() },
        });
        const key = art.json().artworkPath.replace('/media/', '');
        const res = await injectAs(t, admin, { method: 'DELETE', url: `${route}/${id}` });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id, deleted: true });
        expect(await t.app.ctx.storage.stat(key)).toBeNull();
        expect((await injectAs(t, admin, { method: 'DELETE', url: `${route}/${id}` })).statusCode).toBe(404);
        expect((await injectAs(t, undefined, { method: 'GET', url: `/api/playlists/${id}` })).statusCode).toBe(404);
      }
    });
  });
});
