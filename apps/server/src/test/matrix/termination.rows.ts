import { eq } from 'drizzle-orm';
import { artists } from '../../platform/db/schema/artists.js';
import { createArtist, createSong, createSubscription, signIn, TEST_PASSWORD } from '../factories.js';
import { everyone, matrix, type ActorName, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** A fresh artist per request (the world's artists must outlive the rows): ACTIVE unless told. */
async function freshArtist(w: MatrixWorld, status: 'ACTIVE' | 'PENDING' | 'CANCELLED' = 'ACTIVE') {
  return createArtist(w.t.app, { artist: { status } });
}

/** An artist that has left HFM, with a ready song and `otherFan` subscribed (in term), as the world has for `artist`. */
async function leftArtistWithSong(w: MatrixWorld) {
  const artist = await freshArtist(w);
  const song = await createSong(w.t.app, artist.artistId, { status: 'ready' });
  await createSubscription(w.t.app, { memberId: w.people.otherFan.id, artistId: artist.artistId });
  await w.t.app.ctx.db.update(artists).set({ status: 'CANCELLED' }).where(eq(artists.id, artist.artistId));
  return { artist, songId: song.id };
}

const terminate = (artistId: string, payload: object) => ({
  method: 'POST' as const,
  url: `/api/artists/${artistId}/terminate`,
  payload,
});
/** Only artists and admins may call it at all; fans are refused before anything is looked up. */
const ROUTE = 'POST /api/artists/:id/terminate';
const byAdmin = { reason: 'Matrix.' };

export const terminationRows: MatrixRow[] = [
  {
    route: ROUTE,
    case: 'a fresh ACTIVE artist, an admin giving a reason',
    request: async (w) => terminate((await freshArtist(w)).artistId, byAdmin),
    expected: matrix({ anonymous: 401, admin: 200, rest: 403 }),
  },
  {
    route: ROUTE,
    case: 'a fresh PENDING artist (hidden from other artists)',
    request: async (w) => terminate((await freshArtist(w, 'PENDING')).artistId, byAdmin),
    expected: matrix({ anonymous: 401, fan: 403, otherFan: 403, admin: 200, rest: 404 }),
  },
  {
    route: ROUTE,
    case: "one's own licence (a fresh artist of the actor's kind, with its password; others name a fresh ACTIVE one)",
    request: async (w, actor: ActorName) => {
      if (actor !== 'artist' && actor !== 'otherArtist') {
        return terminate((await freshArtist(w)).artistId, { currentPassword: TEST_PASSWORD });
      }
      const own = await freshArtist(w, actor === 'artist' ? 'ACTIVE' : 'PENDING');
      return {
        ...terminate(own.artistId, { currentPassword: TEST_PASSWORD }),
        headers: { cookie: await signIn(w.t.app, own) },
      };
    },
    // An admin must give a reason (400); fans are refused.
    expected: matrix({ anonymous: 401, artist: 200, otherArtist: 200, admin: 400, rest: 403 }),
  },
  {
    route: ROUTE,
    case: 'an artist that has left already',
    request: async (w) => terminate((await freshArtist(w, 'CANCELLED')).artistId, byAdmin),
    expected: matrix({ anonymous: 401, admin: 409, rest: 403 }),
  },
  {
    route: ROUTE,
    case: 'an unknown artist',
    request: () => terminate(crypto.randomUUID(), byAdmin),
    expected: matrix({ anonymous: 401, fan: 403, otherFan: 403, rest: 404 }),
  },
  {
    route: 'DELETE /api/artists/remove/:id',
    case: 'the spec’s remove is the termination: a fresh ACTIVE artist, an admin giving a reason',
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/artists/remove/${(await freshArtist(w)).artistId}`,
      payload: byAdmin,
    }),
    expected: matrix({ anonymous: 401, admin: 200, rest: 403 }),
  },
  {
    route: 'DELETE /api/artists/remove/:id',
    case: "one's own licence, with its password; without a body an admin is asked for the reason",
    request: async (w, actor: ActorName) => {
      const url = (artistId: string) => `/api/artists/remove/${artistId}`;
      if (actor !== 'artist' && actor !== 'otherArtist') {
        return { method: 'DELETE', url: url((await freshArtist(w)).artistId) };
      }
      const own = await freshArtist(w, actor === 'artist' ? 'ACTIVE' : 'PENDING');
      return {
        method: 'DELETE',
        url: url(own.artistId),
        payload: { currentPassword: TEST_PASSWORD },
        headers: { cookie: await signIn(w.t.app, own) },
      };
    },
    expected: matrix({ anonymous: 401, artist: 200, otherArtist: 200, admin: 400, rest: 403 }),
  },
  {
    route: 'GET /api/artist-pages/:slug',
    case: 'an artist that has left (the page stays up with the notice)',
    request: async (w) => ({
      method: 'GET',
      url: `/api/artist-pages/${(await freshArtist(w, 'CANCELLED')).artist.slug}`,
    }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/artists/:id',
    case: 'an artist that has left',
    request: async (w) => ({ method: 'GET', url: `/api/artists/${(await freshArtist(w, 'CANCELLED')).artistId}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/songs/:id/play',
    case: 'a song of an artist that has left: its subscribers in term (otherFan), admins',
    request: async (w) => ({ method: 'GET', url: `/api/songs/${(await leftArtistWithSong(w)).songId}/play` }),
    expected: matrix({ otherFan: 200, admin: 200, rest: 404 }),
  },
  {
    route: 'POST /api/songs',
    case: 'for an artist that has left (no new music)',
    request: async (w) => ({
      method: 'POST',
      url: '/api/songs',
      payload: { releaseDate: '03/15/2024', artistID: (await freshArtist(w, 'CANCELLED')).artistId },
    }),
    // Fans are refused by the route; artists may not manage another artist (visible: 403).
    expected: matrix({ anonymous: 401, admin: 409, rest: 403 }),
  },
];
