import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createPlaylist,
  createSong,
  createUser,
  setArtist,
  signIn,
  type TestUser,
} from '../factories.js';
import { injectAs } from '../route-cast.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { readOperations, requestFor, type Operation } from './openapi-requests.js';

/**
 * Requests drawn from the API document (docs/api/openapi.json): for every route, parameters and bodies at
 * and just past their schema's limits, of the wrong type, broken JSON, junk forms, pollution keys, sent as
 * each actor. None may answer a 5xx it does not declare, and the app serves on after them. CI sends FUZZ_REQUESTS (1,500 by
 * default, a fixed seed); `npm run fuzz` sends 10,000 with a fresh seed and prints it (FUZZ_SEED=<n> replays
 * a run; fast-check shrinks a failure to the smallest request that still fails).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1_500);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_127);
const DOCUMENT = fileURLToPath(new URL('../../../../../docs/api/openapi.json', import.meta.url));
const ACTORS = ['anonymous', 'fan', 'artist', 'otherArtist', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
/**
 * How much the process may grow from the middle of the run to its end, after a full collection. The first
 * half warms up (PGlite's pages, compiled routes, pools); a leak of even a few KiB a request shows up in
 * the second half as tens of MiB. Generous, so a busy machine does not fail it.
 */
const MAX_RSS_GROWTH = 192 * 2 ** 20;
const MAX_HEAP_GROWTH = 48 * 2 ** 20;

/** A full collection, so what is measured is what is still held (V8's gc() made reachable without a flag). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function memory(): { rss: number; heap: number } {
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

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
      let middle: { rss: number; heap: number } | undefined;
      const statuses = new Map<number, number>();
      const drawn = fc
        .constantFrom(...operations)
        .chain((operation) => fc.tuple(fc.constant(operation), requestFor(operation, ids), fc.constantFrom(...ACTORS)));

      await fc.assert(
        fc.asyncProperty(drawn, async ([operation, request, actor]) => {
          sent += 1;
          if (sent % 200 === 0) await signInEveryone();
          if (sent === Math.ceil(REQUESTS / 2)) middle ??= memory();
          const cookie = cookies[actor];
          const response = await injectAs(t, cookie, {
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          reached.add(operation);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500 && !operation.declared5xx.includes(response.statusCode)) {
            throw new Error(
              `${request.method} ${request.url} as ${actor}: ${response.statusCode} ${response.body.slice(0, 500)}`,
            );
          }
        }),
        { numRuns: REQUESTS, seed: SEED, verbose: 1 },
      );

      // The spread of answers, so a run that only ever reached the validator shows it, and the memory.
      const end = memory();
      const growth = { rss: end.rss - (middle?.rss ?? end.rss), heap: end.heap - (middle?.heap ?? end.heap) };
      console.log(
        `fuzz: seed ${SEED}, ${sent} requests, rss ${mib(end.rss)} MiB (+${mib(growth.rss)} since the middle),` +
          ` heap ${mib(end.heap)} MiB (+${mib(growth.heap)}), statuses`,
        Object.fromEntries(statuses),
      );
      expect(middle).toBeDefined();
      expect(growth.rss, 'RSS growth in the second half').toBeLessThan(MAX_RSS_GROWTH);
      expect(growth.heap, 'heap growth in the second half').toBeLessThan(MAX_HEAP_GROWTH);
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
