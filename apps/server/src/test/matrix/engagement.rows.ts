import { hiFives } from '../../platform/db/schema/engagement.js';
import { createSong } from '../factories.js';
import { matrix, signedInOnly, type ActorName, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** The actor's own id (anonymous callers name a member who does not exist: they are refused before that). */
const memberId = (w: MatrixWorld, actor: ActorName) =>
  actor === 'anonymous' ? crypto.randomUUID() : w.people[actor].id;

const listen = { action: 'listen', clientTime: '2025-06-01T12:00:00.000Z' };
const freshReadySong = async (w: MatrixWorld) =>
  (await createSong(w.t.app, w.people.artist.artistId, { status: 'ready' })).id;

/** A Hi Five `fan` gave to a fresh song, so every actor's DELETE finds one to take back. */
async function fansHiFive(w: MatrixWorld): Promise<string> {
  const itemId = await freshReadySong(w);
  const [row] = await w.t.app.ctx.db.insert(hiFives).values({ userId: w.people.fan.id, itemId }).returning();
  return row!.id;
}

export const engagementRows: MatrixRow[] = [
  {
    route: 'POST /api/mzd-events',
    case: 'as oneself, a released song',
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/mzd-events',
      payload: { memberID: memberId(w, actor), itemID: w.ids.readySong, itemType: 'song', eventPayload: listen },
    }),
    expected: signedInOnly(201),
  },
  {
    route: 'POST /api/mzd-events',
    case: "as someone else (fan's id)",
    request: (w) => ({
      method: 'POST',
      url: '/api/mzd-events',
      payload: { memberID: w.people.fan.id, itemID: w.ids.readySong, itemType: 'song', eventPayload: listen },
    }),
    expected: matrix({ anonymous: 401, fan: 201, rest: 403 }),
  },
  {
    route: 'POST /api/mzd-events',
    case: 'a pending song: only its artist and admins see it',
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/mzd-events',
      payload: { memberID: memberId(w, actor), itemID: w.ids.pendingSong, itemType: 'song', eventPayload: listen },
    }),
    expected: matrix({ anonymous: 401, artist: 201, admin: 201, rest: 404 }),
  },
  {
    route: 'POST /api/mzd-events',
    case: "an unapproved artist's song",
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/mzd-events',
      payload: {
        memberID: memberId(w, actor),
        itemID: w.ids.hiddenSong,
        itemType: 'song',
        eventPayload: { action: 'favorite', clientTime: listen.clientTime },
      },
    }),
    expected: matrix({ anonymous: 401, otherArtist: 201, admin: 201, rest: 404 }),
  },
  {
    route: 'POST /api/mzd-events',
    case: 'an empty body: access is decided before validation',
    request: () => ({ method: 'POST', url: '/api/mzd-events', payload: {} }),
    expected: signedInOnly(400),
  },
  {
    route: 'POST /api/hi-fives',
    case: 'as oneself, a released song',
    request: async (w, actor) => ({
      method: 'POST',
      url: '/api/hi-fives',
      payload: { memberID: memberId(w, actor), itemID: await freshReadySong(w), itemType: 'song' },
    }),
    expected: signedInOnly(201),
  },
  {
    route: 'POST /api/hi-fives',
    case: "as someone else (fan's id)",
    request: async (w) => ({
      method: 'POST',
      url: '/api/hi-fives',
      payload: { memberID: w.people.fan.id, itemID: await freshReadySong(w), itemType: 'song' },
    }),
    expected: matrix({ anonymous: 401, fan: 201, rest: 403 }),
  },
  {
    route: 'POST /api/hi-fives',
    case: 'a pending song',
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/hi-fives',
      payload: { memberID: memberId(w, actor), itemID: w.ids.pendingSong, itemType: 'song' },
    }),
    expected: matrix({ anonymous: 401, artist: 201, admin: 201, rest: 404 }),
  },
  {
    route: 'POST /api/hi-fives',
    case: "an unapproved artist's song",
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/hi-fives',
      payload: { memberID: memberId(w, actor), itemID: w.ids.hiddenSong, itemType: 'song' },
    }),
    expected: matrix({ anonymous: 401, otherArtist: 201, admin: 201, rest: 404 }),
  },
  {
    route: 'POST /api/hi-fives',
    case: 'an empty body: access is decided before validation',
    request: () => ({ method: 'POST', url: '/api/hi-fives', payload: {} }),
    expected: signedInOnly(400),
  },
  {
    route: 'DELETE /api/hi-fives/:entryId',
    case: "fan's Hi Five: fan and admins; to others it does not exist",
    request: async (w) => ({ method: 'DELETE', url: `/api/hi-fives/${await fansHiFive(w)}` }),
    expected: matrix({ anonymous: 401, fan: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'DELETE /api/hi-fives/:entryId',
    case: 'an unknown entry',
    request: () => ({ method: 'DELETE', url: `/api/hi-fives/${crypto.randomUUID()}` }),
    expected: matrix({ anonymous: 401, rest: 404 }),
  },
];
