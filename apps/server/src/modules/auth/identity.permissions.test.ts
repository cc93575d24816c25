import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createArtist,
  createUser,
  makeImageDataUrl,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findGenreByLabel } from '../genres/genres.service.js';

const ACTORS = ['anonymous', 'fan', 'otherFan', 'artist', 'otherArtist', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

let t: TestApp;
let people: Record<Exclude<Actor, 'anonymous'>, TestUser>;
let cookies: Record<Actor, string | undefined>;
let image: string;
let rockId: string;

beforeAll(async () => {
  t = await createTestApp();
  people = {
    fan: await createUser(t.app),
    otherFan: await createUser(t.app),
    artist: await createArtist(t.app),
    otherArtist: await createArtist(t.app),
    admin: await createAdmin(t.app),
  };
  cookies = { anonymous: undefined } as Record<Actor, string | undefined>;
  for (const [actor, user] of Object.entries(people)) cookies[actor as Actor] = await signIn(t.app, user);
  image = await makeImageDataUrl();
  rockId = (await findGenreByLabel(t.app.ctx.db, 'Rock'))!.id;
});
afterAll(async () => t.close());

/** Only the owner and admins; everyone else signed in is refused, the signed-out must sign in. */
const selfOrAdmin = (owner: Actor): Expected =>
  Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : a === owner || a === 'admin' ? 200 : 403]),
  ) as Expected;
const selfOnly = (owner: Actor): Expected =>
  Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : a === owner ? 200 : 403])) as Expected;
const signedInOnly: Expected = { anonymous: 401, fan: 200, otherFan: 200, artist: 200, otherArtist: 200, admin: 200 };
const everyone = (status: number): Expected => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expected;

const password = TEST_PASSWORD;
const signUpUser = () => ({
  firstName: 'M',
  lastName: 'X',
  email: uniqueEmail('matrix'),
  password,
  confirmPassword: password,
  dob: '01/01/1990',
  gender: 'MALE',
});

interface Case {
  name: string;
  request: () => InjectOptions;
  expected: Expected;
}

function ownedCases(owner: 'fan' | 'artist'): Case[] {
  const id = () => people[owner].id;
  return [
    {
      name: `PUT /api/users/{${owner}}`,
      request: () => ({ method: 'PUT', url: `/api/users/${id()}`, payload: { firstName: 'Matrix' } }),
      expected: selfOrAdmin(owner),
    },
    {
      name: `PUT /api/users/password/{${owner}}`,
      request: () => ({
        method: 'PUT',
        url: `/api/users/password/${id()}`,
        payload: { currentPassword: password, password, confirmPassword: password },
      }),
      expected: selfOnly(owner),
    },
    {
      name: `POST /api/profile-image/upload/{${owner}}`,
      request: () => ({
        method: 'POST',
        url: `/api/profile-image/upload/${id()}`,
        payload: { fileName: 'a.png', imageData: image },
      }),
      expected: selfOrAdmin(owner),
    },
    {
      name: `DELETE /api/users/remove/profile-image/{${owner}}`,
      request: () => ({ method: 'DELETE', url: `/api/users/remove/profile-image/${id()}` }),
      expected: selfOrAdmin(owner),
    },
  ];
}

const cases: Case[] = [
  ...ownedCases('fan'),
  ...ownedCases('artist'),
  {
    name: 'GET /api/users/session/profile',
    request: () => ({ method: 'GET', url: '/api/users/session/profile' }),
    expected: signedInOnly,
  },
  { name: 'GET /api/initial', request: () => ({ method: 'GET', url: '/api/initial' }), expected: signedInOnly },
  {
    name: 'GET /api/auth/session',
    request: () => ({ method: 'GET', url: '/api/auth/session' }),
    expected: everyone(200),
  },
  { name: 'GET /api/genres', request: () => ({ method: 'GET', url: '/api/genres' }), expected: everyone(200) },
  {
    name: 'GET /api/users/check-email/{email}',
    request: () => ({ method: 'GET', url: '/api/users/check-email/a%40b.co' }),
    expected: everyone(200),
  },
  {
    name: 'POST /api/users/create',
    request: () => ({ method: 'POST', url: '/api/users/create', payload: { ...signUpUser(), role: 'subscriber' } }),
    expected: everyone(201),
  },
  {
    name: 'POST /api/artists/create',
    request: () => ({
      method: 'POST',
      url: '/api/artists/create',
      payload: { user: signUpUser(), artist: { name: 'Matrix Band', genre: rockId } },
    }),
    expected: everyone(201),
  },
  {
    name: 'POST /api/auth (wrong password)',
    request: () => ({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: people.fan.email, password: 'Nope-2025!' },
    }),
    expected: everyone(401),
  },
  {
    name: 'POST /api/auth/confirm-user (wrong code)',
    request: () => ({
      method: 'POST',
      url: '/api/auth/confirm-user',
      payload: { email: people.fan.email, code: '000000' },
    }),
    expected: everyone(400),
  },
  {
    name: 'POST /api/auth/resend-code',
    request: () => ({ method: 'POST', url: '/api/auth/resend-code', payload: { email: people.fan.email } }),
    expected: everyone(202),
  },
];

describe('identity permission matrix', () => {
  for (const testCase of cases) {
    it.each(ACTORS)(`${testCase.name} as %s`, async (actor) => {
      const request = testCase.request();
      const cookie = cookies[actor];
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
      expect(res.statusCode, res.body).toBe(testCase.expected[actor]);
    });
  }

  it.each(ACTORS)('POST /api/auth/logout as %s ends only that user’s sessions', async (actor) => {
    const user = actor === 'anonymous' ? null : people[actor];
    const cookie = user ? await signIn(t.app, user) : undefined;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    if (user) cookies[actor as Actor] = await signIn(t.app, user);
    for (const other of ACTORS.filter((a) => a !== 'anonymous' && a !== actor)) {
      const check = await t.app.inject({ method: 'GET', url: '/api/initial', headers: { cookie: cookies[other]! } });
      expect(check.statusCode, `${other} after ${actor} logged out`).toBe(200);
    }
  });
});
