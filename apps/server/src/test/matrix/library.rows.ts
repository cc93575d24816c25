import { createAlbum, createStoredSong } from '../factories.js';
import { matrix, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** Downloading: subscribers to `artist` (otherFan), the artist and admins; other signed-in callers 403. */
const downloaders = matrix({ anonymous: 401, otherFan: 200, artist: 200, admin: 200, rest: 403 });
/** A member's library: the member themself (`fan`) and admins. */
const fansLibrary = matrix({ anonymous: 401, fan: 200, admin: 200, rest: 403 });

/** An album of `artist` holding one ready song whose files are in storage. */
async function freshAlbum(w: MatrixWorld): Promise<string> {
  const song = await createStoredSong(w.t.app, w.people.artist.artistId);
  return (await createAlbum(w.t.app, w.people.artist.artistId, { songIds: [song.id] })).id;
}

export const libraryRows: MatrixRow[] = [
  {
    route: 'GET /api/songs/:id/downloads',
    case: 'a ready song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.readySong}/downloads` }),
    expected: downloaders,
  },
  {
    route: 'GET /api/songs/:id/downloads',
    case: 'a pending song: hidden from others, not ready for its artist and admins',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.pendingSong}/downloads` }),
    expected: matrix({ anonymous: 401, artist: 409, admin: 409, rest: 404 }),
  },
  {
    route: 'GET /api/albums/:id/download',
    case: 'an album of a ready song',
    request: async (w) => ({ method: 'GET', url: `/api/albums/${await freshAlbum(w)}/download?format=mp3` }),
    expected: downloaders,
  },
  {
    route: 'GET /api/albums/:id/download',
    case: "an unapproved artist's empty album",
    request: (w) => ({ method: 'GET', url: `/api/albums/${w.ids.hiddenAlbum}/download` }),
    expected: matrix({ anonymous: 401, otherArtist: 409, admin: 409, rest: 404 }),
  },
  {
    route: 'GET /api/albums/:id/downloads',
    case: 'an album of a ready song',
    request: async (w) => ({ method: 'GET', url: `/api/albums/${await freshAlbum(w)}/downloads` }),
    expected: downloaders,
  },
  {
    route: 'GET /api/albums/:id/downloads',
    case: "an unapproved artist's empty album",
    request: (w) => ({ method: 'GET', url: `/api/albums/${w.ids.hiddenAlbum}/downloads` }),
    expected: matrix({ anonymous: 401, otherArtist: 409, admin: 409, rest: 404 }),
  },
  {
    route: 'GET /api/members/:memberID/my-music',
    case: "fan's",
    request: (w) => ({ method: 'GET', url: `/api/members/${w.people.fan.id}/my-music` }),
    expected: fansLibrary,
  },
  {
    route: 'GET /api/members/:memberID/my-music/song-ids',
    case: "fan's",
    request: (w) => ({ method: 'GET', url: `/api/members/${w.people.fan.id}/my-music/song-ids` }),
    expected: fansLibrary,
  },
  {
    route: 'GET /api/members/:memberID/my-music',
    case: 'an unknown member',
    request: () => ({ method: 'GET', url: `/api/members/${crypto.randomUUID()}/my-music` }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
];
