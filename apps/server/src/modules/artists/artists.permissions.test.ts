import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createArtist,
  createUser,
  makeImage,
  makeImageDataUrl,
  multipart,
  signIn,
  type TestArtist,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertPhoto } from './artists.repository.js';

const ACTORS = ['anonymous', 'fan', 'otherFan', 'artist', 'otherArtist', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

let t: TestApp;
let people: { fan: TestUser; otherFan: TestUser; artist: TestArtist; otherArtist: TestArtist; admin: TestUser };
let cookies: Record<Actor, string | undefined>;
let image: string;
let banner: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  people = {
    fan: await createUser(t.app),
    otherFan: await createUser(t.app),
    artist: await createArtist(t.app),
    otherArtist: await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true } }),
    admin: await createAdmin(t.app),
  };
  cookies = { anonymous: undefined } as Record<Actor, string | undefined>;
  for (const [actor, user] of Object.entries(people)) cookies[actor as Actor] = await signIn(t.app, user);
  image = await makeImageDataUrl('png');
  banner = await makeImage('png', 200, 100);
});
afterAll(async () => t.close());

/** The artist's own user and admins; everyone else signed in is refused; the signed-out must sign in. */
const selfOrAdmin: Expected = { anonymous: 401, fan: 403, otherFan: 403, artist: 200, otherArtist: 403, admin: 200 };
/** A PENDING artist does not exist for anyone but itself and admins. */
const pendingVisibility: Expected = {
  anonymous: 404,
  fan: 404,
  otherFan: 404,
  artist: 200,
  otherArtist: 404,
  admin: 200,
};
const everyone = (status: number): Expected => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expected;

interface Case {
  name: string;
  request: () => Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const pendingId = () => people.artist.artistId;

const cases: Case[] = [
  {
    name: 'GET /api/artists/{pending artist}',
    request: () => ({ method: 'GET', url: `/api/artists/${pendingId()}` }),
    expected: pendingVisibility,
  },
  {
    name: 'GET /api/artists/{active artist}',
    request: () => ({ method: 'GET', url: `/api/artists/${people.otherArtist.artistId}` }),
    expected: everyone(200),
  },
  { name: 'GET /api/artists', request: () => ({ method: 'GET', url: '/api/artists' }), expected: everyone(200) },
  ...(['PUT', 'PATCH'] as const).map((method) => ({
    name: `${method} /api/artists/{artist}`,
    request: () => ({ method, url: `/api/artists/${pendingId()}`, payload: { bio: '<p>Matrix</p>' } }),
    expected: selfOrAdmin,
  })),
  {
    name: 'POST /api/banner-image/upload/{artist} (multipart)',
    request: () => {
      const form = multipart([{ name: 'bannerImageData', data: banner, fileName: 'b.png', type: 'image/png' }]);
      return { method: 'POST', url: `/api/banner-image/upload/${pendingId()}`, ...form };
    },
    expected: selfOrAdmin,
  },
  {
    name: 'POST /api/artist-photo/upload/{artist}',
    request: () => ({ method: 'POST', url: `/api/artist-photo/upload/${pendingId()}`, payload: { imgData: image } }),
    expected: selfOrAdmin,
  },
  {
    name: 'DELETE /api/artist-photo/{artist}',
    request: async () => {
      const key = `band-photos/matrix/photo-${Date.now()}-${Math.random().toString(16).slice(2)}.png`;
      await insertPhoto(t.app.ctx.db, pendingId(), key);
      return { method: 'DELETE', url: `/api/artist-photo/${pendingId()}`, payload: { path: `/media/${key}` } };
    },
    expected: selfOrAdmin,
  },
];

describe('artist profile permission matrix', () => {
  for (const testCase of cases) {
    it.each(ACTORS)(`${testCase.name} as %s`, async (actor) => {
      const request = await testCase.request();
      const cookie = cookies[actor];
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
      expect(res.statusCode, res.body).toBe(testCase.expected[actor]);
    });
  }
});
