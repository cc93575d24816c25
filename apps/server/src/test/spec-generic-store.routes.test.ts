import crypto from 'node:crypto';
import { genreMessages, labelMessages, messages, terminationMessages, type PublicAlbum } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createGenre,
  createSong,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestArtist,
  type TestUser,
} from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';
import { injectAs } from './route-cast.js';

/**
 * The calls a client written against the spec's generic store makes (spec 001 sections 7.1 and 7.2): fetch by
 * id, the paged list, save with PATCH (the default method) and the remove path, each answered with the same
 * access rules as its siblings (the permission matrix has their rows).
 */

let t: TestApp;
let fan: TestUser;
let artist: TestArtist;
let cookie: Record<'fan' | 'otherFan' | 'artist' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp();
  fan = await createUser(t.app, { firstName: 'Fanny' });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true } });
  cookie = {
    fan: await signIn(t.app, fan),
    otherFan: await signIn(t.app, await createUser(t.app)),
    artist: await signIn(t.app, artist),
    admin: await signIn(t.app, await createAdmin(t.app)),
  };
});
afterAll(async () => t.close());

const get = (who: keyof typeof cookie | 'anonymous', url: string) =>
  injectAs(t, who === 'anonymous' ? null : cookie[who], { method: 'GET', url });

describe('GET and PATCH /api/users/{id}', () => {
  it('answers the account to the user themself and admins, 403 to others, 404 unknown, 400 not an id', async () => {
    for (const who of ['fan', 'admin'] as const) {
      const res = await get(who, `/api/users/${fan.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: fan.id, firstName: 'Fanny', email: fan.email, role: 'SUBSCRIBER' });
    }
    expect((await get('otherFan', `/api/users/${fan.id}`)).statusCode).toBe(403);
    expect((await get('anonymous', `/api/users/${fan.id}`)).statusCode).toBe(401);
    expect((await get('admin', `/api/users/${crypto.randomUUID()}`)).json().error.message).toBe(messages.notFound);
    expect((await get('admin', '/api/users/nope')).statusCode).toBe(400);
  });

  it('saves with PATCH as with PUT: the fields sent change, date of birth never does', async () => {
    const patch = (payload: object) =>
      injectAs(t, cookie.fan, { method: 'PATCH', url: `/api/users/${fan.id}`, payload });
    const saved = await patch({ lastName: 'Patched' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Fanny', lastName: 'Patched' });
    const dob = await patch({ dob: '02/02/1970' });
    expect(dob.statusCode).toBe(400);
    expect(dob.json().error.fields).toEqual({ dob: messages.dobCannotChange });
  });
});

describe('PATCH /api/songs/{id}', () => {
  it('edits the song as PUT does, for its artist', async () => {
    const song = await createSong(t.app, artist.artistId, { status: 'ready' });
    const res = await injectAs(t, cookie.artist, {
      method: 'PATCH',
      url: `/api/songs/${song.id}`,
      payload: { title: 'Patched Title', releaseDate: '04/01/2024' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: song.id, title: 'Patched Title', releaseDate: '04/01/2024' });
    expect((await get('fan', `/api/songs/${song.id}`)).json().title).toBe('Patched Title');
  });
});

describe('GET /api/albums', () => {
  it("pages the albums the caller may see: ACTIVE artists' to all, an artist's own to it, every one to admins", async () => {
    const out = await createSong(t.app, artist.artistId, { status: 'ready' });
    const pending = await createSong(t.app, artist.artistId);
    const shown = await createAlbum(t.app, artist.artistId, { name: 'Shown', songIds: [out.id, pending.id] });
    const unapproved = await createArtist(t.app);
    const hidden = await createAlbum(t.app, unapproved.artistId, { name: 'Hidden' });
    const albumsFor = async (who: keyof typeof cookie | 'anonymous', url = '/api/albums?limit=100') => {
      const res = await get(who, url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: PublicAlbum[]; pagination: { total: number } };
    };

    const listed = await albumsFor('anonymous');
    expect(listed.items.find((album) => album.id === shown.id)?.songs).toEqual([out.id]);
    expect(listed.items.map((album) => album.id)).not.toContain(hidden.id);
    expect((await albumsFor('artist')).items.find((album) => album.id === shown.id)?.songs).toEqual([
      out.id,
      pending.id,
    ]);
    const ownView = await injectAs(t, await signIn(t.app, unapproved), { method: 'GET', url: '/api/albums?limit=100' });
    expect((ownView.json() as { items: PublicAlbum[] }).items.map((album) => album.id)).toContain(hidden.id);
    const all = await albumsFor('admin');
    expect(all.items.map((album) => album.id)).toEqual(expect.arrayContaining([shown.id, hidden.id]));

    const firstPage = await albumsFor('admin', '/api/albums?page=1&limit=1');
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.pagination.total).toBe(all.pagination.total);
    expect((await get('anonymous', '/api/albums?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/genres/{id} and /api/labels/{id}', () => {
  it('answers a genre to anyone; 404 unknown, 400 not an id', async () => {
    const id = await createGenre(t.app, `Spec Genre ${crypto.randomUUID().slice(0, 6)}`);
    const res = await get('anonymous', `/api/genres/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, _id: id, label: expect.stringMatching(/^Spec Genre/) });
    const unknown = await get('anonymous', `/api/genres/${crypto.randomUUID()}`);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: genreMessages.noSuchGenre });
    expect((await get('anonymous', '/api/genres/rock')).statusCode).toBe(400);
  });

  it('answers a label to admins only; 404 unknown', async () => {
    const created = await injectAs(t, cookie.admin, {
      method: 'POST',
      url: '/api/labels/create',
      payload: { name: 'Spec Label', website: 'https://label.example' },
    });
    const id = created.json().id as string;
    const res = await get('admin', `/api/labels/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Spec Label', website: 'https://label.example', active: true });
    expect((await get('fan', `/api/labels/${id}`)).statusCode).toBe(403);
    const unknown = await get('admin', `/api/labels/${crypto.randomUUID()}`);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: labelMessages.noSuchLabel });
  });
});

describe('DELETE /api/artists/remove/{id}', () => {
  it('terminates the licence (decision 0021): the artist with its password, once; the artist is kept', async () => {
    const leaving = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const own = await signIn(t.app, leaving);
    const remove = (payload?: object) =>
      injectAs(t, own, {
        method: 'DELETE',
        url: `/api/artists/remove/${leaving.artistId}`,
        ...(payload ? { payload } : {}),
      });
    const bare = await remove();
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({ currentPassword: messages.currentPasswordWrong });
    const done = await remove({ currentPassword: TEST_PASSWORD, reason: 'Moving on.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ artist: { id: leaving.artistId, status: 'CANCELLED' }, subscribers: 0 });
    expect((await get('anonymous', `/api/artists/${leaving.artistId}`)).json().status).toBe('CANCELLED');
    const again = await remove({ currentPassword: TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(terminationMessages.alreadyTerminated);
  });

  it('asks an admin for the reason, and refuses fans', async () => {
    const other = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const url = `/api/artists/remove/${other.artistId}`;
    const noReason = await injectAs(t, cookie.admin, { method: 'DELETE', url });
    expect(noReason.json().error.fields).toEqual({ reason: terminationMessages.reasonRequired });
    expect((await injectAs(t, cookie.fan, { method: 'DELETE', url, payload: { reason: 'x' } })).statusCode).toBe(403);
    const ended = await injectAs(t, cookie.admin, { method: 'DELETE', url, payload: { reason: 'Asked by mail.' } });
    expect(ended.json()).toMatchObject({ artist: { status: 'CANCELLED' } });
  });
});
