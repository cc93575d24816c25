import { genreMessages, messages, type PublicGenre } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, genres, playlists } from '../../platform/db/schema.js';
import {
  createAdmin,
  createArtist,
  createGenre,
  createPlaylist,
  createUser,
  makeImage,
  makeImageDataUrl,
  multipart,
  signIn,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminCookie: string;
let fanCookie: string;
let artistCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  fanCookie = await signIn(t.app, await createUser(t.app));
  artistCookie = await signIn(t.app, await createArtist(t.app));
});
afterAll(async () => t.close());

const asAdmin = (request: InjectOptions) => injectAs(t, adminCookie, request);
const genreRow = async (id: string) => (await t.app.ctx.db.select().from(genres).where(eq(genres.id, id)))[0];
let labelSequence = 0;
const freshLabel = (prefix = 'Genre') => `${prefix} ${Date.now().toString(36)} ${++labelSequence}`;

describe('GET /api/genres', () => {
  it('answers every genre to anyone, sorted by label without regard to case', async () => {
    await t.app.ctx.db.insert(genres).values([{ label: 'ambient' }, { label: 'Zydeco', artwork: 'z.png' }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/genres' });
    expect(res.statusCode).toBe(200);
    const list: { _id: string; id: string; label: string; artwork: string | null }[] = res.json();
    const labels = list.map((genre) => genre.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(labels.slice(0, 2)).toEqual(['Alternative', 'ambient']);
    expect(labels.at(-1)).toBe('Zydeco');
    expect(labels).toContain('Rock');
    for (const genre of list) expect(Object.keys(genre).sort()).toEqual(['_id', 'artwork', 'id', 'label']);
    expect(list.find((genre) => genre.label === 'Zydeco')).toMatchObject({ artwork: 'z.png' });
    expect(list[0]!._id).toBe(list[0]!.id);
  });
});

describe('POST /api/genres/create', () => {
  const create = (cookie: string | undefined, payload: unknown) =>
    injectAs(t, cookie, { method: 'POST', url: '/api/genres/create', payload: payload as object });

  it('401 signed out, before the body is read', async () => {
    expect((await create(undefined, {})).statusCode).toBe(401);
  });

  it('400 without a label, with an empty one, or one too long', async () => {
    for (const payload of [{}, { label: '   ' }, { label: 'x'.repeat(61) }, { label: 7 }]) {
      const res = await create(adminCookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields.label).toMatch(/genre name/);
    }
  });

  it('403 for fans and artists', async () => {
    for (const cookie of [fanCookie, artistCookie]) {
      expect((await create(cookie, { label: freshLabel() })).statusCode).toBe(403);
    }
  });

  it('creates a genre (trimmed), answering 201 with it; it shows in the list', async () => {
    const label = freshLabel('Shoegaze');
    const res = await create(adminCookie, { label: `  ${label} ` });
    expect(res.statusCode).toBe(201);
    const genre: PublicGenre = res.json();
    expect(genre).toEqual({ _id: genre.id, id: genre.id, label, artwork: null });
    const list: PublicGenre[] = (await t.app.inject({ method: 'GET', url: '/api/genres' })).json();
    expect(list.map((item) => item.label)).toContain(label);
  });

  it('409 for a label that exists in any case', async () => {
    const res = await create(adminCookie, { label: 'rOcK' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: genreMessages.exists('rOcK') });
  });
});

describe('POST /api/genres (bulk add)', () => {
  const add = (cookie: string | undefined, payload: unknown) =>
    injectAs(t, cookie, { method: 'POST', url: '/api/genres', payload: payload as object });

  it('401, 400 and 403 first', async () => {
    expect((await add(undefined, {})).statusCode).toBe(401);
    for (const payload of [{}, { genres: [] }, { genres: [{ label: '' }] }, { genres: Array(101).fill('x') }]) {
      expect((await add(adminCookie, payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect((await add(fanCookie, { genres: ['Fan Genre'] })).statusCode).toBe(403);
    expect((await add(artistCookie, { genres: ['Artist Genre'] })).statusCode).toBe(403);
  });

  it('adds the new labels (objects or text), skips existing ones and repeats, and says which', async () => {
    const [first, second] = [freshLabel('Bulk'), freshLabel('Bulk')];
    const res = await add(adminCookie, {
      genres: [{ label: second }, first, { label: 'Jazz' }, second.toUpperCase(), 'rock'],
    });
    expect(res.statusCode).toBe(200);
    const answer: { added: PublicGenre[]; skipped: string[] } = res.json();
    expect(answer.added.map((genre) => genre.label)).toEqual([first, second]);
    expect(answer.skipped.sort()).toEqual(['Jazz', 'rock', second.toUpperCase()].sort());
    for (const genre of answer.added) expect(await genreRow(genre.id)).toMatchObject({ label: genre.label });

    const again = await add(adminCookie, { genres: [first, second] });
    expect(again.json()).toEqual({ added: [], skipped: [first, second] });
  });
});

describe('PATCH /api/genres/{id}', () => {
  const rename = (cookie: string | undefined, id: string, payload: unknown) =>
    injectAs(t, cookie, { method: 'PATCH', url: `/api/genres/${id}`, payload: payload as object });

  it('401, 400, 403, 404, then renames; a taken label is a 409', async () => {
    const id = await createGenre(t.app, freshLabel('Rename'));
    expect((await rename(undefined, id, { label: 'x' })).statusCode).toBe(401);
    expect((await rename(adminCookie, 'not-an-id', { label: 'x' })).statusCode).toBe(400);
    expect((await rename(adminCookie, id, { label: '' })).statusCode).toBe(400);
    expect((await rename(fanCookie, id, { label: 'Fan rename' })).statusCode).toBe(403);
    expect((await rename(adminCookie, crypto.randomUUID(), { label: freshLabel() })).statusCode).toBe(404);

    const label = freshLabel('Renamed');
    const res = await rename(adminCookie, id, { label });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, label });
    expect((await rename(adminCookie, id, { label: 'Pop' })).statusCode).toBe(409);
    expect(await genreRow(id)).toMatchObject({ label });
  });
});

describe('DELETE /api/genres/remove/{id} and /api/genres/{id}', () => {
  it('401, 400, 403, 404 first', async () => {
    const id = await createGenre(t.app, freshLabel('Doomed'));
    for (const url of [`/api/genres/remove/${id}`, `/api/genres/${id}`]) {
      expect((await injectAs(t, undefined, { method: 'DELETE', url })).statusCode).toBe(401);
      expect((await injectAs(t, fanCookie, { method: 'DELETE', url })).statusCode).toBe(403);
      expect((await injectAs(t, artistCookie, { method: 'DELETE', url })).statusCode).toBe(403);
    }
    expect((await asAdmin({ method: 'DELETE', url: '/api/genres/remove/nope' })).statusCode).toBe(400);
    const missing = await asAdmin({ method: 'DELETE', url: `/api/genres/${crypto.randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(genreMessages.noSuchGenre);
  });

  it('deletes a genre no artist is filed under; its playlists lose the genre, its artwork goes', async () => {
    const id = await createGenre(t.app, freshLabel('Gone'));
    const playlist = await createPlaylist(t.app, { title: 'Filed', genreId: id });
    const upload = await asAdmin({
      method: 'PUT',
      url: `/api/genres/upload/artwork/${id}`,
      payload: { imageData: await makeImageDataUrl() },
    });
    const key = upload.json().path.slice('/media/'.length);
    expect(await t.app.ctx.storage.stat(key)).not.toBeNull();

    const res = await asAdmin({ method: 'DELETE', url: `/api/genres/remove/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, deleted: true, artistsMoved: 0 });
    expect(await genreRow(id)).toBeUndefined();
    const [filed] = await t.app.ctx.db.select().from(playlists).where(eq(playlists.id, playlist));
    expect(filed!.genreId).toBeNull();
    expect(await t.app.ctx.storage.stat(key)).toBeNull();
    expect((await asAdmin({ method: 'DELETE', url: `/api/genres/${id}` })).statusCode).toBe(404);
  });

  it('409 while artists are filed under it, naming how many', async () => {
    const label = freshLabel('Busy');
    const id = await createGenre(t.app, label);
    const artist = await createArtist(t.app, { artist: { genreId: id } });
    const res = await asAdmin({ method: 'DELETE', url: `/api/genres/${id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(genreMessages.inUse(label, 1));
    expect(await genreRow(id)).toBeDefined();

    await t.app.ctx.db.update(artists).set({ genreId: null }).where(eq(artists.id, artist.artistId));
    expect((await asAdmin({ method: 'DELETE', url: `/api/genres/${id}` })).statusCode).toBe(200);
  });

  it('with moveArtistsTo, moves its artists to that genre and deletes it in one go', async () => {
    const id = await createGenre(t.app, freshLabel('Leaving'));
    const target = await createGenre(t.app, freshLabel('Staying'));
    const first = await createArtist(t.app, { artist: { genreId: id } });
    const second = await createArtist(t.app, { artist: { genreId: id } });
    const res = await asAdmin({ method: 'DELETE', url: `/api/genres/${id}?moveArtistsTo=${target}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, deleted: true, artistsMoved: 2 });
    expect(await genreRow(id)).toBeUndefined();
    const moved = await t.app.ctx.db.select({ id: artists.id, genreId: artists.genreId }).from(artists);
    for (const artist of [first, second]) {
      expect(moved.find((row) => row.id === artist.artistId)?.genreId).toBe(target);
    }
  });

  it('moveArtistsTo: 400 for a bad id or the genre itself, 404 for a genre that does not exist; nothing moves', async () => {
    const label = freshLabel('Kept');
    const id = await createGenre(t.app, label);
    const artist = await createArtist(t.app, { artist: { genreId: id } });
    const bad = await asAdmin({ method: 'DELETE', url: `/api/genres/${id}?moveArtistsTo=nope` });
    expect(bad.statusCode).toBe(400);
    const itself = await asAdmin({ method: 'DELETE', url: `/api/genres/${id}?moveArtistsTo=${id}` });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toBe(genreMessages.moveToItself);
    const nowhere = await asAdmin({ method: 'DELETE', url: `/api/genres/${id}?moveArtistsTo=${crypto.randomUUID()}` });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.message).toBe(genreMessages.noSuchMoveTarget);
    expect(await genreRow(id)).toBeDefined();
    const [row] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, artist.artistId));
    expect(row!.genreId).toBe(id);
    const fan = await injectAs(t, fanCookie, { method: 'DELETE', url: `/api/genres/${id}?moveArtistsTo=${id}` });
    expect(fan.statusCode).toBe(403);
  });
});

describe('PUT or POST /api/genres/upload/artwork/{id}', () => {
  const url = (id: string) => `/api/genres/upload/artwork/${id}`;

  it('401, 400, 403, 404, 415 first', async () => {
    const id = await createGenre(t.app, freshLabel('Art'));
    const imageData = await makeImageDataUrl();
    expect((await injectAs(t, undefined, { method: 'PUT', url: url(id), payload: { imageData } })).statusCode).toBe(
      401,
    );
    expect((await asAdmin({ method: 'PUT', url: url(id), payload: {} })).statusCode).toBe(400);
    expect((await asAdmin({ method: 'PUT', url: url('x'), payload: { imageData } })).statusCode).toBe(400);
    for (const cookie of [fanCookie, artistCookie]) {
      expect((await injectAs(t, cookie, { method: 'POST', url: url(id), payload: { imageData } })).statusCode).toBe(
        403,
      );
    }
    const missing = await asAdmin({ method: 'PUT', url: url(crypto.randomUUID()), payload: { imageData } });
    expect(missing.statusCode).toBe(404);
    const gif = await asAdmin({ method: 'PUT', url: url(id), payload: { imageData: await makeImageDataUrl('gif') } });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.message).toBe(messages.imageType);
    expect((await genreRow(id))!.artwork).toBeNull();
  });

  it('stores the artwork under genre-images/{id}/ and answers the genre plus its path (JSON, the genre plus image)', async () => {
    const label = freshLabel('Covers');
    const id = await createGenre(t.app, label);
    const res = await asAdmin({
      method: 'PUT',
      url: url(id),
      payload: { _id: id, id, label, artwork: null, imageData: await makeImageDataUrl('jpeg'), path: 'ignored' },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.path).toMatch(new RegExp(`^/media/genre-images/${id}/genre-\\d+-[0-9a-f]{8}\\.jpg$`));
    expect(answer).toEqual({ _id: id, id, label, artwork: answer.path, path: answer.path });
    const served = await t.app.inject({ method: 'GET', url: answer.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const listed: PublicGenre[] = (await t.app.inject({ method: 'GET', url: '/api/genres' })).json();
    expect(listed.find((genre) => genre.id === id)?.artwork).toBe(answer.path);
  });

  it('takes a multipart file part too, and a new artwork replaces (and deletes) the old one', async () => {
    const id = await createGenre(t.app, freshLabel('Multi'));
    const first = await asAdmin({ method: 'POST', url: url(id), payload: { imageData: await makeImageDataUrl() } });
    const oldKey = first.json().path.slice('/media/'.length);
    const form = multipart([{ name: 'imageData', data: await makeImage('png'), fileName: 'a.png', type: 'image/png' }]);
    const second = await asAdmin({ method: 'POST', url: url(id), ...form });
    expect(second.statusCode).toBe(200);
    expect(second.json().path).not.toBe(first.json().path);
    expect(await t.app.ctx.storage.stat(oldKey)).toBeNull();
    expect(await t.app.ctx.storage.stat(second.json().path.slice('/media/'.length))).not.toBeNull();
  });
});

describe('GET /api/genres/search/{search}', () => {
  const search = (term: string) =>
    t.app.inject({ method: 'GET', url: `/api/genres/search/${encodeURIComponent(term)}` });

  it('answers nothing under 3 characters (the spec’s type-ahead), to anyone', async () => {
    for (const term of ['r', 'ro', ' ro ']) {
      const res = await search(term);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('counts characters as the catalogue search does (code points): two emoji are too few, three are enough', async () => {
    // Two emoji are four UTF-16 units: the genre search used to look for them while the catalogue's did not.
    const suffix = Date.now().toString(36);
    await t.app.ctx.db.insert(genres).values({ label: `🎸🎹🥁 ${suffix}` });
    const catalogue = (term: string) =>
      t.app.inject({ method: 'GET', url: `/api/search?${new URLSearchParams({ s: term }).toString()}` });
    for (const term of ['🎸🎹', ' 🎸🎹 ', 'e\u0301']) {
      expect((await search(term)).json()).toEqual([]);
      expect((await catalogue(term)).json()).toEqual([]);
    }
    const found = await search('🎸🎹🥁');
    expect(found.statusCode).toBe(200);
    expect(found.json().map((genre: PublicGenre) => genre.label)).toContain(`🎸🎹🥁 ${suffix}`);
    expect((await catalogue('🎸🎹🥁')).statusCode).toBe(200);
  });

  it('matches labels containing the term in any case, those starting with it first', async () => {
    const suffix = Date.now().toString(36);
    await t.app.ctx.db
      .insert(genres)
      .values([{ label: `Xyzzy Core ${suffix}` }, { label: `Post-xyzzy ${suffix}` }, { label: `xyzzy ${suffix}` }]);
    const res = await search('XYZZY');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((genre: PublicGenre) => genre.label)).toEqual([
      `Xyzzy Core ${suffix}`,
      `xyzzy ${suffix}`,
      `Post-xyzzy ${suffix}`,
    ]);
  });

  it('takes % and _ literally and answers at most 20', async () => {
    expect((await search('%%%')).json()).toEqual([]);
    expect((await search('___')).json()).toEqual([]);
    const suffix = Date.now().toString(36);
    await t.app.ctx.db
      .insert(genres)
      .values(Array.from({ length: 25 }, (_, index) => ({ label: `Manyq ${suffix} ${index}` })));
    expect((await search('manyq')).json()).toHaveLength(20);
  });
});
