import { insertPhoto } from '../../modules/artists/artists.repository.js';
import { makeImage, makeImageDataUrl, multipart } from '../factories.js';
import { everyone, matrix, ownerOrAdmin, unapprovedArtistOnly, type MatrixRow } from '../permission-matrix.js';

/** Changing the PENDING `otherArtist`: only itself and admins; to others it does not exist (404). */
const hiddenArtistSelfOrAdmin = matrix({ anonymous: 401, otherArtist: 200, admin: 200, rest: 404 });

export const artistRows: MatrixRow[] = [
  {
    route: 'GET /api/artists/:id',
    case: 'an ACTIVE artist',
    request: (w) => ({ method: 'GET', url: `/api/artists/${w.people.artist.artistId}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/artists/:id',
    case: 'a PENDING artist',
    request: (w) => ({ method: 'GET', url: `/api/artists/${w.people.otherArtist.artistId}` }),
    expected: unapprovedArtistOnly,
  },
  { route: 'GET /api/artists', request: () => ({ method: 'GET', url: '/api/artists' }), expected: everyone(200) },
  ...(['PUT', 'PATCH'] as const).flatMap((method): MatrixRow[] => [
    {
      route: `${method} /api/artists/:id`,
      case: 'an ACTIVE artist',
      request: (w) => ({ method, url: `/api/artists/${w.people.artist.artistId}`, payload: { bio: '<p>Matrix</p>' } }),
      expected: ownerOrAdmin(),
    },
    {
      route: `${method} /api/artists/:id`,
      case: 'a PENDING artist',
      request: (w) => ({
        method,
        url: `/api/artists/${w.people.otherArtist.artistId}`,
        payload: { bio: '<p>Matrix</p>' },
      }),
      expected: hiddenArtistSelfOrAdmin,
    },
  ]),
  {
    route: 'POST /api/banner-image/upload/:id',
    case: 'multipart',
    request: async (w) => {
      const banner = await makeImage('png', 200, 100);
      const form = multipart([{ name: 'bannerImageData', data: banner, fileName: 'b.png', type: 'image/png' }]);
      return { method: 'POST', url: `/api/banner-image/upload/${w.people.artist.artistId}`, ...form };
    },
    expected: ownerOrAdmin(),
  },
  {
    route: 'POST /api/artist-photo/upload/:id',
    request: async (w) => ({
      method: 'POST',
      url: `/api/artist-photo/upload/${w.people.artist.artistId}`,
      payload: { imgData: await makeImageDataUrl() },
    }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'POST /api/artist-photo/upload/:id',
    case: 'a PENDING artist',
    request: async (w) => ({
      method: 'POST',
      url: `/api/artist-photo/upload/${w.people.otherArtist.artistId}`,
      payload: { imgData: await makeImageDataUrl() },
    }),
    expected: hiddenArtistSelfOrAdmin,
  },
  {
    route: 'DELETE /api/artist-photo/:id',
    request: async (w) => {
      const artistId = w.people.artist.artistId;
      const key = `band-photos/matrix/photo-${crypto.randomUUID()}.png`;
      await insertPhoto(w.t.app.ctx.db, artistId, key);
      return { method: 'DELETE', url: `/api/artist-photo/${artistId}`, payload: { path: `/media/${key}` } };
    },
    expected: ownerOrAdmin(),
  },
];
