import { labelMessages, type PublicLabel } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels, playlists } from '../../platform/db/schema.js';
import { createAdmin, createArtist, createGenre, createPlaylist, createUser, signIn } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminCookie: string;
let fanCookie: string;
let artistCookie: string;
let jazz: string;
let soul: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  fanCookie = await signIn(t.app, await createUser(t.app));
  artistCookie = await signIn(t.app, await createArtist(t.app));
  jazz = await createGenre(t.app, 'Label Test Jazz');
  soul = await createGenre(t.app, 'Label Test Soul');
});
afterAll(async () => t.close());

const asAdmin = (request: InjectOptions) => injectAs(t, adminCookie, request);
const create = (payload: object, cookie = adminCookie, url = '/api/labels/create') =>
  injectAs(t, cookie, { method: 'POST', url, payload });
const labelRow = async (id: string) => (await t.app.ctx.db.select().from(labels).where(eq(labels.id, id)))[0];

describe('POST /api/labels/create and POST /api/labels', () => {
  it('401 signed out, before the body is read; 403 for fans and artists', async () => {
    expect((await injectAs(t, undefined, { method: 'POST', url: '/api/labels/create', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await injectAs(t, undefined, { method: 'POST', url: '/api/labels', payload: {} })).statusCode).toBe(401);
    for (const cookie of [fanCookie, artistCookie]) {
      expect((await create({ name: 'Nope' }, cookie)).statusCode).toBe(403);
      expect((await create({ name: 'Nope' }, cookie, '/api/labels')).statusCode).toBe(403);
    }
  });

  it('400 for a missing name, a website that is not an http(s) address, genres that are not genres', async () => {
    const cases: [object, string][] = [
      [{}, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 'A', website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'A', website: 'label.example' }, 'website'],
      [{ name: 'A', website: 'https://localhost' }, 'website'],
      [{ name: 'A', genres: ['rock'] }, 'genres'],
      [{ name: 'A', genres: [crypto.randomUUID()] }, 'genres'],
      [{ name: 'A', active: 'yes' }, 'active'],
      [{ name: 'A', location: 'x'.repeat(121) }, 'location'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = Object.keys(res.json().error.fields ?? {}).map((key) => key.split('.')[0]);
      expect(fields, JSON.stringify(payload)).toContain(field);
    }
  });

  it('creates a label with no id (201): active by default, genres once each, empty text as none', async () => {
    const res = await create({
      name: ' Blue Note ',
      website: 'https://bluenote.example/about',
      genres: [jazz, soul, jazz.toUpperCase()],
      location: '',
    });
    expect(res.statusCode).toBe(201);
    const label: PublicLabel = res.json();
    expect(label).toMatchObject({
      _id: label.id,
      name: 'Blue Note',
      website: 'https://bluenote.example/about',
      genres: [jazz, soul],
      location: null,
      active: true,
    });
    expect(label.createdAt).toBe(label.updatedAt);
    expect(await labelRow(label.id)).toMatchObject({ name: 'Blue Note', active: true });

    const inactive = await create({ name: 'Quiet Records', active: false }, adminCookie, '/api/labels');
    expect(inactive.statusCode).toBe(201);
    expect(inactive.json()).toMatchObject({ active: false, genres: [], website: null });
  });
});

describe('PUT and PATCH /api/labels/{id}', () => {
  it('401, 400, 403, 404 first', async () => {
    const { id } = (await create({ name: 'Update Me' })).json();
    expect((await injectAs(t, undefined, { method: 'PATCH', url: `/api/labels/${id}`, payload: {} })).statusCode).toBe(
      401,
    );
    expect((await asAdmin({ method: 'PATCH', url: '/api/labels/nope', payload: {} })).statusCode).toBe(400);
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/labels/${id}`, payload: { website: 'ftp://x.example' } })).statusCode,
    ).toBe(400);
    expect((await injectAs(t, fanCookie, { method: 'PUT', url: `/api/labels/${id}`, payload: {} })).statusCode).toBe(
      403,
    );
    expect(
      (await injectAs(t, artistCookie, { method: 'PATCH', url: `/api/labels/${id}`, payload: {} })).statusCode,
    ).toBe(403);
    const missing = await asAdmin({
      method: 'PATCH',
      url: `/api/labels/${crypto.randomUUID()}`,
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(labelMessages.noSuchLabel);
  });

  it('changes the fields sent (the whole label as the spec’s save sends it is fine) and moves updatedAt', async () => {
    const created: PublicLabel = (await create({ name: 'Motown', genres: [soul], location: 'Detroit' })).json();
    const patched = await asAdmin({
      method: 'PATCH',
      url: `/api/labels/${created.id}`,
      payload: { ...created, active: false, website: 'http://motown.example' },
    });
    expect(patched.statusCode).toBe(200);
    const label: PublicLabel = patched.json();
    expect(label).toMatchObject({ name: 'Motown', genres: [soul], location: 'Detroit', active: false });
    expect(label.website).toBe('http://motown.example');
    expect(label.createdAt).toBe(created.createdAt);
    expect(new Date(label.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime());

    const put = await asAdmin({
      method: 'PUT',
      url: `/api/labels/${created.id}`,
      payload: { genres: [], location: null },
    });
    expect(put.json()).toMatchObject({ name: 'Motown', genres: [], location: null, active: false });
  });
});

describe('GET /api/labels', () => {
  it('401, 400, 403 first', async () => {
    expect((await injectAs(t, undefined, { method: 'GET', url: '/api/labels' })).statusCode).toBe(401);
    for (const query of ['sort=genres', 'order=up', 'page=0', 'limit=101']) {
      expect((await asAdmin({ method: 'GET', url: `/api/labels?${query}` })).statusCode, query).toBe(400);
    }
    expect((await injectAs(t, fanCookie, { method: 'GET', url: '/api/labels' })).statusCode).toBe(403);
    expect((await injectAs(t, artistCookie, { method: 'GET', url: '/api/labels' })).statusCode).toBe(403);
  });

  it('pages the labels, newest first; sorts by createdAt or updatedAt either way, and by name', async () => {
    const base = Date.UTC(2030, 0, 1);
    const ids: string[] = [];
    for (const [index, name] of ['Sort C', 'Sort A', 'Sort B'].entries()) {
      const [row] = await t.app.ctx.db
        .insert(labels)
        .values({
          name,
          createdAt: new Date(base + index * 1000),
          updatedAt: new Date(base + (10 - index) * 1000),
        })
        .returning();
      ids.push(row!.id);
    }
    const names = async (query: string) => {
      const res = await asAdmin({ method: 'GET', url: `/api/labels?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json().items.map((label: PublicLabel) => label.name) as string[];
    };
    expect((await names('limit=3')).slice(0, 3)).toEqual(['Sort B', 'Sort A', 'Sort C']);
    expect((await names('sort=updatedAt&limit=3')).slice(0, 3)).toEqual(['Sort C', 'Sort A', 'Sort B']);
    expect((await names('sort=createdAt&order=asc&limit=100')).slice(-3)).toEqual(['Sort C', 'Sort A', 'Sort B']);
    expect((await names('sort=name&order=asc&limit=100')).filter((name) => name.startsWith('Sort'))).toEqual([
      'Sort A',
      'Sort B',
      'Sort C',
    ]);

    const page = await asAdmin({ method: 'GET', url: '/api/labels?page=2&limit=2' });
    const { pagination, items } = page.json();
    const total = (await t.app.ctx.db.select().from(labels)).length;
    expect(pagination).toEqual({
      page: 2,
      limit: 2,
      total,
      pageCount: Math.ceil(total / 2),
      hasMore: total > 4,
    });
    expect(items.map((label: PublicLabel) => label.id)).toEqual([ids[0]!, expect.any(String)]);
  });
});

describe('DELETE /api/labels/{id}', () => {
  it('401, 400, 403, 404 first, then deletes; playlists filed under it keep their place without the label', async () => {
    const { id } = (await create({ name: 'Short Lived' })).json();
    const playlist = await createPlaylist(t.app, { title: 'On a label', labelId: id });
    expect((await injectAs(t, undefined, { method: 'DELETE', url: `/api/labels/${id}` })).statusCode).toBe(401);
    expect((await asAdmin({ method: 'DELETE', url: '/api/labels/x' })).statusCode).toBe(400);
    expect((await injectAs(t, fanCookie, { method: 'DELETE', url: `/api/labels/${id}` })).statusCode).toBe(403);
    expect((await injectAs(t, artistCookie, { method: 'DELETE', url: `/api/labels/${id}` })).statusCode).toBe(403);

    const res = await asAdmin({ method: 'DELETE', url: `/api/labels/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, deleted: true });
    expect(await labelRow(id)).toBeUndefined();
    const [row] = await t.app.ctx.db.select().from(playlists).where(eq(playlists.id, playlist));
    expect(row!.labelId).toBeNull();
    expect((await asAdmin({ method: 'DELETE', url: `/api/labels/${id}` })).statusCode).toBe(404);
  });
});
