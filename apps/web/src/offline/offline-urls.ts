/**
 * Where the songs a fan keeps on this device live (docs/decisions/0054): one Cache Storage cache that outlives
 * app builds, read by the page (offline-store.ts) and by the service worker (src/service-worker/sw.ts).
 */
export const OFFLINE_CACHE = 'hfm-offline';

/** The song's audio file in the cache; the service worker answers it, with byte ranges, from there. */
export function offlineFileUrl(songId: string): string {
  return `/offline/songs/${encodeURIComponent(songId)}`;
}

/** The list of songs kept on this device, with what the offline screen shows of each. */
export const OFFLINE_INDEX_URL = '/offline/index.json';

/** The song id of an offline file's path, or null. */
export function songIdOfOfflineFile(pathname: string): string | null {
  const match = /^\/offline\/songs\/([^/]+)$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}
