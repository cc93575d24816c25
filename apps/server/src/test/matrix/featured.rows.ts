import { createArtist } from '../factories.js';
import { matrix, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';
import { injectAs } from '../route-cast.js';

/** Admin routes: signed out 401, fans and artists 403, admins 200. */
const adminOnly = matrix({ anonymous: 401, admin: 200, rest: 403 });

/** An ACTIVE artist, featured (appended to the order) when asked. */
async function activeArtist(w: MatrixWorld, featured: boolean): Promise<string> {
  const { artistId } = await createArtist(w.t.app, { artist: { status: 'ACTIVE', isSearchable: true } });
  if (featured) {
    const res = await injectAs(w.t, w.cookies.admin!, {
      method: 'PATCH',
      url: `/api/artists/${artistId}`,
      payload: { isFeatured: true },
    });
    if (res.statusCode !== 200) throw new Error(`featuring for the matrix failed: ${res.body}`);
  }
  return artistId;
}

async function featuredIds(w: MatrixWorld): Promise<string[]> {
  const res = await injectAs(w.t, w.cookies.admin!, {
    method: 'GET',
    url: '/api/artists/featured',
  });
  return (res.json() as { items: { id: string }[] }).items.map((artist) => artist.id);
}

export const featuredRows: MatrixRow[] = [
  ...(['PUT', 'PATCH'] as const).map((method): MatrixRow => ({
    route: `${method} /api/artists/:id`,
    case: 'admin-only fields (the owner too is refused)',
    request: (w) => ({
      method,
      url: `/api/artists/${w.people.artist.artistId}`,
      payload: { tier: 'Tier 2', scoreMatrix: [{ label: 'Following', score: 6 }] },
    }),
    expected: adminOnly,
  })),
  {
    route: 'GET /api/artists/featured',
    request: () => ({ method: 'GET', url: '/api/artists/featured' }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/artists/featured/swap',
    request: async (w) => ({
      method: 'POST',
      url: '/api/artists/featured/swap',
      payload: { removeID: await activeArtist(w, true), addID: await activeArtist(w, false) },
    }),
    expected: adminOnly,
  },
  {
    route: 'PUT /api/artists/featured/order',
    request: async (w) => ({
      method: 'PUT',
      url: '/api/artists/featured/order',
      payload: { ids: (await featuredIds(w)).reverse() },
    }),
    expected: adminOnly,
  },
];
