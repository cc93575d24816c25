import { createGenre, createUser, makeImageDataUrl } from '../factories.js';
import { everyone, matrix, signedInOnly, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';
import { injectAs } from '../route-cast.js';

/** The admin's curation and accounts: admins only; other signed-in users 403, signed out 401. */
const adminOnly = (status = 200) => matrix({ anonymous: 401, admin: status, rest: 403 });

const unique = (what: string) => `Matrix ${what} ${crypto.randomUUID().slice(0, 8)}`;
const freshGenre = (w: MatrixWorld) => createGenre(w.t.app, unique('genre'));

async function freshLabel(w: MatrixWorld): Promise<string> {
  const admin = w.cookies.admin!;
  const res = await injectAs(w.t, admin, {
    method: 'POST',
    url: '/api/labels/create',
    payload: { name: unique('label') },
  });
  return res.json().id;
}

export const genreRows: MatrixRow[] = [
  { route: 'GET /api/genres', request: () => ({ method: 'GET', url: '/api/genres' }), expected: everyone(200) },
  {
    route: 'GET /api/genres/:id',
    request: async (w) => ({ method: 'GET', url: `/api/genres/${await freshGenre(w)}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/genres/:id',
    case: 'an unknown genre',
    request: () => ({ method: 'GET', url: `/api/genres/${crypto.randomUUID()}` }),
    expected: everyone(404),
  },
  {
    route: 'GET /api/genres/search/:search',
    request: () => ({ method: 'GET', url: '/api/genres/search/roc' }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/genres/create',
    request: () => ({ method: 'POST', url: '/api/genres/create', payload: { label: unique('created') } }),
    expected: adminOnly(201),
  },
  {
    route: 'POST /api/genres',
    request: () => ({ method: 'POST', url: '/api/genres', payload: { genres: [unique('bulk'), unique('bulk')] } }),
    expected: adminOnly(),
  },
  {
    route: 'PATCH /api/genres/:id',
    request: async (w) => ({
      method: 'PATCH',
      url: `/api/genres/${await freshGenre(w)}`,
      payload: { label: unique('renamed') },
    }),
    expected: adminOnly(),
  },
  ...['/api/genres/remove/:id', '/api/genres/:id'].map((url): MatrixRow => ({
    route: `DELETE ${url}`,
    request: async (w) => ({ method: 'DELETE', url: url.replace(':id', await freshGenre(w)) }),
    expected: adminOnly(),
  })),
  {
    route: 'DELETE /api/genres/:id',
    case: 'moving its artists to another genre first',
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/genres/${await freshGenre(w)}?moveArtistsTo=${await freshGenre(w)}`,
    }),
    expected: adminOnly(),
  },
  ...(['PUT', 'POST'] as const).map((method): MatrixRow => ({
    route: `${method} /api/genres/upload/artwork/:id`,
    request: async (w) => ({
      method,
      url: `/api/genres/upload/artwork/${await freshGenre(w)}`,
      payload: { imageData: await makeImageDataUrl() },
    }),
    expected: adminOnly(),
  })),
];

export const labelRows: MatrixRow[] = [
  { route: 'GET /api/labels', request: () => ({ method: 'GET', url: '/api/labels' }), expected: adminOnly() },
  {
    route: 'GET /api/labels/:id',
    request: async (w) => ({ method: 'GET', url: `/api/labels/${await freshLabel(w)}` }),
    expected: adminOnly(),
  },
  {
    route: 'GET /api/labels/:id',
    case: 'an unknown label',
    request: () => ({ method: 'GET', url: `/api/labels/${crypto.randomUUID()}` }),
    expected: adminOnly(404),
  },
  ...['/api/labels/create', '/api/labels'].map((url): MatrixRow => ({
    route: `POST ${url}`,
    request: () => ({ method: 'POST', url, payload: { name: unique('label') } }),
    expected: adminOnly(201),
  })),
  ...(['PUT', 'PATCH'] as const).map((method): MatrixRow => ({
    route: `${method} /api/labels/:id`,
    request: async (w) => ({ method, url: `/api/labels/${await freshLabel(w)}`, payload: { active: false } }),
    expected: adminOnly(),
  })),
  {
    route: 'DELETE /api/labels/:id',
    request: async (w) => ({ method: 'DELETE', url: `/api/labels/${await freshLabel(w)}` }),
    expected: adminOnly(),
  },
];

export const documentRows: MatrixRow[] = [
  { route: 'GET /api/documents', request: () => ({ method: 'GET', url: '/api/documents' }), expected: everyone(200) },
  {
    route: 'GET /api/documents/:id',
    request: () => ({ method: 'GET', url: '/api/documents/user-terms' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/documents/notices',
    request: () => ({ method: 'GET', url: '/api/documents/notices' }),
    expected: signedInOnly(),
  },
  {
    route: 'GET /api/documents/:id/versions',
    request: () => ({ method: 'GET', url: '/api/documents/privacy-policy/versions' }),
    expected: adminOnly(),
  },
  {
    route: 'PATCH /api/documents/:id',
    request: (_w, actor) => ({
      method: 'PATCH',
      url: '/api/documents/privacy-policy',
      payload: { content: `<h2 id="matrix">Matrix</h2><p>Published by ${actor}.</p>` },
    }),
    expected: adminOnly(),
  },
];

export const adminUserRows: MatrixRow[] = [
  {
    route: 'GET /api/paged/users',
    request: () => ({ method: 'GET', url: '/api/paged/users?role=SUBSCRIBER&page=1&limit=12' }),
    expected: adminOnly(),
  },
  ...['disable', 'enable'].map((action): MatrixRow => ({
    route: `POST /api/users/:id/${action}`,
    request: async (w) => ({ method: 'POST', url: `/api/users/${(await createUser(w.t.app)).id}/${action}` }),
    expected: adminOnly(),
  })),
];
