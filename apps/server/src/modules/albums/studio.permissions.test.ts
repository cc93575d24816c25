import type { InjectOptions } from 'fastify';
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
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Who may call each songs and albums route of docs/studio-api.md (uploads, playback and downloads are
 * covered with the upload protocol). `artist` owns the content; `otherArtist` is an artist not yet approved.
 */
const ACTORS = ['anonymous', 'fan', 'otherFan', 'artist', 'otherArtist', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

let t: TestApp;
let artist: TestArtist;
let otherArtist: TestArtist;
let cookies: Record<Actor, string | undefined>;
let ids: { readySong: string; pendingSong: string; album: string; pendingArtistAlbum: string };
let image: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  otherArtist = await createArtist(t.app);
  const people: Record<Exclude<Actor, 'anonymous'>, TestUser> = {
    fan: await createUser(t.app),
    otherFan: await createUser(t.app),
    artist,
    otherArtist,
    admin: await createAdmin(t.app),
  };
  cookies = { anonymous: undefined } as Record<Actor, string | undefined>;
  for (const [actor, user] of Object.entries(people)) cookies[actor as Actor] = await signIn(t.app, user);
  const readySong = await createSong(t.app, artist.artistId, { status: 'ready' });
  ids = {
    readySong: readySong.id,
    pendingSong: (await createSong(t.app, artist.artistId)).id,
    album: (await createAlbum(t.app, artist.artistId, { songIds: [readySong.id] })).id,
    pendingArtistAlbum: (await createAlbum(t.app, otherArtist.artistId)).id,
  };
  image = await makeImageDataUrl();
});
afterAll(async () => t.close());

const matrix = (statuses: Partial<Expected> & { rest: number }): Expected =>
  Object.fromEntries(ACTORS.map((a) => [a, statuses[a] ?? statuses.rest])) as Expected;
const everyone = (status: number) => matrix({ rest: status });
/** The owner and admins; other signed-in users are refused and the signed-out must sign in. */
const ownerOrAdmin = (status = 200) => matrix({ anonymous: 401, artist: status, admin: status, rest: 403 });
/** Content of an artist not yet approved: only that artist and admins see it. */
const unapprovedArtistOnly = matrix({ otherArtist: 200, admin: 200, rest: 404 });
/** Creating content for the artist: the artist and admins (who name the artist). */
const createForArtist = matrix({ anonymous: 401, artist: 201, admin: 201, rest: 403 });

interface Case {
  name: string;
  request: () => Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const freshSong = async () => (await createSong(t.app, artist.artistId)).id;
const freshAlbum = async () => (await createAlbum(t.app, artist.artistId)).id;

const songCases: Case[] = [
  {
    name: 'POST /api/songs for the artist',
    request: () => ({
      method: 'POST',
      url: '/api/songs',
      payload: { releaseDate: '03/15/2024', artistID: artist.artistId },
    }),
    expected: createForArtist,
  },
  {
    name: 'POST /api/songs for oneself',
    request: () => ({ method: 'POST', url: '/api/songs', payload: { releaseDate: '03/15/2024' } }),
    expected: matrix({ anonymous: 401, artist: 201, otherArtist: 201, admin: 400, rest: 403 }),
  },
  { name: 'GET /api/songs', request: () => ({ method: 'GET', url: '/api/songs' }), expected: everyone(200) },
  {
    name: 'GET /api/songs/{ready song}',
    request: () => ({ method: 'GET', url: `/api/songs/${ids.readySong}` }),
    expected: everyone(200),
  },
  {
    name: 'GET /api/songs/{pending song}',
    request: () => ({ method: 'GET', url: `/api/songs/${ids.pendingSong}` }),
    expected: matrix({ artist: 200, admin: 200, rest: 404 }),
  },
  {
    name: 'PUT /api/songs/{id}',
    request: () => ({ method: 'PUT', url: `/api/songs/${ids.pendingSong}`, payload: { title: 'Matrix' } }),
    expected: ownerOrAdmin(),
  },
  {
    name: 'DELETE /api/songs/{id}',
    request: async () => ({ method: 'DELETE', url: `/api/songs/${await freshSong()}` }),
    expected: ownerOrAdmin(),
  },
  {
    name: 'DELETE /api/songs/remove/{id}',
    request: async () => ({ method: 'DELETE', url: `/api/songs/remove/${await freshSong()}` }),
    expected: ownerOrAdmin(),
  },
  {
    name: 'GET /api/songs/artist/{active artist}',
    request: () => ({ method: 'GET', url: `/api/songs/artist/${artist.artistId}` }),
    expected: everyone(200),
  },
  {
    name: 'GET /api/songs/artist/{unapproved artist}',
    request: () => ({ method: 'GET', url: `/api/songs/artist/${otherArtist.artistId}` }),
    expected: unapprovedArtistOnly,
  },
  {
    name: 'PUT /api/songs/full-preview-position/{id}',
    request: () => ({
      method: 'PUT',
      url: `/api/songs/full-preview-position/${ids.readySong}`,
      payload: { position: 0, artistID: artist.artistId },
    }),
    expected: ownerOrAdmin(),
  },
  {
    name: 'PUT /api/songs/full-preview-remove/{id}',
    request: () => ({ method: 'PUT', url: `/api/songs/full-preview-remove/${ids.readySong}`, payload: {} }),
    expected: ownerOrAdmin(),
  },
];

const albumCases: Case[] = [
  ...['/api/albums/create', '/api/albums'].map((url) => ({
    name: `POST ${url}`,
    request: () => ({ method: 'POST' as const, url, payload: { name: 'Matrix', artistID: artist.artistId } }),
    expected: createForArtist,
  })),
  ...['/api/albums/update/', '/api/albums/'].map((url) => ({
    name: `PATCH ${url}{id}`,
    request: () => ({ method: 'PATCH' as const, url: `${url}${ids.album}`, payload: { name: 'Renamed' } }),
    expected: ownerOrAdmin(),
  })),
  {
    name: 'GET /api/albums/{id}',
    request: () => ({ method: 'GET', url: `/api/albums/${ids.album}` }),
    expected: everyone(200),
  },
  {
    name: "GET /api/albums/{unapproved artist's album}",
    request: () => ({ method: 'GET', url: `/api/albums/${ids.pendingArtistAlbum}` }),
    expected: unapprovedArtistOnly,
  },
  {
    name: 'GET /api/albums/artist/{active artist}',
    request: () => ({ method: 'GET', url: `/api/albums/artist/${artist.artistId}` }),
    expected: everyone(200),
  },
  {
    name: 'GET /api/albums/artist/{unapproved artist}',
    request: () => ({ method: 'GET', url: `/api/albums/artist/${otherArtist.artistId}` }),
    expected: unapprovedArtistOnly,
  },
  {
    name: 'DELETE /api/albums/{id}',
    request: async () => ({ method: 'DELETE', url: `/api/albums/${await freshAlbum()}` }),
    expected: ownerOrAdmin(),
  },
  {
    name: 'PUT /api/albums/upload/artwork/{id}',
    request: () => ({ method: 'PUT', url: `/api/albums/upload/artwork/${ids.album}`, payload: { imageData: image } }),
    expected: ownerOrAdmin(),
  },
];

const errorCodes: Record<number, string> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};

async function statusesFor(testCase: Case): Promise<Expected> {
  const actual = {} as Expected;
  for (const actor of ACTORS) {
    const options = await testCase.request();
    const cookie = cookies[actor];
    const res = await t.app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
    actual[actor] = res.statusCode;
    if (res.statusCode >= 400)
      expect(res.json().error.code, `${testCase.name} as ${actor}`).toBe(errorCodes[res.statusCode]);
  }
  return actual;
}

describe('songs permission matrix', () => {
  it.each(songCases)('$name', async (testCase) => {
    expect(await statusesFor(testCase)).toEqual(testCase.expected);
  });
});

describe('albums permission matrix', () => {
  it.each(albumCases)('$name', async (testCase) => {
    expect(await statusesFor(testCase)).toEqual(testCase.expected);
  });
});

describe('refused writes change nothing', () => {
  it("leaves the artist's song and album as they were after other people's attempts", async () => {
    const song = await createSong(t.app, artist.artistId, { title: 'Untouched' });
    const album = await createAlbum(t.app, artist.artistId, { name: 'Untouched', songIds: [song.id] });
    for (const actor of ['anonymous', 'fan', 'otherFan', 'otherArtist'] as const) {
      const cookie = cookies[actor];
      const headers = cookie ? { cookie } : {};
      await t.app.inject({ method: 'PUT', url: `/api/songs/${song.id}`, payload: { title: 'Hacked' }, headers });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/albums/update/${album.id}`,
        payload: { name: 'Hacked', songs: [] },
        headers,
      });
      await t.app.inject({ method: 'DELETE', url: `/api/songs/${song.id}`, headers });
      await t.app.inject({ method: 'DELETE', url: `/api/albums/${album.id}`, headers });
    }
    const owner = { cookie: cookies.artist! };
    const songNow = await t.app.inject({ method: 'GET', url: `/api/songs/${song.id}`, headers: owner });
    expect(songNow.json().title).toBe('Untouched');
    const albumNow = await t.app.inject({ method: 'GET', url: `/api/albums/${album.id}`, headers: owner });
    expect(albumNow.json()).toMatchObject({ name: 'Untouched', songs: [song.id] });
  });
});
