import type { DownloadAnswer, DownloadPreparing, PlaybackAnswer } from '@hfm/shared';
import { apiUrl } from '../api/client';
import { fetchDownloadUrl } from '../api/songs/get-download-url';
import { fetchPlaySources } from '../api/songs/get-play-sources';
import { OFFLINE_CACHE, OFFLINE_INDEX_URL, offlineFileUrl } from './offline-urls';

/**
 * The songs a fan keeps on this device (docs/decisions/0054): each one's MP3 320 download and a play answer
 * that points the player at it, in Cache Storage, where the service worker finds them with no network.
 */

/** The format stored: made at upload (no wait), and every browser's audio element plays it. */
export const OFFLINE_FORMAT = 'mp3';
const OFFLINE_MIME = 'audio/mpeg';

/** What the offline list shows of a song, without the network. */
export interface OfflineSong {
  id: string;
  title: string;
  artistID: string;
  artistName: string;
  albumName: string | null;
  duration: number | null;
  /** Size of the stored file. */
  bytes: number;
  savedAt: string;
}

/** The list of a device's offline songs, and whose they are (a shared device: another fan never gets them). */
export interface OfflineIndex {
  ownerId: string;
  songs: OfflineSong[];
}

/** The song a fan asks to keep on the device: a kept song's row. */
export type OfflineCandidate = Omit<OfflineSong, 'bytes' | 'savedAt'>;

/** The device's storage is full: nothing was stored. */
export class OfflineQuotaError extends Error {
  constructor() {
    super('Not enough space on this device for this song. Remove some offline songs or free up space.');
  }
}

/** The song is not the fan's to keep (a preview only): nothing was stored. */
export class NotKeptError extends Error {
  constructor(title: string) {
    super(`“${title}” is not a song you keep, so it cannot be stored on this device.`);
  }
}

/** What the store reaches: the browser's caches, its storage estimate, and the API (replaced in tests). */
export interface OfflineDeps {
  caches: CacheStorage;
  estimate: () => Promise<StorageEstimate>;
  playSources: (id: string) => Promise<PlaybackAnswer>;
  downloadUrl: (id: string) => Promise<DownloadAnswer | DownloadPreparing>;
  fetchFile: (url: string) => Promise<Response>;
  wait: (ms: number) => Promise<void>;
}

export function browserDeps(): OfflineDeps {
  return {
    caches: globalThis.caches,
    estimate: () => navigator.storage.estimate(),
    playSources: fetchPlaySources,
    downloadUrl: (id) => fetchDownloadUrl(id, OFFLINE_FORMAT),
    fetchFile: (url) => fetch(url, { credentials: 'same-origin' }),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

export function playAnswerUrl(songId: string): string {
  return apiUrl('/songs/{id}/play', { params: { id: songId } });
}

/**
 * The play answer kept with the file: the song in full from the stored file (no stream to reach), with its
 * length and loudness as the server gave them.
 */
export function offlinePlayAnswer(songId: string, answer: PlaybackAnswer): PlaybackAnswer {
  return {
    ...answer,
    full: true,
    hls: null,
    dash: null,
    preview: offlineFileUrl(songId),
    playableSeconds: answer.duration,
  };
}

export async function readIndex(deps: Pick<OfflineDeps, 'caches'>): Promise<OfflineIndex | null> {
  if (!deps.caches) return null;
  // Matched through the storage, not an opened cache: opening would create the cache again after a sign-out.
  const stored = await deps.caches.match(OFFLINE_INDEX_URL, { cacheName: OFFLINE_CACHE });
  return stored ? ((await stored.json()) as OfflineIndex) : null;
}

async function writeIndex(cache: Cache, index: OfflineIndex): Promise<void> {
  await cache.put(
    OFFLINE_INDEX_URL,
    new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }),
  );
}

/** The fan's offline songs; another fan's (a device passed on) are removed first. */
export async function listOffline(deps: Pick<OfflineDeps, 'caches'>, ownerId: string): Promise<OfflineSong[]> {
  const index = await readIndex(deps);
  if (!index) return [];
  if (index.ownerId !== ownerId) {
    await clearOffline(deps);
    return [];
  }
  return index.songs;
}

/** The offline songs on this device, whoever stored them: what a fan sees with no network to ask who they are. */
export async function listDeviceOffline(deps: Pick<OfflineDeps, 'caches'>): Promise<OfflineSong[]> {
  return (await readIndex(deps))?.songs ?? [];
}

/** Signing out (or another fan signing in) leaves nothing of the offline songs on the device. */
export async function clearOffline(deps: Pick<OfflineDeps, 'caches'>): Promise<void> {
  if (deps.caches) await deps.caches.delete(OFFLINE_CACHE);
}

/** The signed URL of the song's MP3, once made (asking again while the server prepares it). */
async function downloadUrlOf(deps: OfflineDeps, id: string): Promise<string> {
  for (;;) {
    const answer = await deps.downloadUrl(id);
    if ('url' in answer) return answer.url;
    await deps.wait(answer.retryAfterSeconds * 1000);
  }
}

/** The file's bytes, telling how much has arrived (0 to 1) when the size is known. */
async function readWithProgress(
  response: Response,
  onProgress: (share: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.ok || !response.body) throw new Error(`The song's file did not arrive (${response.status}).`);
  const total = Number(response.headers.get('content-length') ?? 0);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    if (total > 0) onProgress(Math.min(1, received / total));
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/**
 * Stores a kept song on the device: its play answer (only a song the fan hears in full: a preview is never
 * stored) and its MP3 from the download route, which hands only files the fan may keep. Fails with
 * OfflineQuotaError, storing nothing, when the device has no room.
 */
export async function saveOffline(
  deps: OfflineDeps,
  ownerId: string,
  song: OfflineCandidate,
  onProgress: (share: number) => void = () => {},
): Promise<OfflineSong> {
  const answer = await deps.playSources(song.id);
  if (!answer.full) throw new NotKeptError(song.title);
  const file = await readWithProgress(await deps.fetchFile(await downloadUrlOf(deps, song.id)), onProgress);
  const { usage = 0, quota = Infinity } = await deps.estimate();
  if (usage + file.byteLength > quota) throw new OfflineQuotaError();
  const saved: OfflineSong = { ...song, bytes: file.byteLength, savedAt: new Date().toISOString() };
  // Before the cache is opened: another fan's songs are cleared away with the cache itself.
  const songs = await listOffline(deps, ownerId);
  const cache = await deps.caches.open(OFFLINE_CACHE);
  try {
    await cache.put(
      offlineFileUrl(song.id),
      new Response(file, { headers: { 'content-type': OFFLINE_MIME, 'content-length': String(file.byteLength) } }),
    );
    await cache.put(
      playAnswerUrl(song.id),
      new Response(JSON.stringify(offlinePlayAnswer(song.id, answer)), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await writeIndex(cache, { ownerId, songs: [saved, ...songs.filter((entry) => entry.id !== song.id)] });
  } catch (error) {
    await removeFiles(cache, song.id);
    throw isQuotaError(error) ? new OfflineQuotaError() : error;
  }
  return saved;
}

async function removeFiles(cache: Cache, songId: string): Promise<void> {
  await cache.delete(offlineFileUrl(songId));
  await cache.delete(playAnswerUrl(songId));
}

/** Takes a song off the device. */
export async function removeOffline(deps: Pick<OfflineDeps, 'caches'>, ownerId: string, songId: string) {
  const songs = await listOffline(deps, ownerId);
  const cache = await deps.caches.open(OFFLINE_CACHE);
  await removeFiles(cache, songId);
  await writeIndex(cache, { ownerId, songs: songs.filter((entry) => entry.id !== songId) });
}
