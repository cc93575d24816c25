import { createAlbum, createSong, makeImageDataUrl } from '../factories.js';
import {
  everyone,
  hiddenOwnerOrAdmin,
  matrix,
  ownerOrAdmin,
  unapprovedArtistOnly,
  type MatrixRow,
  type MatrixWorld,
} from '../permission-matrix.js';

/** Creating content for `artist`: the artist and admins (who name the artist); other artists 403, fans too. */
const createForArtist = matrix({ anonymous: 401, artist: 201, admin: 201, rest: 403 });
/** Only `otherArtist` (PENDING) and admins may change its things; to others they do not exist. */
const hiddenArtistSelfOrAdmin = matrix({ anonymous: 401, otherArtist: 200, admin: 200, rest: 404 });

const freshPendingSong = async (w: MatrixWorld) => (await createSong(w.t.app, w.people.artist.artistId)).id;
const freshReadySong = async (w: MatrixWorld) =>
  (await createSong(w.t.app, w.people.artist.artistId, { status: 'ready' })).id;
const freshAlbum = async (w: MatrixWorld) => (await createAlbum(w.t.app, w.people.artist.artistId)).id;

export const songRows: MatrixRow[] = [
  {
    route: 'POST /api/songs',
    case: 'for the artist',
    request: (w) => ({
      method: 'POST',
      url: '/api/songs',
      payload: { releaseDate: '03/15/2024', artistID: w.people.artist.artistId },
    }),
    expected: createForArtist,
  },
  {
    route: 'POST /api/songs',
    case: 'for oneself',
    request: () => ({ method: 'POST', url: '/api/songs', payload: { releaseDate: '03/15/2024' } }),
    expected: matrix({ anonymous: 401, artist: 201, otherArtist: 201, admin: 400, rest: 403 }),
  },
  {
    route: 'POST /api/songs',
    case: 'an empty body: access is decided before validation',
    request: () => ({ method: 'POST', url: '/api/songs', payload: {} }),
    expected: matrix({ anonymous: 401, fan: 403, otherFan: 403, rest: 400 }),
  },
  {
    route: 'GET /api/songs/upload-limits',
    request: () => ({ method: 'GET', url: '/api/songs/upload-limits' }),
    expected: matrix({ anonymous: 401, artist: 200, otherArtist: 200, admin: 400, rest: 403 }),
  },
  { route: 'GET /api/songs', request: () => ({ method: 'GET', url: '/api/songs' }), expected: everyone(200) },
  {
    route: 'GET /api/songs/:id',
    case: 'a ready song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.readySong}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/songs/:id',
    case: 'a pending song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.pendingSong}` }),
    expected: matrix({ artist: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'GET /api/songs/:id',
    case: "an unapproved artist's ready song",
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.hiddenSong}` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'GET /api/songs/:id/peaks',
    case: 'a ready song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.readySong}/peaks` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/songs/:id/peaks',
    case: 'a pending song: seen like the song itself',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.pendingSong}/peaks` }),
    expected: matrix({ artist: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'GET /api/songs/:id/peaks',
    case: "an unapproved artist's ready song",
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.hiddenSong}/peaks` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'PUT /api/songs/:id',
    case: 'a ready song',
    request: (w) => ({ method: 'PUT', url: `/api/songs/${w.ids.readySong}`, payload: { title: 'Matrix' } }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'PUT /api/songs/:id',
    case: 'a pending song',
    request: (w) => ({ method: 'PUT', url: `/api/songs/${w.ids.pendingSong}`, payload: { title: 'Matrix' } }),
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'PUT /api/songs/:id',
    case: "an unapproved artist's song",
    request: (w) => ({ method: 'PUT', url: `/api/songs/${w.ids.hiddenSong}`, payload: { title: 'Matrix' } }),
    expected: hiddenArtistSelfOrAdmin,
  },
  {
    route: 'PATCH /api/songs/:id',
    case: "a ready song: the spec's generic save",
    request: (w) => ({ method: 'PATCH', url: `/api/songs/${w.ids.readySong}`, payload: { title: 'Matrix' } }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'PATCH /api/songs/:id',
    case: 'a pending song',
    request: (w) => ({ method: 'PATCH', url: `/api/songs/${w.ids.pendingSong}`, payload: { title: 'Matrix' } }),
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'DELETE /api/songs/:id',
    case: 'a ready song',
    request: async (w) => ({ method: 'DELETE', url: `/api/songs/${await freshReadySong(w)}` }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'DELETE /api/songs/:id',
    case: 'a pending song',
    request: async (w) => ({ method: 'DELETE', url: `/api/songs/${await freshPendingSong(w)}` }),
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'DELETE /api/songs/remove/:id',
    request: async (w) => ({ method: 'DELETE', url: `/api/songs/remove/${await freshPendingSong(w)}` }),
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'GET /api/songs/artist/:artistID',
    case: 'an ACTIVE artist',
    request: (w) => ({ method: 'GET', url: `/api/songs/artist/${w.people.artist.artistId}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/songs/artist/:artistID',
    case: 'an unapproved artist',
    request: (w) => ({ method: 'GET', url: `/api/songs/artist/${w.people.otherArtist.artistId}` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'PUT /api/songs/full-preview-position/:id',
    request: (w) => ({
      method: 'PUT',
      url: `/api/songs/full-preview-position/${w.ids.readySong}`,
      payload: { position: 0, artistID: w.people.artist.artistId },
    }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'PUT /api/songs/full-preview-remove/:id',
    request: (w) => ({ method: 'PUT', url: `/api/songs/full-preview-remove/${w.ids.readySong}`, payload: {} }),
    expected: ownerOrAdmin(),
  },
];

export const albumRows: MatrixRow[] = [
  ...['/api/albums/create', '/api/albums'].map((url): MatrixRow => ({
    route: `POST ${url}`,
    request: (w) => ({ method: 'POST', url, payload: { name: 'Matrix', artistID: w.people.artist.artistId } }),
    expected: createForArtist,
  })),
  ...['/api/albums/update/', '/api/albums/'].map((url): MatrixRow => ({
    route: `PATCH ${url}:id`,
    request: (w) => ({ method: 'PATCH', url: `${url}${w.ids.album}`, payload: { name: 'Renamed' } }),
    expected: ownerOrAdmin(),
  })),
  {
    route: 'PATCH /api/albums/:id',
    case: "an unapproved artist's album",
    request: (w) => ({ method: 'PATCH', url: `/api/albums/${w.ids.hiddenAlbum}`, payload: { name: 'Renamed' } }),
    expected: hiddenArtistSelfOrAdmin,
  },
  { route: 'GET /api/albums', request: () => ({ method: 'GET', url: '/api/albums' }), expected: everyone(200) },
  {
    route: 'GET /api/albums/:id',
    request: (w) => ({ method: 'GET', url: `/api/albums/${w.ids.album}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/albums/:id',
    case: "an unapproved artist's album",
    request: (w) => ({ method: 'GET', url: `/api/albums/${w.ids.hiddenAlbum}` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'GET /api/albums/artist/:artistID',
    case: 'an ACTIVE artist',
    request: (w) => ({ method: 'GET', url: `/api/albums/artist/${w.people.artist.artistId}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/albums/artist/:artistID',
    case: 'an unapproved artist',
    request: (w) => ({ method: 'GET', url: `/api/albums/artist/${w.people.otherArtist.artistId}` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'DELETE /api/albums/:id',
    request: async (w) => ({ method: 'DELETE', url: `/api/albums/${await freshAlbum(w)}` }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'PUT /api/albums/upload/artwork/:id',
    request: async (w) => ({
      method: 'PUT',
      url: `/api/albums/upload/artwork/${w.ids.album}`,
      payload: { imageData: await makeImageDataUrl() },
    }),
    expected: ownerOrAdmin(),
  },
];
