import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

let t: TestApp;
let artist: TestArtist;
let otherArtist: TestArtist;
let artistCookie: string;
let otherCookie: string;
let fanCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  otherArtist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  artistCookie = await signIn(t.app, artist);
  otherCookie = await signIn(t.app, otherArtist);
  fanCookie = await signIn(t.app, await createUser(t.app));
  adminCookie = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

interface Entry {
  id: string;
  updatedAt: string;
  isFullPreview: boolean;
  fullPreviewPosition: number;
}

const setPosition = (cookie: string | undefined, id: string, position: unknown, artistID = artist.artistId) =>
  injectAs(t, cookie, {
    method: 'PUT',
    url: `/api/songs/full-preview-position/${id}`,
    payload: { position, artistID },
    ...(cookie ? {} : {}),
  });
const removePreview = (cookie: string | undefined, id: string) =>
  injectAs(t, cookie, {
    method: 'PUT',
    url: `/api/songs/full-preview-remove/${id}`,
    payload: {},
    ...(cookie ? {} : {}),
  });
const order = (entries: Entry[]) => entries.map((entry) => [entry.id, entry.fullPreviewPosition]);

async function threeSongs(owner: TestArtist) {
  const make = () => createSong(t.app, owner.artistId, { status: 'ready' });
  return [(await make()).id, (await make()).id, (await make()).id] as const;
}

describe('PUT /api/songs/full-preview-position/{id}', () => {
  it("answers the artist's full-preview songs in position order, each { id, updatedAt, isFullPreview, fullPreviewPosition }", async () => {
    const [a, b] = await threeSongs(artist);
    const first = await setPosition(artistCookie, a, 0);
    expect(first.statusCode).toBe(200);
    const entries = first.json() as Entry[];
    expect(entries).toHaveLength(1);
    expect(Object.keys(entries[0]!).sort()).toEqual(['fullPreviewPosition', 'id', 'isFullPreview', 'updatedAt']);
    expect(entries[0]).toMatchObject({ id: a, isFullPreview: true, fullPreviewPosition: 0 });
    expect(Number.isNaN(Date.parse(entries[0]!.updatedAt))).toBe(false);
    const second = await setPosition(artistCookie, b, 1);
    expect(order(second.json())).toEqual([
      [a, 0],
      [b, 1],
    ]);
    const song = await injectAs(t, artistCookie, { method: 'GET', url: `/api/songs/${b}` });
    expect(song.json()).toMatchObject({ isFullPreview: true, fullPreviewPosition: 1 });
    for (const id of [a, b]) await removePreview(artistCookie, id);
  });

  it('puts the song at the asked position and renumbers the rest', async () => {
    const [a, b, c] = await threeSongs(artist);
    await setPosition(artistCookie, a, 0);
    await setPosition(artistCookie, b, 1);
    await setPosition(artistCookie, c, 2);
    expect(order((await setPosition(artistCookie, c, 0)).json())).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(order((await setPosition(artistCookie, c, 1)).json())).toEqual([
      [a, 0],
      [c, 1],
      [b, 2],
    ]);
    expect(order((await setPosition(artistCookie, a, 99)).json())).toEqual([
      [c, 0],
      [b, 1],
      [a, 2],
    ]);
    for (const id of [a, b, c]) await removePreview(artistCookie, id);
  });

  it("lists only this artist's songs and lets an admin arrange them", async () => {
    const [mine] = await threeSongs(artist);
    const [theirs] = await threeSongs(otherArtist);
    await setPosition(otherCookie, theirs, 0, otherArtist.artistId);
    const res = await setPosition(adminCookie, mine, 0);
    expect(res.statusCode).toBe(200);
    expect(order(res.json())).toEqual([[mine, 0]]);
    await removePreview(artistCookie, mine);
    await removePreview(otherCookie, theirs);
  });

  it('refuses other artists, fans and the signed-out, changing nothing', async () => {
    const [a] = await threeSongs(artist);
    expect((await setPosition(undefined, a, 0)).statusCode).toBe(401);
    expect((await setPosition(fanCookie, a, 0)).statusCode).toBe(403);
    const other = await setPosition(otherCookie, a, 0, otherArtist.artistId);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    const song = await injectAs(t, artistCookie, { method: 'GET', url: `/api/songs/${a}` });
    expect(song.json().isFullPreview).toBe(false);
  });

  it('answers 400 for a position that is not a whole number from 0, and 404 for an unknown song', async () => {
    const [a] = await threeSongs(artist);
    for (const position of [-1, 1.5, 'first', null, undefined]) {
      const res = await setPosition(artistCookie, a, position);
      expect(res.statusCode, String(position)).toBe(400);
      expect(res.json().error.fields).toHaveProperty('position');
    }
    expect((await setPosition(artistCookie, crypto.randomUUID(), 0)).statusCode).toBe(404);
    expect((await setPosition(artistCookie, 'abc', 0)).statusCode).toBe(400);
  });
});

describe('PUT /api/songs/full-preview-remove/{id}', () => {
  it('takes the song off the list, closes the gap, and resets its own fields', async () => {
    const [a, b, c] = await threeSongs(artist);
    await setPosition(artistCookie, a, 0);
    await setPosition(artistCookie, b, 1);
    await setPosition(artistCookie, c, 2);
    const res = await removePreview(artistCookie, b);
    expect(res.statusCode).toBe(200);
    expect(order(res.json())).toEqual([
      [a, 0],
      [c, 1],
    ]);
    const song = await injectAs(t, artistCookie, { method: 'GET', url: `/api/songs/${b}` });
    expect(song.json()).toMatchObject({ isFullPreview: false, fullPreviewPosition: 0 });
    await removePreview(artistCookie, a);
    expect(order((await removePreview(adminCookie, c)).json())).toEqual([]);
  });

  it('refuses other artists, fans and the signed-out, keeping the song on the list', async () => {
    const [a] = await threeSongs(artist);
    await setPosition(artistCookie, a, 0);
    expect((await removePreview(undefined, a)).statusCode).toBe(401);
    expect((await removePreview(fanCookie, a)).statusCode).toBe(403);
    expect((await removePreview(otherCookie, a)).statusCode).toBe(403);
    const song = await injectAs(t, artistCookie, { method: 'GET', url: `/api/songs/${a}` });
    expect(song.json()).toMatchObject({ isFullPreview: true, fullPreviewPosition: 0 });
    await removePreview(artistCookie, a);
  });
});
