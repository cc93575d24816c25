/**
 * The service worker (docs/decisions/0054), served at /sw.js with scope /. It keeps files of its own build:
 * at install what a fan's app needs to open and play with no network, the rest the first time a page uses it;
 * and it answers the songs a fan stored for offline listening. It caches nothing else: API answers and media
 * go to the network untouched, so a preview is never kept. service-worker-build.ts bundles it and writes
 * HFM_BUILD (the build's id, its files, those stored at install) above it: a new build is a new worker, which
 * takes over at once and deletes the old build's cache.
 */
import { OFFLINE_CACHE, songIdOfOfflineFile } from '../offline/offline-urls';
import { rangeResponse } from '../offline/ranges';
import { shellPageFor } from './shell-pages';

declare const HFM_BUILD: { id: string; files: string[]; precache: string[] };

/** The parts of the worker's global scope used here (the web app's types are the window's). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const SHELL_PREFIX = 'hfm-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${HFM_BUILD.id}`;
const PLAY_ANSWER = /^\/api\/songs\/[^/]+\/play$/;

worker.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldShells().then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(networkFirstPage(request, url.pathname));
  if (PLAY_ANSWER.test(url.pathname)) return event.respondWith(playAnswer(request));
  const offlineSong = songIdOfOfflineFile(url.pathname);
  if (offlineSong !== null) return event.respondWith(offlineFile(request));
  if (HFM_BUILD.files.includes(url.pathname)) event.respondWith(shellFile(request, (done) => event.waitUntil(done)));
});

/** The files a fan's app opens and plays with offline, fresh from the server (the pages are revalidated). */
async function precacheShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  // The hashed assets never change: the browser's HTTP cache may answer them; the rest are asked afresh.
  const fresh = (file: string): RequestCache => (file.startsWith('/assets/') ? 'default' : 'no-cache');
  await cache.addAll(HFM_BUILD.precache.map((file) => new Request(file, { cache: fresh(file) })));
}

async function deleteOldShells(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)),
  );
}

/** A page from the server when it answers (never a stale app), else this build's shell of the page's area. */
async function networkFirstPage(request: Request, pathname: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(shellPageFor(pathname), { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/**
 * The build's own files: from this build's cache, else the network, kept in the cache once fetched (the
 * studio's chunks, shaka-player: a file used online then opens offline too, and goes with its build).
 */
async function shellFile(request: Request, keepAlive: (done: Promise<unknown>) => void): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200) {
    const copy = response.clone();
    // A full quota leaves the file out of the cache; the page has its answer either way.
    keepAlive(
      caches
        .open(SHELL_CACHE)
        .then((cache) => cache.put(request, copy))
        .catch(() => undefined),
    );
  }
  return response;
}

/**
 * A song's play answer from the server when it answers (the server stays the judge of what a fan hears), else
 * the one stored with the song the fan keeps on the device: the player then plays the stored file.
 */
async function playAnswer(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const stored = await caches.match(request, { cacheName: OFFLINE_CACHE, ignoreSearch: true });
    if (stored) return stored;
    throw error;
  }
}

/** A stored song's file, in the byte ranges the audio element asks for. */
async function offlineFile(request: Request): Promise<Response> {
  const stored = await caches.match(request, { cacheName: OFFLINE_CACHE, ignoreSearch: true });
  if (!stored) return new Response('This song is not stored on this device.', { status: 404 });
  const type = stored.headers.get('content-type') ?? 'application/octet-stream';
  return rangeResponse(await stored.blob(), request.headers.get('range'), type);
}
