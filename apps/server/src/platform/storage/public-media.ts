/** Public images (profile, banner, photos, artwork) are served by key; audio only behind a signature. */
export const PUBLIC_IMAGE_PREFIXES = [
  'profile-images/',
  'banner-images/',
  'band-photos/',
  'album-artwork/',
  'genre-images/',
  'playlist-images/',
];

export const isPublicImageKey = (key: string) => PUBLIC_IMAGE_PREFIXES.some((prefix) => key.startsWith(prefix));

const SERVED_HERE = '/media';
let base = SERVED_HERE;

/**
 * Where public images are fetched from: `/media` (this server's route) unless `MEDIA_PUBLIC_URL` names a
 * CDN or the bucket's own address (docs/operations.md). Set once per process by the platform from its
 * config; the presenters that build image URLs are plain functions without the context, and every app
 * in a process has the same setting.
 */
export function usePublicMediaBase(url: string | undefined): void {
  base = url ? url.replace(/\/+$/, '') : SERVED_HERE;
}

/** The address a public image is shown at: `{base}/{key}`. */
export function publicMediaUrl(key: string): string {
  return `${base}/${key}`;
}

/**
 * The storage key of a public image named by an address this server handed out, under the configured
 * base or under `/media` (absolute or not, with or without a query); null for anything else.
 */
export function publicMediaKeyOf(address: string): string | null {
  const withoutQuery = address.trim().replace(/[?#].*$/, '');
  for (const prefix of [`${base}/`, `${SERVED_HERE}/`]) {
    const start = withoutQuery.startsWith(prefix) ? prefix.length : pathStart(withoutQuery, prefix);
    if (start === null) continue;
    const key = withoutQuery.slice(start);
    if (isPublicImageKey(key)) return key;
  }
  return null;
}

/** Where `prefix` (a path) begins an absolute address's path, e.g. `https://host/media/...`. */
function pathStart(address: string, prefix: string): number | null {
  if (!prefix.startsWith('/')) return null;
  const origin = /^https?:\/\/[^/]+/i.exec(address)?.[0];
  return origin && address.startsWith(prefix, origin.length) ? origin.length + prefix.length : null;
}
