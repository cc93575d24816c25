import { songDownloads } from '../../platform/db/schema/library.js';
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

/** A fresh ready song of `artist` that `otherFan` (its subscriber) keeps: the artist's My Music zip. */
async function keptByOtherFan(w: MatrixWorld): Promise<string> {
  const song = await createStoredSong(w.t.app, w.people.artist.artistId);
  await w.t.app.ctx.db
    .insert(songDownloads)
    .values({ memberId: w.people.otherFan.id, songId: song.id, format: 'flac', kept: true });
  return `/api/members/${w.people.otherFan.id}/my-music/artists/${w.people.artist.artistId}`;
}
/** `otherFan`'s library: themself and admins. */
const otherFansLibrary = matrix({ anonymous: 401, otherFan: 200, admin: 200, rest: 403 });

export const libraryRows: MatrixRow[] = [
  {
    route: 'GET /api/songs/:id/download',
    case: 'a format made on first request: 202 while it is made (no worker here)',
    request: async (w) => ({
      method: 'GET',
      url: `/api/songs/${(await createStoredSong(w.t.app, w.people.artist.artistId)).id}/download?format=opus`,
    }),
    expected: matrix({ anonymous: 401, otherFan: 202, artist: 202, admin: 202, rest: 403 }),
  },
  {
    route: 'GET /api/albums/:id/download-status',
    case: 'an album of a ready song',
    request: async (w) => ({ method: 'GET', url: `/api/albums/${await freshAlbum(w)}/download-status?format=aac` }),
    expected: downloaders,
  },
  {
    route: 'GET /api/albums/:id/download-status',
    case: "an unapproved artist's empty album",
    request: (w) => ({ method: 'GET', url: `/api/albums/${w.ids.hiddenAlbum}/download-status?format=flac` }),
    expected: matrix({ anonymous: 401, otherArtist: 409, admin: 409, rest: 404 }),
  },
  {
    route: 'GET /api/members/:memberID/my-music/artists',
    case: "fan's",
    request: (w) => ({ method: 'GET', url: `/api/members/${w.people.fan.id}/my-music/artists` }),
    expected: fansLibrary,
  },
  {
    route: 'GET /api/members/:memberID/my-music/artists/:artistID/downloads',
    case: "otherFan's songs kept by artist",
    request: async (w) => ({ method: 'GET', url: `${await keptByOtherFan(w)}/downloads` }),
    expected: otherFansLibrary,
  },
  {
    route: 'GET /api/members/:memberID/my-music/artists/:artistID/download-status',
    case: "otherFan's songs kept by artist",
    request: async (w) => ({ method: 'GET', url: `${await keptByOtherFan(w)}/download-status?format=flac` }),
    expected: otherFansLibrary,
  },
  {
    route: 'GET /api/members/:memberID/my-music/artists/:artistID/download',
    case: "otherFan's songs kept by artist, in a format made at upload",
    request: async (w) => ({ method: 'GET', url: `${await keptByOtherFan(w)}/download?format=mp3` }),
    expected: otherFansLibrary,
  },
  {
    route: 'GET /api/members/:memberID/my-music/artists/:artistID/download',
    case: "otherFan's songs kept by artist, in a format still to make",
    request: async (w) => ({ method: 'GET', url: `${await keptByOtherFan(w)}/download?format=vorbis` }),
    expected: matrix({ anonymous: 401, otherFan: 202, admin: 202, rest: 403 }),
  },
  {
    route: 'GET /api/members/:memberID/my-music/artists/:artistID/download',
    case: 'an artist the member keeps nothing of',
    request: (w) => ({
      method: 'GET',
      url: `/api/members/${w.people.otherFan.id}/my-music/artists/${w.people.otherArtist.artistId}/download`,
    }),
    expected: matrix({ anonymous: 401, otherFan: 404, admin: 404, rest: 403 }),
  },
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
