import { Blob as NodeBlob } from 'node:buffer';
import type { PlaybackAnswer } from '@hfm/shared';
import { describe, expect, it } from 'vitest';
import {
  clearOffline,
  listDeviceOffline,
  listOffline,
  NotKeptError,
  OfflineQuotaError,
  removeOffline,
  saveOffline,
  type OfflineDeps,
} from './offline-store';
import { OFFLINE_CACHE } from './offline-urls';
import { parseRange, rangeResponse } from './ranges';

/**
 * Cache Storage as the browser keeps it, in memory: what the store writes can be read back. (jsdom has no
 * Cache Storage; the browser's own is exercised by e2e/offline.e2e.test.ts.)
 */
class MemoryCaches {
  readonly stores = new Map<string, Map<string, { body: ArrayBuffer; headers: [string, string][] }>>();
  /** Makes the next put fail as a full disk does. */
  full = false;

  async open(name: string): Promise<Cache> {
    const store = this.stores.get(name) ?? new Map();
    this.stores.set(name, store);
    const key = (request: RequestInfo | URL) => new URL(String(request), 'http://hfm.test').pathname;
    return {
      match: async (request: RequestInfo | URL) => {
        const entry = store.get(key(request));
        return entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined;
      },
      put: async (request: RequestInfo | URL, response: Response) => {
        if (this.full) throw new DOMException('full', 'QuotaExceededError');
        store.set(key(request), { body: await response.arrayBuffer(), headers: [...response.headers] });
      },
      delete: async (request: RequestInfo | URL) => store.delete(key(request)),
      keys: async () => [...store.keys()].map((path) => new Request(`http://hfm.test${path}`)),
    } as unknown as Cache;
  }

  /** As the browser's: asking a named cache that is not there answers nothing and creates nothing. */
  async match(request: RequestInfo | URL, options: { cacheName: string }): Promise<Response | undefined> {
    if (!this.stores.has(options.cacheName)) return undefined;
    return (await this.open(options.cacheName)).match(request);
  }

  async delete(name: string) {
    return this.stores.delete(name);
  }

  paths(name = OFFLINE_CACHE): string[] {
    return [...(this.stores.get(name)?.keys() ?? [])].sort();
  }
}

const FAN = 'fan-1';
const SONG = {
  id: 'song-1',
  title: 'Four-Track Heart',
  artistID: 'artist-1',
  artistName: 'The Demo Tapes',
  albumName: 'First Takes',
  duration: 64,
};
const FILE = new Uint8Array(1000).map((_, index) => index % 251);

function answer(full: boolean): PlaybackAnswer {
  return {
    full,
    hls: full ? '/media/stream/song-1/index.m3u8?sig=1' : null,
    dash: full ? '/media/stream/song-1/manifest.mpd?sig=1' : null,
    preview: '/media/preview/song-1.mp3?sig=1',
    duration: 64,
    playableSeconds: full ? 64 : 45,
    gainDb: -2.5,
  };
}

function deps(caches: MemoryCaches, overrides: Partial<OfflineDeps> = {}): OfflineDeps {
  let preparing = 1;
  return {
    caches: caches as unknown as CacheStorage,
    estimate: async () => ({ usage: 10_000, quota: 1_000_000 }),
    playSources: async () => answer(true),
    // The first ask finds the MP3 being made, as a format made on first request answers.
    downloadUrl: async () =>
      preparing-- > 0
        ? { state: 'preparing', message: 'Preparing your download…', retryAfterSeconds: 1 }
        : { url: '/media/downloads/song-1.mp3?sig=1' },
    fetchFile: async () => new Response(FILE, { headers: { 'content-length': String(FILE.length) } }),
    wait: async () => {},
    ...overrides,
  };
}

describe('the offline store', () => {
  it('stores a kept song: its file, a play answer pointing at it in full, and the list entry', async () => {
    const caches = new MemoryCaches();
    const progress: number[] = [];
    const saved = await saveOffline(deps(caches), FAN, SONG, (share) => progress.push(share));
    expect(saved).toMatchObject({ ...SONG, bytes: 1000 });
    expect(progress.at(-1)).toBe(1);
    expect(caches.paths()).toEqual(['/api/songs/song-1/play', '/offline/index.json', '/offline/songs/song-1']);
    const cache = await caches.open(OFFLINE_CACHE);
    expect(await (await cache.match('/api/songs/song-1/play'))!.json()).toEqual({
      ...answer(true),
      hls: null,
      dash: null,
      preview: '/offline/songs/song-1',
      playableSeconds: 64,
    });
    const file = await cache.match('/offline/songs/song-1');
    expect(file!.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(FILE);
    expect(await listOffline(deps(caches), FAN)).toEqual([saved]);
  });

  it('never stores a song the fan only hears as a preview', async () => {
    const caches = new MemoryCaches();
    const store = deps(caches, { playSources: async () => answer(false) });
    await expect(saveOffline(store, FAN, SONG)).rejects.toBeInstanceOf(NotKeptError);
    expect(caches.paths()).toEqual([]);
  });

  it('stores nothing and says so when the song does not fit in what the browser allows', async () => {
    const caches = new MemoryCaches();
    const tight = deps(caches, { estimate: async () => ({ usage: 999_500, quota: 1_000_000 }) });
    await expect(saveOffline(tight, FAN, SONG)).rejects.toBeInstanceOf(OfflineQuotaError);
    expect(caches.paths()).toEqual([]);

    caches.full = true;
    await expect(saveOffline(deps(caches), FAN, SONG)).rejects.toThrow(/Not enough space on this device/);
    expect(caches.paths()).toEqual([]);
  });

  it("removes a song, and clears another fan's songs before listing or storing for this one", async () => {
    const caches = new MemoryCaches();
    await saveOffline(deps(caches), FAN, SONG);
    await saveOffline(deps(caches), FAN, { ...SONG, id: 'song-2', title: 'Tape Hiss' });
    await removeOffline(deps(caches), FAN, 'song-1');
    expect((await listOffline(deps(caches), FAN)).map((song) => song.id)).toEqual(['song-2']);
    expect(caches.paths()).not.toContain('/offline/songs/song-1');

    // With no network to say who is signed in, the device's list is shown as it is.
    expect((await listDeviceOffline(deps(caches))).map((song) => song.id)).toEqual(['song-2']);
    expect(await listOffline(deps(caches), 'fan-2')).toEqual([]);
    expect(caches.paths()).toEqual([]);
  });

  it('signing out deletes the whole offline cache', async () => {
    const caches = new MemoryCaches();
    await saveOffline(deps(caches), FAN, SONG);
    await clearOffline(deps(caches));
    expect(caches.stores.has(OFFLINE_CACHE)).toBe(false);
  });

  it('listing after signing out leaves no cache behind (a screen still mounted reads the list)', async () => {
    const caches = new MemoryCaches();
    await saveOffline(deps(caches), FAN, SONG);
    await clearOffline(deps(caches));
    expect(await listDeviceOffline(deps(caches))).toEqual([]);
    expect(await listOffline(deps(caches), FAN)).toEqual([]);
    expect(caches.stores.has(OFFLINE_CACHE)).toBe(false);
  });
});

describe('byte ranges of a stored file', () => {
  it('reads the ranges an audio element asks for', () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
  });

  it('answers 206 with the range, 200 with the whole file, 416 past the end', async () => {
    const file = new NodeBlob([FILE]) as unknown as Blob;
    const part = rangeResponse(file, 'bytes=10-19', 'audio/mpeg');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(part.headers.get('content-length')).toBe('10');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(FILE.slice(10, 20));

    const whole = rangeResponse(file, null, 'audio/mpeg');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(1000);

    const past = rangeResponse(file, 'bytes=2000-', 'audio/mpeg');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
  });
});
