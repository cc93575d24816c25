import { findGenreByLabel } from '../../modules/genres/genres.service.js';
import { createPlaylist } from '../factories.js';
import { everyone, matrix, unapprovedArtistOnly, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** `otherArtist` is PENDING: its summary is for itself and admins; anyone else (signed out too) gets 404. */
const pendingSummary = matrix({ otherArtist: 200, admin: 200, rest: 404 });

const rockId = async (w: MatrixWorld) => (await findGenreByLabel(w.t.app.ctx.db, 'Rock'))!.id;

/** One playlist for every row that reads one (made on first use). */
const playlists = new WeakMap<MatrixWorld, Promise<string>>();
function matrixPlaylist(w: MatrixWorld): Promise<string> {
  let id = playlists.get(w);
  if (!id) {
    id = createPlaylist(w.t.app, { title: 'Matrix mix', showOnFrontPage: true, position: 0 }, [w.ids.readySong]);
    playlists.set(w, id);
  }
  return id;
}

export const discoveryRows: MatrixRow[] = [
  {
    route: 'GET /api/bff/members/hero-artist',
    request: () => ({ method: 'GET', url: '/api/bff/members/hero-artist' }),
    // Public since /discover (docs/decisions/0049): the same answer for everyone.
    expected: everyone(200),
  },
  {
    route: 'GET /api/bff/members/artist-summary/:artistId',
    case: 'an ACTIVE artist',
    request: (w) => ({ method: 'GET', url: `/api/bff/members/artist-summary/${w.people.artist.artistId}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/bff/members/artist-summary/:artistId',
    case: 'a PENDING artist',
    request: (w) => ({ method: 'GET', url: `/api/bff/members/artist-summary/${w.people.otherArtist.artistId}` }),
    expected: pendingSummary,
  },
  {
    route: 'GET /api/bff/members/artist-summary/:artistId',
    case: 'not an id',
    request: () => ({ method: 'GET', url: '/api/bff/members/artist-summary/not-an-id' }),
    expected: everyone(400),
  },
  {
    route: 'GET /api/playlists/agg/member-home-lists',
    request: () => ({ method: 'GET', url: '/api/playlists/agg/member-home-lists' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/artist-pages/:slug',
    case: 'an ACTIVE artist',
    request: (w) => ({ method: 'GET', url: `/api/artist-pages/${w.people.artist.artist.slug}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/artist-pages/:slug',
    case: 'a PENDING artist',
    request: (w) => ({ method: 'GET', url: `/api/artist-pages/${w.people.otherArtist.artist.slug}` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'GET /api/artist-pages/:slug',
    case: 'not a slug',
    request: () => ({ method: 'GET', url: '/api/artist-pages/Not_A_Slug' }),
    expected: everyone(404),
  },
  {
    route: 'GET /api/genres/:id/page',
    request: async (w) => ({ method: 'GET', url: `/api/genres/${await rockId(w)}/page` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/genres/:id/page',
    case: 'not an id',
    request: () => ({ method: 'GET', url: '/api/genres/rock/page' }),
    expected: everyone(400),
  },
  {
    route: 'GET /api/playlists/:id',
    request: async (w) => ({ method: 'GET', url: `/api/playlists/${await matrixPlaylist(w)}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/playlists/:id',
    case: 'an unknown playlist',
    request: () => ({ method: 'GET', url: `/api/playlists/${crypto.randomUUID()}` }),
    expected: everyone(404),
  },
];
