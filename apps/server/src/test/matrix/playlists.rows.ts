import { createPlaylist, makeImageDataUrl } from '../factories.js';
import { matrix, type ActorName, type Expected, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** Curation is for admins: signed out 401, every other signed-in user 403 (before the body is read). */
const adminOnly = (status = 200): Expected => matrix({ anonymous: 401, admin: status, rest: 403 });

/** A fresh playlist for each actor's request, holding `artist`'s released song. */
const freshPlaylist = (w: MatrixWorld, actor: ActorName) =>
  createPlaylist(w.t.app, { title: `Matrix ${actor}` }, [w.ids.readySong]);

const unknownId = () => crypto.randomUUID();

export const playlistRows: MatrixRow[] = [
  {
    route: 'GET /api/playlists',
    request: () => ({ method: 'GET', url: '/api/playlists?page=1&limit=12' }),
    expected: adminOnly(),
  },
  {
    route: 'GET /api/playlists',
    case: 'a limit over the most',
    request: () => ({ method: 'GET', url: '/api/playlists?limit=1000' }),
    expected: adminOnly(400),
  },
  {
    route: 'GET /api/playlists/:id/edit',
    request: async (w, actor) => ({ method: 'GET', url: `/api/playlists/${await freshPlaylist(w, actor)}/edit` }),
    expected: adminOnly(),
  },
  {
    route: 'GET /api/playlists/:id/edit',
    case: 'an unknown playlist',
    request: () => ({ method: 'GET', url: `/api/playlists/${unknownId()}/edit` }),
    expected: adminOnly(404),
  },
  {
    route: 'POST /api/playlists/create',
    request: (w) => ({
      method: 'POST',
      url: '/api/playlists/create',
      payload: { title: 'Matrix made', songs: [w.ids.readySong] },
    }),
    expected: adminOnly(201),
  },
  {
    route: 'POST /api/playlists/create',
    case: 'a blank title',
    request: () => ({ method: 'POST', url: '/api/playlists/create', payload: { title: '  ' } }),
    expected: adminOnly(400),
  },
  {
    route: 'POST /api/playlists',
    request: () => ({ method: 'POST', url: '/api/playlists', payload: {} }),
    expected: adminOnly(201),
  },
  {
    route: 'PUT /api/playlists/:id',
    request: async (w, actor) => ({
      method: 'PUT',
      url: `/api/playlists/${await freshPlaylist(w, actor)}`,
      payload: { title: 'Renamed', showOnFrontPage: true, position: 2 },
    }),
    expected: adminOnly(),
  },
  {
    route: 'PUT /api/playlists/:id',
    case: 'an unknown playlist',
    request: () => ({ method: 'PUT', url: `/api/playlists/${unknownId()}`, payload: { title: 'Nobody' } }),
    expected: adminOnly(404),
  },
  {
    route: 'PATCH /api/playlists/:id',
    request: async (w, actor) => ({
      method: 'PATCH',
      url: `/api/playlists/${await freshPlaylist(w, actor)}`,
      payload: { position: -2 },
    }),
    expected: adminOnly(400),
  },
  {
    route: 'PATCH /api/playlists/:id',
    case: 'a good change',
    request: async (w, actor) => ({
      method: 'PATCH',
      url: `/api/playlists/${await freshPlaylist(w, actor)}`,
      payload: { isHFMRadio: true },
    }),
    expected: adminOnly(),
  },
  {
    route: 'DELETE /api/playlists/remove/:id',
    request: async (w, actor) => ({ method: 'DELETE', url: `/api/playlists/remove/${await freshPlaylist(w, actor)}` }),
    expected: adminOnly(),
  },
  {
    route: 'DELETE /api/playlists/remove/:id',
    case: 'not an id',
    request: () => ({ method: 'DELETE', url: '/api/playlists/remove/not-an-id' }),
    expected: adminOnly(400),
  },
  {
    route: 'DELETE /api/playlists/:id',
    request: async (w, actor) => ({ method: 'DELETE', url: `/api/playlists/${await freshPlaylist(w, actor)}` }),
    expected: adminOnly(),
  },
  {
    route: 'DELETE /api/playlists/:id',
    case: 'an unknown playlist',
    request: () => ({ method: 'DELETE', url: `/api/playlists/${unknownId()}` }),
    expected: adminOnly(404),
  },
  {
    route: 'PUT /api/playlists/upload/artwork/:id',
    request: async (w, actor) => ({
      method: 'PUT',
      url: `/api/playlists/upload/artwork/${await freshPlaylist(w, actor)}`,
      payload: { imageData: await makeImageDataUrl('png') },
    }),
    expected: adminOnly(),
  },
  {
    route: 'POST /api/playlists/upload/artwork/:id',
    request: async (w, actor) => ({
      method: 'POST',
      url: `/api/playlists/upload/artwork/${await freshPlaylist(w, actor)}`,
      payload: { imageData: await makeImageDataUrl('jpeg') },
    }),
    expected: adminOnly(),
  },
  {
    route: 'POST /api/playlists/upload/artwork/:id',
    case: 'not an image',
    request: async (w, actor) => ({
      method: 'POST',
      url: `/api/playlists/upload/artwork/${await freshPlaylist(w, actor)}`,
      payload: { imageData: await makeImageDataUrl('gif') },
    }),
    expected: adminOnly(415),
  },
  {
    route: 'POST /api/playlists/:id/songs',
    request: async (w, actor) => ({
      method: 'POST',
      url: `/api/playlists/${await createPlaylist(w.t.app, { title: `Empty ${actor}` })}/songs`,
      payload: { songID: w.ids.readySong },
    }),
    expected: adminOnly(),
  },
  {
    route: 'POST /api/playlists/:id/songs',
    case: 'a song that is not ready',
    request: async (w, actor) => ({
      method: 'POST',
      url: `/api/playlists/${await freshPlaylist(w, actor)}/songs`,
      payload: { songID: w.ids.pendingSong },
    }),
    expected: adminOnly(400),
  },
  {
    route: 'DELETE /api/playlists/:id/songs/:songId',
    request: async (w, actor) => ({
      method: 'DELETE',
      url: `/api/playlists/${await freshPlaylist(w, actor)}/songs/${w.ids.readySong}`,
    }),
    expected: adminOnly(),
  },
  {
    route: 'DELETE /api/playlists/:id/songs/:songId',
    case: 'a song not on it',
    request: async (w, actor) => ({
      method: 'DELETE',
      url: `/api/playlists/${await freshPlaylist(w, actor)}/songs/${w.ids.pendingSong}`,
    }),
    expected: adminOnly(404),
  },
  {
    route: 'PUT /api/playlists/:id/songs',
    request: async (w, actor) => ({
      method: 'PUT',
      url: `/api/playlists/${await freshPlaylist(w, actor)}/songs`,
      payload: { songIDs: [w.ids.readySong] },
    }),
    expected: adminOnly(),
  },
  {
    route: 'PUT /api/playlists/:id/songs',
    case: 'not the same songs',
    request: async (w, actor) => ({
      method: 'PUT',
      url: `/api/playlists/${await freshPlaylist(w, actor)}/songs`,
      payload: { songIDs: [] },
    }),
    expected: adminOnly(409),
  },
  {
    route: 'POST /api/playlists/hfm-picks',
    request: () => ({ method: 'POST', url: '/api/playlists/hfm-picks' }),
    expected: adminOnly(),
  },
  {
    route: 'POST /api/playlists/hfm-picks',
    case: 'regenerate: the month’s three replaced',
    request: () => ({ method: 'POST', url: '/api/playlists/hfm-picks?regenerate=true' }),
    expected: adminOnly(),
  },
];
