import { createSong, multipart } from '../factories.js';
import { injectSender } from '../multipart-client.js';
import {
  everyone,
  hiddenOwnerOrAdmin,
  matrix,
  ownerOrAdmin,
  unapprovedArtistOnly,
  type MatrixRow,
  type MatrixWorld,
} from '../permission-matrix.js';
import { makeWav } from '../wav.js';
import { injectAs } from '../route-cast.js';

const wav = makeWav(1);
const wavFile = { name: 'matrix.wav', size: wav.length, type: 'audio/wav', s3Path: 'songs' };

const freshSong = async (w: MatrixWorld) => (await createSong(w.t.app, w.people.artist.artistId)).id;

/** A fresh song of `artist` with an upload its owner started (and, with `stored`, its one part sent). */
async function startedUpload(w: MatrixWorld, stored = false) {
  const songId = await freshSong(w);
  const res = await injectAs(w.t, w.cookies.artist!, {
    method: 'POST',
    url: `/api/songs/upload-presigned/${songId}`,
    payload: { files: [wavFile] },
  });
  if (res.statusCode !== 200) throw new Error(`presign as the owner failed: ${res.body}`);
  const [{ uploadId, key, urls }] = res.json() as [{ uploadId: string; key: string; urls: string[] }];
  const parts = stored ? [{ PartNumber: 1, ETag: (await injectSender(w.t.app)(urls[0]!, wav)).etag! }] : [];
  return { songId, uploadId, key, parts };
}

/** `/play` and `/download` of another artist's unreleased song are 404; the owner and admins get 409. */
const unreleased = (anonymous: number) => matrix({ anonymous, artist: 409, admin: 409, rest: 404 });

export const uploadRows: MatrixRow[] = [
  {
    route: 'POST /api/songs/upload-presigned/:id',
    request: async (w) => ({
      method: 'POST',
      url: `/api/songs/upload-presigned/${await freshSong(w)}`,
      payload: { files: [wavFile] },
    }),
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'POST /api/songs/upload-presigned/:id',
    case: 'a ready song (visible to all)',
    request: async (w) => ({
      method: 'POST',
      url: `/api/songs/upload-presigned/${(await createSong(w.t.app, w.people.artist.artistId, { status: 'ready' })).id}`,
      payload: { files: [wavFile] },
    }),
    expected: ownerOrAdmin(),
  },
  {
    route: 'GET /api/songs/upload-parts/:id',
    request: async (w) => {
      const upload = await startedUpload(w);
      const query = new URLSearchParams({ uploadId: upload.uploadId, key: upload.key });
      return { method: 'GET', url: `/api/songs/upload-parts/${upload.songId}?${query}` };
    },
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'POST /api/songs/upload-complete/:id',
    request: async (w) => {
      const upload = await startedUpload(w, true);
      return {
        method: 'POST',
        url: `/api/songs/upload-complete/${upload.songId}`,
        payload: {
          key: upload.key,
          uploadId: upload.uploadId,
          parts: upload.parts,
          artistID: w.people.artist.artistId,
          s3Path: 'songs',
          fileName: wavFile.name,
        },
      };
    },
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'POST /api/songs/upload/:id',
    request: async (w) => {
      const form = multipart([{ name: 'file', fileName: 'matrix.wav', type: 'audio/wav', data: wav }]);
      return { method: 'POST', url: `/api/songs/upload/${await freshSong(w)}`, ...form };
    },
    expected: hiddenOwnerOrAdmin(),
  },
  {
    route: 'GET /api/songs/:id/play',
    case: 'a ready song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.readySong}/play` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/songs/:id/play',
    case: 'a pending song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.pendingSong}/play` }),
    expected: unreleased(404),
  },
  {
    route: 'GET /api/songs/:id/play',
    case: "an unapproved artist's ready song",
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.hiddenSong}/play` }),
    expected: unapprovedArtistOnly,
  },
  {
    route: 'GET /api/songs/:id/download',
    case: 'a ready song: subscribers (otherFan), the artist and admins',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.readySong}/download?format=flac` }),
    expected: matrix({ anonymous: 401, otherFan: 200, artist: 200, admin: 200, rest: 403 }),
  },
  {
    route: 'GET /api/songs/:id/download',
    case: 'a pending song',
    request: (w) => ({ method: 'GET', url: `/api/songs/${w.ids.pendingSong}/download?format=flac` }),
    expected: unreleased(401),
  },
];
