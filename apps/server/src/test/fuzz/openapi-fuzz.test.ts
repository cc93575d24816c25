import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaylist, setArtist } from '../catalogue-factories.js';
import { createAdmin, createAlbum, createArtist, createSong, createUser, signIn, type TestUser } from '../factories.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { readOperations, requestFor, type Operation } from './openapi-requests.js';

/**
 * Requests drawn from the API document (docs/api/openapi.json): for every route, parameters and bodies at
 * and just past their schema's limits, of the wrong type, broken JSON, junk forms, pollution keys, sent as
 * each actor. None may answer a 5xx, and the app serves on after them. CI sends FUZZ_REQUESTS (1,500 by
 * default, a fixed seed); `npm run fuzz` sends 10,000 with a fresh seed and prints it (FUZZ_SEED=<n> replays
 * a run; fast-check shrinks a failure to the smallest request that still fails).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1_500);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_127);
const DOCUMENT = fileURLToPath(new URL('../../../../../docs/api/openapi.json', import.meta.url));
const ACTORS = ['anonymous', 'fan', 'artist', 'otherArtist', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

describe('every route under malformed and boundary requests from every actor', () => {
  let t: TestApp;
  const people = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
  const cookies: Partial<Record<Actor, string>> = {};
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
    const artist = await createArtist(t.app);
    const otherArtist = await createArtist(t.app);
    await setArtist(t.app, artist.artistId, { status: 'ACTIVE' });
    people.fan = await createUser(t.app);
    people.artist = artist;
    people.otherArtist = otherArtist;
    people.admin = await createAdmin(t.app);
    const song = await createSong(t.app, artist.artistId, { status: 'ready' });
    const album = await createAlbum(t.app, artist.artistId, { songIds: [song.id] });
    const playlist = await createPlaylist(t.app, { title: 'Fuzz' }, [song.id]);
    ids.push(artist.artistId, otherArtist.artistId, song.id, album.id, playlist);
    ids.push(...Object.values(people).map((person) => person.id));
    await signInEveryone();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fuzzed request may sign its actor out or change them; they sign in again where they still can. */
  async function signInEveryone() {
    for (const [actor, person] of Object.entries(people)) {
      cookies[actor as Actor] = await signIn(t.app, person).catch(() => cookies[actor as Actor] ?? '');
    }
  }

  it(
    `answers ${REQUESTS} drawn requests without a 5xx, and serves on`,
    async () => {
      const operations = readOperations(DOCUMENT);
      const reached = new Set<Operation>();
      let sent = 0;
      const statuses = new Map<number, number>();
      const drawn = fc
        .constantFrom(...operations)
        .chain((operation) => fc.tuple(fc.constant(operation), requestFor(operation, ids), fc.constantFrom(...ACTORS)));

      await fc.assert(
        fc.asyncProperty(drawn, async ([operation, request, actor]) => {
          sent += 1;
          if (sent % 200 === 0) await signInEveryone();
          const cookie = cookies[actor];
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          reached.add(operation);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            throw new Error(
              `${request.method} ${request.url} as ${actor}: ${response.statusCode} ${response.body.slice(0, 500)}`,
            );
          }
        }),
        { numRuns: REQUESTS, seed: SEED, verbose: 1 },
      );

      // The spread of answers, so a run that only ever reached the validator shows it.
      const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
      console.log(`fuzz: seed ${SEED}, ${sent} requests, rss ${rss} MiB, statuses`, Object.fromEntries(statuses));
      if (REQUESTS >= 1_000) {
        const missed = operations.filter((operation) => !reached.has(operation));
        expect(missed.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
      }
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/genres',
      });
      expect(profile.statusCode).toBe(200);
    },
    20 * 60_000,
  );
});
