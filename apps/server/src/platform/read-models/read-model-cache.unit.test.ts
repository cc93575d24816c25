import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueVersion, type CatalogueVersion } from './catalogue-version.js';
import { createReadModelCache } from './read-model-cache.js';

/** A version the test moves by hand. */
function handVersion() {
  let epoch = 0;
  const version: CatalogueVersion = {
    current: () => epoch,
    isCurrent: (at) => at === epoch,
    close: () => undefined,
  };
  return { version, bump: () => void epoch++ };
}

const serialize = (value: unknown) => JSON.stringify(value);

/** A build that waits until the test lets it finish, counting its runs. */
function gatedBuild(value: () => unknown) {
  let runs = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    build: async () => {
      runs++;
      await gate;
      return value();
    },
    open: () => open(),
    runs: () => runs,
  };
}

describe('the read-model cache', () => {
  it('answers from memory at the same version and builds again after a change', async () => {
    const { version, bump } = handVersion();
    const cache = createReadModelCache(version);
    let n = 0;
    const build = () => Promise.resolve({ n: ++n });
    const first = await cache.get('page', 'a', build, serialize);
    expect(first).toMatchObject({ value: { n: 1 }, cached: false });
    // Held as UTF-8 bytes, encoded once.
    expect(Buffer.from(first.body).toString('utf8')).toBe('{"n":1}');
    expect(await cache.get('page', 'a', build, serialize)).toMatchObject({ value: { n: 1 }, cached: true });
    expect((await cache.get('page', 'a', build, serialize)).etag).toBe(first.etag);
    // Another key, another model.
    expect((await cache.get('page', 'b', build, serialize)).value).toEqual({ n: 2 });
    bump();
    const after = await cache.get('page', 'a', build, serialize);
    expect(after).toMatchObject({ value: { n: 3 }, cached: false });
    expect(after.etag).not.toBe(first.etag);
  });

  it('builds a model again once it is older than the age limit, at the same version', async () => {
    const { version } = handVersion();
    const cache = createReadModelCache(version, { maxAgeMs: 5 });
    let n = 0;
    const build = () => Promise.resolve({ n: ++n });
    expect((await cache.get('page', 'a', build, serialize)).value).toEqual({ n: 1 });
    expect((await cache.get('page', 'a', build, serialize)).value).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await cache.get('page', 'a', build, serialize)).value).toEqual({ n: 2 });
  });

  it('runs identical requests that arrive together once', async () => {
    const { version } = handVersion();
    const cache = createReadModelCache(version);
    const gated = gatedBuild(() => ['x']);
    const answers = Array.from({ length: 20 }, () => cache.get('search', 'river', gated.build, serialize));
    gated.open();
    const models = await Promise.all(answers);
    expect(gated.runs()).toBe(1);
    expect(new Set(models.map((model) => Buffer.from(model.body).toString('utf8')))).toEqual(new Set(['["x"]']));
  });

  it('keeps nothing built while a write committed, and lets requests after the write build anew', async () => {
    const { version, bump } = handVersion();
    const cache = createReadModelCache(version);
    let state = 'old';
    const gated = gatedBuild(() => state);
    const before = cache.get('page', 'a', gated.build, serialize);
    // The write commits while the build runs: a request after it must not join the old build.
    state = 'new';
    bump();
    const after = cache.get('page', 'a', () => Promise.resolve(state), serialize);
    expect((await after).value).toBe('new');
    gated.open();
    await before;
    expect((await cache.get('page', 'a', () => Promise.resolve('third'), serialize)).value).toBe('new');
  });

  it('shares a failed build with its waiters and keeps nothing of it', async () => {
    const { version } = handVersion();
    const cache = createReadModelCache(version);
    let runs = 0;
    const failing = async () => {
      runs++;
      await Promise.resolve();
      throw new Error('no such page');
    };
    const results = await Promise.allSettled([1, 2, 3].map(() => cache.get('page', 'x', failing, serialize)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(runs).toBe(1);
    await expect(cache.get('page', 'x', failing, serialize)).rejects.toThrow('no such page');
    expect(runs).toBe(2);
  });

  it('keeps nothing when given no memory (READ_MODEL_CACHE_MB=0)', async () => {
    const { version } = handVersion();
    const cache = createReadModelCache(version, { maxBytes: 0 });
    let runs = 0;
    const build = () => Promise.resolve(++runs);
    await cache.get('page', 'a', build, serialize);
    expect((await cache.get('page', 'a', build, serialize)).value).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxBytes, dropping the least recently used', async () => {
    const { version } = handVersion();
    // Each model: a 100-byte body, a short key (12 bytes), 64 of bookkeeping.
    const cache = createReadModelCache(version, { maxBytes: 3 * 176 });
    const body = (key: string) => () => Promise.resolve(key.repeat(98));
    for (const key of ['a', 'b', 'c']) await cache.get('page', key, body(key), serialize);
    expect(cache.size).toBe(3);
    await cache.get('page', 'a', body('a'), serialize);
    await cache.get('page', 'd', body('d'), serialize);
    expect(cache.size).toBe(3);
    // 'b' was the least recently used: built again; 'a' was used just before and stays.
    expect((await cache.get('page', 'a', body('a'), serialize)).cached).toBe(true);
    expect((await cache.get('page', 'b', body('b'), serialize)).cached).toBe(false);
  });
});

describe('the catalogue version', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A database whose version row the test sets; it counts the readings. */
  function fakeDatabase(row: { version: string; now: Date; next_release: Date | null }) {
    let notify: () => void = () => undefined;
    let readings = 0;
    return {
      row,
      readings: () => readings,
      notify: () => notify(),
      handle: {
        kind: 'pglite' as const,
        db: {
          execute: () => {
            readings++;
            return Promise.resolve({ rows: [{ ...row }] });
          },
        } as never,
        onCatalogueChange: (listener: () => void) => {
          notify = listener;
          return () => undefined;
        },
      },
    };
  }

  it('reads the version once, then answers from memory until a change is heard', async () => {
    const database = fakeDatabase({ version: '5', now: new Date(), next_release: null });
    const version = createCatalogueVersion(database.handle);
    const first = await version.current();
    expect(first).not.toBeNull();
    expect(version.current()).toBe(first);
    expect(database.readings()).toBe(1);
    database.notify();
    expect(version.isCurrent(first!)).toBe(false);
    const second = await version.current();
    expect(second).not.toBe(first);
    expect(database.readings()).toBe(2);
    version.close();
  });

  it('moves on when a release comes, on the database clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T12:00:00Z');
    vi.setSystemTime(start);
    // The database's clock is 10 s ahead of this one; the next song comes out 30 s later by its clock.
    const dbNow = new Date(start.getTime() + 10_000);
    const database = fakeDatabase({ version: '1', now: dbNow, next_release: new Date(dbNow.getTime() + 30_000) });
    const version = createCatalogueVersion(database.handle);
    const epoch = await version.current();
    vi.setSystemTime(start.getTime() + 29_000);
    expect(version.current()).toBe(epoch);
    vi.setSystemTime(start.getTime() + 30_000);
    const after = await version.current();
    expect(after).not.toBe(epoch);
    expect(version.isCurrent(epoch!)).toBe(false);
    version.close();
  });

  it('notices a version another process wrote when it reads the version (the poll)', async () => {
    const database = fakeDatabase({ version: '1', now: new Date(), next_release: null });
    const handle = { ...database.handle, kind: 'postgres' as const };
    const version = createCatalogueVersion(handle, { pollMs: 5 });
    const epoch = await version.current();
    database.row.version = '2';
    await vi.waitFor(() => expect(version.isCurrent(epoch!)).toBe(false), { timeout: 5_000 });
    version.close();
  });
});
