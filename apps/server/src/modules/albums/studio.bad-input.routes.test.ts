import { isErrorBody } from '@hfm/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createSong, signIn, type TestArtist } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

/** Malformed, mistyped, unexpected and oversized input to the songs and albums routes: a clear 4xx, never a 500. */
let t: TestApp;
let artist: TestArtist;
let cookie: string;
let songId: string;
let albumId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  cookie = await signIn(t.app, artist);
  songId = (await createSong(t.app, artist.artistId, { status: 'ready' })).id;
  albumId = (await createAlbum(t.app, artist.artistId)).id;
});
afterAll(async () => t.close());

type Method = 'POST' | 'PUT' | 'PATCH';
const bodyRoutes = (): [string, Method, string][] => [
  ['create song', 'POST', '/api/songs'],
  ['update song', 'PUT', `/api/songs/${songId}`],
  ['full-preview position', 'PUT', `/api/songs/full-preview-position/${songId}`],
  ['create album', 'POST', '/api/albums/create'],
  ['update album', 'PATCH', `/api/albums/update/${albumId}`],
  ['album artwork', 'PUT', `/api/albums/upload/artwork/${albumId}`],
];

const send = (options: InjectOptions) => injectAs(t, cookie, options);
const sendRaw = (method: Method, url: string, payload: string, contentType = 'application/json') =>
  send({ method, url, payload, headers: { 'content-type': contentType } });

function expectClientError(res: LightMyRequestResponse, status: number, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
  const body = res.json();
  expect(isErrorBody(body), what).toBe(true);
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe('malformed bodies', () => {
  it.each([
    ['cut-off JSON', '{"title": '],
    ['not JSON at all', 'title=Hello'],
    ['an empty body', ''],
    ['a poisoned prototype', '{"__proto__": {"admin": true}, "name": "X", "releaseDate": "03/15/2024"}'],
  ])('answers 400 to %s on every route that takes a body', async (what, payload) => {
    for (const [name, method, url] of bodyRoutes()) {
      expectClientError(await sendRaw(method, url, payload), 400, `${name} / ${what}`);
    }
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"hello"'],
    ['a number', '42'],
  ])('answers 400 when the JSON body is %s', async (what, payload) => {
    for (const [name, method, url] of bodyRoutes()) {
      const res = await sendRaw(method, url, payload);
      expectClientError(res, 400, `${name} / ${what}`);
      expect(res.json().error.code, `${name} / ${what}`).toBe('VALIDATION');
    }
  });

  it('answers 415 to a content type the API does not read, and 400 to plain text', async () => {
    for (const [name, method, url] of bodyRoutes()) {
      const xml = await sendRaw(method, url, '<song/>', 'application/xml');
      expectClientError(xml, 415, name);
      expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expectClientError(await sendRaw(method, url, 'hello', 'text/plain'), 400, name);
    }
  });
});

describe('oversized bodies', () => {
  it('answers 413 to a song body over 1 MiB', async () => {
    const comment = 'x'.repeat(1024 * 1024 + 10);
    for (const [method, url] of [
      ['POST', '/api/songs'],
      ['PUT', `/api/songs/${songId}`],
      ['PUT', `/api/songs/full-preview-position/${songId}`],
    ] as const) {
      const res = await send({ method, url, payload: { comment, releaseDate: '03/15/2024', position: 0 } });
      expectClientError(res, 413, url);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('answers 413 to an album body over the image limit', async () => {
    const imageData = `data:image/png;base64,${'A'.repeat(21 * 1024 * 1024)}`;
    for (const [method, url] of [
      ['POST', '/api/albums/create'],
      ['PATCH', `/api/albums/update/${albumId}`],
    ] as const) {
      const res = await send({ method, url, payload: { name: 'Big', imageData } });
      expectClientError(res, 413, url);
    }
  });

  it('answers 400 to fields longer than their limits', async () => {
    expectClientError(
      await send({ method: 'PUT', url: `/api/songs/${songId}`, payload: { title: 'x'.repeat(201) } }),
      400,
      'title',
    );
    expectClientError(
      await send({ method: 'POST', url: '/api/albums/create', payload: { name: 'N', linerNotes: 'x'.repeat(20_001) } }),
      400,
      'linerNotes',
    );
    const manySongs = Array.from({ length: 501 }, () => songId);
    expectClientError(
      await send({ method: 'PATCH', url: `/api/albums/update/${albumId}`, payload: { songs: manySongs } }),
      400,
      'songs',
    );
  });
});

describe('wrong types', () => {
  it.each([
    ['POST', '/api/songs', { releaseDate: '03/15/2024', explicit: 'true' }, 'explicit'],
    ['POST', '/api/songs', { releaseDate: '03/15/2024', albumIDs: 'one' }, 'albumIDs'],
    ['POST', '/api/songs', { releaseDate: '03/15/2024', artistID: 12 }, 'artistID'],
    ['PUT', 'song', { trackNumber: '3' }, 'trackNumber'],
    ['PUT', 'song', { isExclusive: 1 }, 'isExclusive'],
    ['PUT', 'song', { comment: { text: 'x' } }, 'comment'],
    ['PUT', 'preview', { position: '1' }, 'position'],
    ['POST', '/api/albums/create', { name: ['A'] }, 'name'],
    ['POST', '/api/albums/create', { name: 'A', songs: { first: 'x' } }, 'songs'],
    ['PATCH', 'album', { imageData: 5 }, 'imageData'],
    ['PUT', 'artwork', { imageData: { data: 'x' } }, 'imageData'],
  ] as const)('%s %s with %j names the field %s', async (method, target, payload, field) => {
    const url =
      { song: `/api/songs/${songId}`, preview: `/api/songs/full-preview-position/${songId}` }[target as string] ??
      { album: `/api/albums/update/${albumId}`, artwork: `/api/albums/upload/artwork/${albumId}` }[target as string] ??
      target;
    const res = await send({ method, url, payload });
    expectClientError(res, 400, `${target} ${field}`);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('answers 400 with an error body for ids that are not UUIDs, on every route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/songs/1', undefined],
      ['PUT', '/api/songs/1', {}],
      ['DELETE', '/api/songs/1', undefined],
      ['DELETE', '/api/songs/remove/1', undefined],
      ['GET', '/api/songs/artist/1', undefined],
      ['PUT', '/api/songs/full-preview-position/1', { position: 0 }],
      ['PUT', '/api/songs/full-preview-remove/1', {}],
      ['GET', '/api/albums/1', undefined],
      ['PATCH', '/api/albums/update/1', {}],
      ['GET', '/api/albums/artist/1', undefined],
      ['DELETE', '/api/albums/1', undefined],
      ['PUT', '/api/albums/upload/artwork/1', { imageData: 'x' }],
      ['GET', `/api/songs/${"'; drop table songs; --"}`, undefined],
    ] as const) {
      const res = await send({ method, url, ...(payload ? { payload } : {}) });
      expectClientError(res, 400, `${method} ${url}`);
    }
  });

  it('answers 400 to bad paging', async () => {
    for (const query of ['page=-1', 'page=1.5', 'limit=abc', 'limit=101']) {
      expectClientError(await send({ method: 'GET', url: `/api/songs?${query}` }), 400, query);
      expectClientError(
        await send({ method: 'GET', url: `/api/songs/artist/${artist.artistId}?${query}` }),
        400,
        query,
      );
    }
  });

  it('answers 400, not 500, to imageData that is not base64', async () => {
    const res = await send({
      method: 'PUT',
      url: `/api/albums/upload/artwork/${albumId}`,
      payload: { imageData: 'data:image/png;base64,<script>alert(1)</script>' },
    });
    expectClientError(res, 400, 'imageData');
  });
});

describe('unknown fields', () => {
  it('ignores fields a route does not take, and never lets them through', async () => {
    const created = await send({
      method: 'POST',
      url: '/api/songs',
      payload: { releaseDate: '03/15/2024', status: 'ready', plays: 10, id: songId, surprise: { deep: [1] } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', plays: 0 });
    expect(created.json().id).not.toBe(songId);
    const album = await send({
      method: 'POST',
      url: '/api/albums/create',
      payload: { name: 'Extra', artwork: 'evil.png', artworkKey: '../../etc/passwd', createdAt: 'yesterday' },
    });
    expect(album.statusCode).toBe(201);
    expect(album.json()).toMatchObject({ artwork: null, artworkPath: '' });
    const removed = await send({ method: 'PUT', url: `/api/songs/full-preview-remove/${songId}` });
    expect(removed.statusCode).toBe(200);
  });
});
