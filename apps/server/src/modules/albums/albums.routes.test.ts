import crypto from 'node:crypto';
import { linerNotesMessage, messages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createSong,
  createUser,
  makeImageDataUrl,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let artist: TestArtist;
let otherArtist: TestArtist;
let pendingArtist: TestArtist;
let artistCookie: string;
let otherCookie: string;
let pendingCookie: string;
let fanCookie: string;
let adminCookie: string;
let png: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: "The Rae's, Band" } });
  otherArtist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  pendingArtist = await createArtist(t.app);
  artistCookie = await signIn(t.app, artist);
  otherCookie = await signIn(t.app, otherArtist);
  pendingCookie = await signIn(t.app, pendingArtist);
  fanCookie = await signIn(t.app, await createUser(t.app));
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  png = await makeImageDataUrl('png');
});
afterAll(async () => t.close());

const create = (cookie: string | undefined, payload: object) =>
  injectAs(t, cookie, { method: 'POST', url: '/api/albums/create', payload });
const update = (cookie: string | undefined, id: string, payload: object) =>
  injectAs(t, cookie, { method: 'PATCH', url: `/api/albums/update/${id}`, payload });
const getAlbum = (cookie: string | undefined, id: string) =>
  injectAs(t, cookie, { method: 'GET', url: `/api/albums/${id}` });
const listAlbums = (cookie: string | undefined, artistId: string) =>
  injectAs(t, cookie, { method: 'GET', url: `/api/albums/artist/${artistId}` });
const uploadArtwork = (cookie: string | undefined, id: string, payload: object) =>
  injectAs(t, cookie, { method: 'PUT', url: `/api/albums/upload/artwork/${id}`, payload });

async function songsOf(owner: TestArtist, count: number, status = 'ready') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createSong(t.app, owner.artistId, { status })).id);
  return ids;
}
const albumCount = async (artistId: string) => (await listAlbums(adminCookie, artistId)).json().length as number;

describe('POST /api/albums/create', () => {
  it('creates an album with its liner notes and songs in the given order, and no artwork', async () => {
    const [a, b, c] = await songsOf(artist, 3);
    const res = await create(artistCookie, { name: ' Night Drive ', linerNotes: 'Recorded live.', songs: [c, a, b] });
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(album).toMatchObject({
      artistID: artist.artistId,
      name: 'Night Drive',
      linerNotes: 'Recorded live.',
      songs: [c, a, b],
      artwork: null,
      artworkPath: '',
    });
    expect(album._id).toBe(album.id);
    expect((await getAlbum(artistCookie, album.id)).json()).toEqual(album);
  });

  it.each([
    ['missing', {}],
    ['blank', { name: '   ' }],
    ['not text', { name: 42 }],
  ])('needs a name (%s)', async (_, payload) => {
    const res = await create(artistCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe('Please name the album.');
  });

  it.each([42, { text: 'notes' }, ['notes'], true])('takes liner notes as text only, not %j', async (linerNotes) => {
    const before = await albumCount(artist.artistId);
    const res = await create(artistCookie, { name: 'Notes', linerNotes });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', fields: { linerNotes: linerNotesMessage } });
    expect(await albumCount(artist.artistId)).toBe(before);
  });

  it("refuses another artist's song or an unknown song, creating nothing", async () => {
    const [mine] = await songsOf(artist, 1);
    const [theirs] = await songsOf(otherArtist, 1);
    const before = await albumCount(artist.artistId);
    for (const songs of [[mine, theirs], [crypto.randomUUID()], ['not-an-id']]) {
      const res = await create(artistCookie, { name: 'Mixed', songs });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).join()).toContain('songs');
    }
    expect(await albumCount(artist.artistId)).toBe(before);
  });

  it('keeps the first place of a song listed twice', async () => {
    const [a, b] = await songsOf(artist, 2);
    const res = await create(artistCookie, { name: 'Twice', songs: [a, b, a] });
    expect(res.statusCode).toBe(201);
    expect(res.json().songs).toEqual([a, b]);
  });

  it('stores artwork under album-artwork/{userId}/{artist name}/{album name}, cleaned, and serves it', async () => {
    const res = await create(artistCookie, { name: 'Night `Drive`, Vol. 1', imageData: png, fileName: 'cover.png' });
    expect(res.statusCode).toBe(201);
    const { artwork, artworkPath } = res.json();
    expect(artwork).toMatch(/^album-artwork\d{13}\.png$/);
    expect(artworkPath).toBe(`/media/album-artwork/${artist.id}/The_Raes_Band/Night_Drive_Vol._1/${artwork}`);
    const served = await t.app.inject({ method: 'GET', url: artworkPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses artwork that is not a png or jpeg, creating nothing', async () => {
    const before = await albumCount(artist.artistId);
    const text = `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`;
    for (const imageData of [text, await makeImageDataUrl('gif')]) {
      const res = await create(artistCookie, { name: 'Bad Art', imageData });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.imageType });
    }
    expect(await albumCount(artist.artistId)).toBe(before);
  });

  it('creates for another artist only as an admin', async () => {
    const refused = await create(artistCookie, { name: 'Theirs', artistID: otherArtist.artistId });
    expect(refused.statusCode).toBe(403);
    const admin = await create(adminCookie, { name: 'By Admin', artistID: otherArtist.artistId });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().artistID).toBe(otherArtist.artistId);
    const [theirs] = await songsOf(otherArtist, 1);
    const [mine] = await songsOf(artist, 1);
    const mixed = await create(adminCookie, { name: 'Mixed', artistID: otherArtist.artistId, songs: [theirs, mine] });
    expect(mixed.statusCode).toBe(400);
  });
});

describe('PATCH /api/albums/update/{id}', () => {
  it('reorders the songs exactly and renames; the order persists', async () => {
    const [a, b, c, d] = await songsOf(artist, 4);
    const album = (await create(artistCookie, { name: 'Draft', songs: [a, b, c] })).json();
    const res = await update(artistCookie, album.id, { name: 'Final', songs: [c, a, d, b], linerNotes: 'New notes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Final', songs: [c, a, d, b], linerNotes: 'New notes' });
    expect((await getAlbum(artistCookie, album.id)).json()).toMatchObject({ name: 'Final', songs: [c, a, d, b] });
    const listed = (await listAlbums(artistCookie, artist.artistId))
      .json()
      .find((x: { id: string }) => x.id === album.id);
    expect(listed.songs).toEqual([c, a, d, b]);
    expect((await update(artistCookie, album.id, { songs: [b, c] })).json().songs).toEqual([b, c]);
    expect((await update(artistCookie, album.id, { songs: [] })).json().songs).toEqual([]);
  });

  it('leaves out fields it is not sent', async () => {
    const [a] = await songsOf(artist, 1);
    const album = (await create(artistCookie, { name: 'Keep', linerNotes: 'Stay', songs: [a] })).json();
    const res = await update(artistCookie, album.id, { name: 'Renamed' });
    expect(res.json()).toMatchObject({ name: 'Renamed', linerNotes: 'Stay', songs: [a] });
  });

  it('refuses bad liner notes, foreign songs and bad artwork without changing the album', async () => {
    const [a] = await songsOf(artist, 1);
    const [theirs] = await songsOf(otherArtist, 1);
    const album = (await create(artistCookie, { name: 'Stable', songs: [a] })).json();
    expect((await update(artistCookie, album.id, { linerNotes: 7 })).statusCode).toBe(400);
    expect((await update(artistCookie, album.id, { name: 'Changed', songs: [theirs] })).statusCode).toBe(400);
    const badArt = `data:image/jpeg;base64,${Buffer.from('GIF89a nope').toString('base64')}`;
    expect((await update(artistCookie, album.id, { name: 'Changed', imageData: badArt })).statusCode).toBe(415);
    expect((await getAlbum(artistCookie, album.id)).json()).toMatchObject({ name: 'Stable', songs: [a] });
  });

  it('replaces the artwork and removes the old file', async () => {
    const album = (await create(artistCookie, { name: 'Art', imageData: png })).json();
    const jpeg = await makeImageDataUrl('jpeg');
    const res = await update(artistCookie, album.id, { imageData: jpeg });
    expect(res.statusCode).toBe(200);
    expect(res.json().artworkPath).toMatch(/\/album-artwork\d+\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: res.json().artworkPath })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await t.app.inject({ method: 'GET', url: album.artworkPath })).statusCode).toBe(404);
  });

  it('is answered 404 for an unknown album and 403 for another artist', async () => {
    expect((await update(artistCookie, crypto.randomUUID(), { name: 'X' })).statusCode).toBe(404);
    const album = await createAlbum(t.app, artist.artistId, { name: 'Mine' });
    expect((await update(otherCookie, album.id, { name: 'X' })).statusCode).toBe(403);
    expect((await update(adminCookie, album.id, { name: 'Admin Edit' })).json().name).toBe('Admin Edit');
  });
});

describe('songs in several albums', () => {
  it('lets a song sit in Singles and an album, and shows both in its albumIDs', async () => {
    const [single, other] = await songsOf(artist, 2);
    const singles = (await create(artistCookie, { name: 'Singles', songs: [single] })).json();
    const lp = (await create(artistCookie, { name: 'LP', songs: [other, single] })).json();
    const song = await injectAs(t, artistCookie, { method: 'GET', url: `/api/songs/${single}` });
    expect([...song.json().albumIDs].sort()).toEqual([singles.id, lp.id].sort());
    expect((await getAlbum(undefined, singles.id)).json().songs).toEqual([single]);
    expect((await getAlbum(undefined, lp.id)).json().songs).toEqual([other, single]);
  });

  it("adds a song at the end of an album through the song's albumIDs", async () => {
    const [a, b] = await songsOf(artist, 2);
    const album = (await create(artistCookie, { name: 'Growing', songs: [a] })).json();
    const res = await injectAs(t, artistCookie, {
      method: 'PUT',
      url: `/api/songs/${b}`,
      payload: { albumIDs: [album.id] },
    });
    expect(res.statusCode).toBe(200);
    expect((await getAlbum(artistCookie, album.id)).json().songs).toEqual([a, b]);
  });
  it("keeps a song's place in the albums it stays in when its albumIDs are saved again", async () => {
    const [a, b, c] = await songsOf(artist, 3);
    const lp = (await create(artistCookie, { name: 'Ordered', songs: [a, b, c] })).json();
    const singles = (await create(artistCookie, { name: 'Singles Too', songs: [c] })).json();
    const res = await injectAs(t, artistCookie, {
      method: 'PUT',
      url: `/api/songs/${a}`,
      payload: { title: 'Edited', albumIDs: [lp.id, singles.id] },
    });
    expect(res.statusCode).toBe(200);
    expect((await getAlbum(artistCookie, lp.id)).json().songs).toEqual([a, b, c]);
    expect((await getAlbum(artistCookie, singles.id)).json().songs).toEqual([c, a]);
    await injectAs(t, artistCookie, { method: 'PUT', url: `/api/songs/${a}`, payload: { albumIDs: [singles.id] } });
    expect((await getAlbum(artistCookie, lp.id)).json().songs).toEqual([b, c]);
    expect((await getAlbum(artistCookie, singles.id)).json().songs).toEqual([c, a]);
  });
});

describe('GET /api/albums/artist/{artistID} and /api/albums/{id}', () => {
  it('lists the artist’s albums newest first for everyone when the artist is active', async () => {
    const owner = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const ownerCookie = await signIn(t.app, owner);
    const first = (await create(ownerCookie, { name: 'First' })).json();
    const second = (await create(ownerCookie, { name: 'Second' })).json();
    for (const cookie of [undefined, fanCookie, otherCookie, ownerCookie, adminCookie]) {
      const res = await listAlbums(cookie, owner.artistId);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    }
  });

  it('shows listeners only the ready, active songs of an album; the artist sees all', async () => {
    const [ready] = await songsOf(artist, 1);
    const [pending] = await songsOf(artist, 1, 'pending');
    const hidden = (await createSong(t.app, artist.artistId, { status: 'ready', active: false })).id;
    const album = (await create(artistCookie, { name: 'Partly Out', songs: [pending, ready, hidden] })).json();
    expect((await getAlbum(artistCookie, album.id)).json().songs).toEqual([pending, ready, hidden]);
    expect((await getAlbum(fanCookie, album.id)).json().songs).toEqual([ready]);
    const listed = (await listAlbums(undefined, artist.artistId)).json().find((a: { id: string }) => a.id === album.id);
    expect(listed.songs).toEqual([ready]);
  });

  it('hides the albums of an artist not yet approved from everyone but itself and admins', async () => {
    const album = await createAlbum(t.app, pendingArtist.artistId, { name: 'Demo' });
    for (const cookie of [undefined, fanCookie, otherCookie]) {
      expect((await listAlbums(cookie, pendingArtist.artistId)).statusCode).toBe(404);
      expect((await getAlbum(cookie, album.id)).statusCode).toBe(404);
    }
    for (const cookie of [pendingCookie, adminCookie]) {
      expect((await listAlbums(cookie, pendingArtist.artistId)).json().map((a: { id: string }) => a.id)).toEqual([
        album.id,
      ]);
      expect((await getAlbum(cookie, album.id)).statusCode).toBe(200);
    }
  });

  it('answers 404 for unknown ids and 400 for ids that are not UUIDs', async () => {
    expect((await listAlbums(adminCookie, crypto.randomUUID())).statusCode).toBe(404);
    expect((await getAlbum(adminCookie, crypto.randomUUID())).statusCode).toBe(404);
    expect((await listAlbums(adminCookie, 'nope')).statusCode).toBe(400);
    expect((await getAlbum(adminCookie, 'nope')).statusCode).toBe(400);
  });
});

describe('DELETE /api/albums/{id}', () => {
  it('deletes the album and its artwork, keeping its songs', async () => {
    const [a] = await songsOf(artist, 1);
    const album = (await create(artistCookie, { name: 'Gone', songs: [a], imageData: png })).json();
    expect((await injectAs(t, otherCookie, { method: 'DELETE', url: `/api/albums/${album.id}` })).statusCode).toBe(403);
    expect((await injectAs(t, fanCookie, { method: 'DELETE', url: `/api/albums/${album.id}` })).statusCode).toBe(403);
    expect((await injectAs(t, undefined, { method: 'DELETE', url: `/api/albums/${album.id}` })).statusCode).toBe(401);
    expect((await getAlbum(artistCookie, album.id)).statusCode).toBe(200);
    const res = await injectAs(t, artistCookie, { method: 'DELETE', url: `/api/albums/${album.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: album.id, deleted: true });
    expect((await getAlbum(artistCookie, album.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: album.artworkPath })).statusCode).toBe(404);
    const song = await injectAs(t, artistCookie, { method: 'GET', url: `/api/songs/${a}` });
    expect(song.statusCode).toBe(200);
    expect(song.json().albumIDs).toEqual([]);
    expect((await injectAs(t, artistCookie, { method: 'DELETE', url: `/api/albums/${album.id}` })).statusCode).toBe(
      404,
    );
  });

  it('lets an admin delete any album', async () => {
    const album = await createAlbum(t.app, otherArtist.artistId);
    expect((await injectAs(t, adminCookie, { method: 'DELETE', url: `/api/albums/${album.id}` })).statusCode).toBe(200);
  });
});

describe('PUT /api/albums/upload/artwork/{id}', () => {
  it('stores the artwork under the album path and answers { path }, served as an image', async () => {
    const album = await createAlbum(t.app, artist.artistId, { name: 'Cover Me' });
    const res = await uploadArtwork(artistCookie, album.id, {
      imageData: await makeImageDataUrl('jpeg'),
      fileName: 'x.jpg',
      path: '../../elsewhere',
    });
    expect(res.statusCode).toBe(200);
    const { path } = res.json();
    expect(path).toMatch(
      new RegExp(`^/media/album-artwork/${artist.id}/The_Raes_Band/Cover_Me/album-artwork\\d+\\.jpg$`),
    );
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await getAlbum(artistCookie, album.id)).json().artworkPath).toBe(path);
  });

  it('answers 415 for a file that is not an image', async () => {
    const album = await createAlbum(t.app, artist.artistId);
    const res = await uploadArtwork(artistCookie, album.id, {
      imageData: `data:image/png;base64,${Buffer.from('RIFF....WAVEfmt ').toString('base64')}`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await getAlbum(artistCookie, album.id)).json().artworkPath).toBe('');
  });

  it('answers 413 for a body that is too large', async () => {
    const album = await createAlbum(t.app, artist.artistId);
    const res = await uploadArtwork(artistCookie, album.id, {
      imageData: `data:image/png;base64,${'A'.repeat(21 * 1024 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.tooLarge });
  });

  it('refuses other artists, fans and the signed-out; lets an admin', async () => {
    const album = await createAlbum(t.app, artist.artistId);
    expect((await uploadArtwork(undefined, album.id, { imageData: png })).statusCode).toBe(401);
    expect((await uploadArtwork(fanCookie, album.id, { imageData: png })).statusCode).toBe(403);
    expect((await uploadArtwork(otherCookie, album.id, { imageData: png })).statusCode).toBe(403);
    expect((await getAlbum(artistCookie, album.id)).json().artworkPath).toBe('');
    expect((await uploadArtwork(adminCookie, album.id, { imageData: png })).statusCode).toBe(200);
  });

  it('needs imageData and a known album', async () => {
    const album = await createAlbum(t.app, artist.artistId);
    expect((await uploadArtwork(artistCookie, album.id, {})).statusCode).toBe(400);
    expect((await uploadArtwork(artistCookie, album.id, { imageData: '' })).statusCode).toBe(400);
    expect((await uploadArtwork(artistCookie, crypto.randomUUID(), { imageData: png })).statusCode).toBe(404);
  });
});
