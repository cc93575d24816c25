import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../platform/db/schema/billing.js';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createSong,
  createUser,
  signIn,
  type TestArtist,
  type TestUser,
} from './factories.js';
import { injectAs } from './route-cast.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The permission matrix: each row is one request to one `/api` route, asserted for six actors. Every
 * route of the built app has at least one row (src/test/route-coverage.permissions.test.ts fails otherwise).
 */
export const ACTORS = ['anonymous', 'fan', 'otherFan', 'artist', 'otherArtist', 'admin'] as const;
export type ActorName = (typeof ACTORS)[number];
export type Expected = Record<ActorName, number>;

/**
 * The people and things every row may use:
 * - `artist` is ACTIVE and owns `readySong`, `pendingSong` and `album`;
 * - `otherArtist` is PENDING (not yet approved): its `hiddenSong` and `hiddenAlbum` are hidden from others;
 * - `otherFan` subscribes to `artist` (in term); `fan` subscribes to nobody.
 */
export interface MatrixWorld {
  t: TestApp;
  people: Record<Exclude<ActorName, 'anonymous' | 'artist' | 'otherArtist'>, TestUser> & {
    artist: TestArtist;
    otherArtist: TestArtist;
  };
  cookies: Record<ActorName, string | undefined>;
  ids: { readySong: string; pendingSong: string; album: string; hiddenSong: string; hiddenAlbum: string };
}

export interface MatrixRow {
  /** The route as the app registers it: `METHOD /api/...` with `:params`. */
  route: string;
  /** What this row shows, when a route has several. */
  case?: string;
  /**
   * Called once per actor, so a row that changes or deletes something can make a fresh one each time. The
   * actor's cookie is added unless the request sends its own.
   */
  request: (world: MatrixWorld, actor: ActorName) => InjectOptions | Promise<InjectOptions>;
  /** Runs after each actor's request (e.g. signs the actor in again after a sign-out). */
  after?: (world: MatrixWorld, actor: ActorName) => Promise<void>;
  expected: Expected;
}

/** Expected statuses: the named actors, and `rest` for the others. */
export function matrix(statuses: Partial<Expected> & { rest: number }): Expected {
  return Object.fromEntries(ACTORS.map((actor) => [actor, statuses[actor] ?? statuses.rest])) as Expected;
}

export const everyone = (status: number): Expected => matrix({ rest: status });
/** Changing `artist`'s visible things: the owner and admins; others signed in 403; signed out 401. */
export const ownerOrAdmin = (status = 200): Expected =>
  matrix({ anonymous: 401, artist: status, admin: status, rest: 403 });
/** Changing `artist`'s hidden (unreleased) things: as above, but others get 404 (docs/decisions/0006). */
export const hiddenOwnerOrAdmin = (status = 200): Expected =>
  matrix({ anonymous: 401, artist: status, admin: status, rest: 404 });
/** Reading `otherArtist`'s things while it is not approved: only it and admins see them. */
export const unapprovedArtistOnly: Expected = matrix({ otherArtist: 200, admin: 200, rest: 404 });
export const signedInOnly = (status = 200): Expected => matrix({ anonymous: 401, rest: status });

const ERROR_CODES: Record<number, string> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

const YEAR_MS = 365 * 24 * 3600 * 1000;

export async function createMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const artist = await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true } });
  const otherArtist = await createArtist(t.app);
  const people = {
    fan: await createUser(t.app),
    otherFan: await createUser(t.app),
    artist,
    otherArtist,
    admin: await createAdmin(t.app),
  };
  const cookies = { anonymous: undefined } as Record<ActorName, string | undefined>;
  for (const [actor, user] of Object.entries(people)) cookies[actor as ActorName] = await signIn(t.app, user);
  await t.app.ctx.db.insert(subscriptions).values({
    memberId: people.otherFan.id,
    artistId: artist.artistId,
    currentPeriodEnd: new Date(Date.now() + YEAR_MS),
  });
  const readySong = await createSong(t.app, artist.artistId, {
    status: 'ready',
    downloadFiles: Object.fromEntries(
      (['flac', 'mp3', 'wav'] as const).map((format) => [format, `songs/matrix/${artist.artistId}/song.${format}`]),
    ) as { flac: string; mp3: string; wav: string },
  });
  return {
    t,
    people,
    cookies,
    ids: {
      readySong: readySong.id,
      pendingSong: (await createSong(t.app, artist.artistId)).id,
      album: (await createAlbum(t.app, artist.artistId, { songIds: [readySong.id] })).id,
      hiddenSong: (await createSong(t.app, otherArtist.artistId, { status: 'ready' })).id,
      hiddenAlbum: (await createAlbum(t.app, otherArtist.artistId)).id,
    },
  };
}

export function rowName(row: MatrixRow): string {
  return row.case ? `${row.route} (${row.case})` : row.route;
}

async function statusesFor(world: MatrixWorld, row: MatrixRow): Promise<Expected> {
  const actual = {} as Expected;
  for (const actor of ACTORS) {
    const options = await row.request(world, actor);
    const res = await injectAs(world.t, world.cookies[actor], options);
    await row.after?.(world, actor);
    actual[actor] = res.statusCode;
    const code = ERROR_CODES[res.statusCode];
    // A page (text/html) answers its not-found screen; the API and everything else the error vocabulary.
    const page = String(res.headers['content-type'] ?? '').startsWith('text/html');
    if (code && !page) expect(res.json().error.code, `${rowName(row)} as ${actor}: ${res.body}`).toBe(code);
  }
  return actual;
}

/**
 * Registers one test per row on a fresh app and world, and answers the world for the file's other tests.
 * `env`, `jobs` and `serveWeb` as for createTestApp (the queue always runs; without `jobs` it sends transcodes
 * and works none of them).
 */
export function describeMatrix(
  title: string,
  rows: MatrixRow[],
  options: { env?: Record<string, string>; jobs?: boolean; serveWeb?: boolean } = {},
): () => MatrixWorld {
  let world: MatrixWorld | undefined;
  beforeAll(async () => {
    world = await createMatrixWorld(
      await createTestApp(options.env, { jobs: options.jobs, serveWeb: options.serveWeb }),
    );
  });
  afterAll(async () => world?.t.close());
  const current = () => {
    if (!world) throw new Error('the matrix world is not ready');
    return world;
  };
  describe(title, () => {
    it.each(rows.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
      expect(await statusesFor(current(), row)).toEqual(row.expected);
    });
  });
  return current;
}
