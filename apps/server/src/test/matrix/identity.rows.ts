import { findGenreByLabel } from '../../modules/genres/genres.service.js';
import { makeImageDataUrl, signIn, TEST_PASSWORD, uniqueEmail } from '../factories.js';
import { everyone, matrix, signedInOnly, type ActorName, type Expected, type MatrixRow } from '../permission-matrix.js';

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

/** The account's own user and admins; others signed in are refused (accounts are not hidden: 403). */
const selfOrAdmin = (owner: ActorName): Expected => matrix({ anonymous: 401, [owner]: 200, admin: 200, rest: 403 });
const selfOnly = (owner: ActorName): Expected => matrix({ anonymous: 401, [owner]: 200, rest: 403 });

function accountRows(owner: 'fan' | 'artist'): MatrixRow[] {
  const id = (w: Parameters<MatrixRow['request']>[0]) => w.people[owner].id;
  return [
    {
      route: 'PUT /api/users/:id',
      case: owner,
      request: (w) => ({ method: 'PUT', url: `/api/users/${id(w)}`, payload: { firstName: 'Matrix' } }),
      expected: selfOrAdmin(owner),
    },
    {
      route: 'PATCH /api/users/:id',
      case: `${owner}: the spec's generic save`,
      request: (w) => ({ method: 'PATCH', url: `/api/users/${id(w)}`, payload: { firstName: 'Matrix' } }),
      expected: selfOrAdmin(owner),
    },
    {
      route: 'GET /api/users/:id',
      case: owner,
      request: (w) => ({ method: 'GET', url: `/api/users/${id(w)}` }),
      expected: selfOrAdmin(owner),
    },
    {
      route: 'PUT /api/users/password/:id',
      case: owner,
      request: (w) => ({
        method: 'PUT',
        url: `/api/users/password/${id(w)}`,
        payload: { currentPassword: password, password, confirmPassword: password },
      }),
      expected: selfOnly(owner),
    },
    {
      route: 'POST /api/profile-image/upload/:id',
      case: owner,
      request: async (w) => ({
        method: 'POST',
        url: `/api/profile-image/upload/${id(w)}`,
        payload: { fileName: 'a.png', imageData: await makeImageDataUrl() },
      }),
      expected: selfOrAdmin(owner),
    },
    {
      route: 'DELETE /api/users/remove/profile-image/:id',
      case: owner,
      request: (w) => ({ method: 'DELETE', url: `/api/users/remove/profile-image/${id(w)}` }),
      expected: selfOrAdmin(owner),
    },
  ];
}

export const identityRows: MatrixRow[] = [
  {
    route: 'GET /api/auth/session',
    request: () => ({ method: 'GET', url: '/api/auth/session' }),
    expected: everyone(200),
  },
  ...accountRows('fan'),
  ...accountRows('artist'),
  {
    route: 'PUT /api/users/:id',
    case: 'an unknown account',
    request: () => ({ method: 'PUT', url: `/api/users/${crypto.randomUUID()}`, payload: { firstName: 'Matrix' } }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
  {
    route: 'GET /api/users/:id',
    case: 'an unknown account',
    request: () => ({ method: 'GET', url: `/api/users/${crypto.randomUUID()}` }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
  {
    route: 'GET /api/users/session/profile',
    request: () => ({ method: 'GET', url: '/api/users/session/profile' }),
    expected: signedInOnly(),
  },
  { route: 'GET /api/initial', request: () => ({ method: 'GET', url: '/api/initial' }), expected: signedInOnly() },
  { route: 'GET /api/genres', request: () => ({ method: 'GET', url: '/api/genres' }), expected: everyone(200) },
  {
    route: 'GET /api/users/check-email/:email',
    request: () => ({ method: 'GET', url: '/api/users/check-email/a%40b.co' }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/users/create',
    request: () => ({ method: 'POST', url: '/api/users/create', payload: { ...signUpUser(), role: 'subscriber' } }),
    expected: everyone(201),
  },
  {
    route: 'POST /api/artists/create',
    request: async (w) => ({
      method: 'POST',
      url: '/api/artists/create',
      payload: {
        user: signUpUser(),
        artist: { name: 'Matrix Band', genre: (await findGenreByLabel(w.t.app.ctx.db, 'Rock'))!.id },
      },
    }),
    expected: everyone(201),
  },
  {
    route: 'POST /api/auth',
    case: 'a wrong password',
    request: (w) => ({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: w.people.fan.email, password: 'Nope-2025!' },
    }),
    expected: everyone(401),
  },
  {
    route: 'POST /api/auth/confirm-user',
    case: 'a wrong code',
    request: (w) => ({
      method: 'POST',
      url: '/api/auth/confirm-user',
      payload: { email: w.people.fan.email, code: '000000' },
    }),
    expected: everyone(400),
  },
  {
    route: 'POST /api/auth/resend-code',
    request: (w) => ({ method: 'POST', url: '/api/auth/resend-code', payload: { email: w.people.fan.email } }),
    expected: everyone(202),
  },
  {
    route: 'POST /api/auth/logout',
    request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    // Signing out ends every session of the user, the matrix's own included: sign in again.
    after: async (w, actor) => {
      if (actor !== 'anonymous') w.cookies[actor] = await signIn(w.t.app, w.people[actor]);
    },
    expected: everyone(200),
  },
];
