import { findGenreByLabel } from '../../modules/genres/genres.service.js';
import { createAlbum, createPlaylist } from '../factories.js';
import { everyone, unapprovedArtistOnly, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/**
 * The public catalogue's pages, robots.txt and the sitemap (docs/decisions/0049): the same for every actor,
 * except a PENDING artist's album, which only that artist and admins see (its page is the app's 404 for others,
 * as its artist page is). Run with the web app served (public-pages.permissions.test.ts).
 */
const rockId = async (w: MatrixWorld) => (await findGenreByLabel(w.t.app.ctx.db, 'Rock'))!.id;

const made = new WeakMap<MatrixWorld, Promise<{ playlist: string; pendingAlbum: string }>>();
function things(w: MatrixWorld) {
  let found = made.get(w);
  if (!found) {
    found = (async () => ({
      playlist: await createPlaylist(w.t.app, { title: 'Public mix' }, [w.ids.readySong]),
      pendingAlbum: (await createAlbum(w.t.app, w.people.otherArtist.artistId, { songIds: [w.ids.hiddenSong] })).id,
    }))();
    made.set(w, found);
  }
  return found;
}

const page = (url: string) => ({ method: 'GET' as const, url, headers: { accept: 'text/html' } });

export const publicPageRows: MatrixRow[] = [
  { route: 'GET /discover', request: () => page('/discover'), expected: everyone(200) },
  { route: 'GET /discover/search', request: () => page('/discover/search?s=test'), expected: everyone(200) },
  {
    route: 'GET /discover/genres/:id',
    request: async (w) => page(`/discover/genres/${await rockId(w)}`),
    expected: everyone(200),
  },
  {
    route: 'GET /discover/genres/:id',
    case: 'not an id',
    request: () => page('/discover/genres/rock'),
    expected: everyone(404),
  },
  {
    route: 'GET /discover/playlists/:id',
    request: async (w) => page(`/discover/playlists/${(await things(w)).playlist}`),
    expected: everyone(200),
  },
  {
    route: 'GET /a/:slug/albums/:id',
    case: 'an ACTIVE artist’s album',
    request: (w) => page(`/a/${w.people.artist.artist.slug}/albums/${w.ids.album}`),
    expected: everyone(200),
  },
  {
    route: 'GET /a/:slug/albums/:id',
    case: 'a PENDING artist’s album',
    request: async (w) => page(`/a/${w.people.otherArtist.artist.slug}/albums/${(await things(w)).pendingAlbum}`),
    expected: unapprovedArtistOnly,
  },
  { route: 'GET /robots.txt', request: () => ({ method: 'GET', url: '/robots.txt' }), expected: everyone(200) },
  { route: 'GET /sitemap.xml', request: () => ({ method: 'GET', url: '/sitemap.xml' }), expected: everyone(200) },
  {
    route: 'GET /sitemap-:page.xml',
    case: 'past the end',
    request: () => ({ method: 'GET', url: '/sitemap-2.xml' }),
    expected: everyone(404),
  },
];
