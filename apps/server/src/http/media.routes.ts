import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { LRUCache } from 'lru-cache';
import { attachment, parseRange } from '../platform/storage/media-headers.js';
import { isPublicImageKey, publicMediaUrl } from '../platform/storage/public-media.js';
import { SIGNED_MEDIA_PATH } from '../platform/storage/signed-urls.js';
import { contentTypeForKey, isSafeKey, type StoredObject } from '../platform/storage/storage.js';

const notFoundBody = { error: { code: 'NOT_FOUND', message: 'Not found.' } };

/**
 * How long the bucket URL a segment redirects to stays valid (at most the token's own time left). Players
 * ask our route again for every segment, so this only has to outlast one fetch and its retries.
 */
export const SEGMENT_REDIRECT_SECONDS = 300;

/** Playlists and manifests are small text answered here: the player resolves their relative names against us. */
const isManifestKey = (key: string) => key.endsWith('.m3u8') || key.endsWith('.mpd');

/**
 * On S3 every play reads two playlists from the bucket: a round trip each, the slowest read in the soak.
 * A song's stored files never change (a new upload gets a new folder), so they are kept here ten minutes: the
 * bound is only on how long a deleted song's playlist can still be read by someone holding a signed URL (its
 * segments are gone), and a minute left a miss to the bucket every minute per song per process in the soak.
 */
export const MANIFEST_CACHE = {
  entries: 2_000,
  maxBytes: 16 * 1024 * 1024,
  ttlMs: 10 * 60_000,
  largestBytes: 256 * 1024,
};

interface CachedManifest {
  body: Buffer;
  size: number;
  contentType: string;
}
type Manifest = CachedManifest | StoredObject;

const manifestCaches = new WeakMap<FastifyInstance, LRUCache<string, CachedManifest>>();

export function registerMediaRoutes(app: FastifyInstance): void {
  manifestCaches.set(
    app,
    new LRUCache<string, CachedManifest>({
      max: MANIFEST_CACHE.entries,
      maxSize: MANIFEST_CACHE.maxBytes,
      ttl: MANIFEST_CACHE.ttlMs,
      sizeCalculation: (manifest) => Math.max(1, manifest.body.length),
    }),
  );
  app.get('/media/*', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    // Fastify has already decoded the path once; decoding again would misread '%25' sequences.
    const key = (request.params as { '*': string })['*'];
    if (!isPublicImageKey(key) || !isSafeKey(key)) return reply.status(404).send(notFoundBody);
    // With MEDIA_PUBLIC_URL set, image URLs point at the CDN; an address handed out earlier (or kept in a row) follows.
    const elsewhere = publicMediaUrl(key);
    if (!elsewhere.startsWith('/media/')) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply
        .status(301)
        .header('location', elsewhere + query)
        .header('cache-control', 'public, max-age=86400')
        .send();
    }
    const object = await app.ctx.storage.get(key).catch(() => null);
    if (!object) return reply.status(404).send(notFoundBody);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });

  app.get(
    `${SIGNED_MEDIA_PATH}/:token/*`,
    { schema: { hide: true }, config: { access: 'signedUrl' } },
    (request, reply) => sendSignedMedia(app, request, reply),
  );
}

/** The token and key as sent, each path segment decoded once (the router's decoding is not relied on). */
function readSignedPath(url: string): { token: string; key: string } | null {
  const [token, ...segments] = url
    .split('?')[0]!
    .slice(SIGNED_MEDIA_PATH.length + 1)
    .split('/');
  try {
    return { token: token ?? '', key: segments.map(decodeURIComponent).join('/') };
  } catch {
    return null;
  }
}

/**
 * `GET /media/signed/{token}/{key}[?download=name]`: media behind a signed, expiring token, with
 * byte ranges (players seek and fetch segments by range) and the attachment header for downloads.
 */
async function sendSignedMedia(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const signedPath = readSignedPath(request.url);
  const download = (request.query as { download?: unknown }).download;
  const downloadName = typeof download === 'string' && download !== '' ? download : undefined;
  if (!signedPath || !isSafeKey(signedPath.key)) return reply.status(404).send(notFoundBody);
  const { token, key } = signedPath;
  if (!app.ctx.platform.signer.verifyMedia(token, key, downloadName)) {
    return reply
      .status(403)
      .send({ error: { code: 'FORBIDDEN', message: 'This media link is not valid or has expired.' } });
  }
  const expires = Number(token.split('.')[1]);
  const secondsLeft = Math.max(1, expires - Math.floor(Date.now() / 1000));
  if (app.ctx.storage.kind === 's3' && !isManifestKey(key)) {
    return redirectToBucket(app, reply, key, Math.min(secondsLeft, SEGMENT_REDIRECT_SECONDS), downloadName);
  }
  if (app.ctx.storage.kind === 's3' && !request.headers.range && !downloadName) {
    const manifest = await readManifest(app, key);
    if (!manifest) return reply.status(404).send(notFoundBody);
    return reply
      .header('content-type', manifest.contentType)
      .header('content-length', manifest.size)
      .header('cache-control', `private, max-age=${secondsLeft}`)
      .header('x-content-type-options', 'nosniff')
      .send(manifest.body);
  }
  const stats = await app.ctx.storage.stat(key);
  if (!stats) return reply.status(404).send(notFoundBody);
  const range = parseRange(request.headers.range, stats.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${stats.size}`)
      .send({ error: { code: 'BAD_REQUEST', message: 'The requested range is not satisfiable.' } });
  }
  const object = await app.ctx.storage.get(key, range ?? undefined, stats);
  if (!object) return reply.status(404).send(notFoundBody);
  reply
    .header('content-type', contentTypeForKey(key) ?? stats.contentType)
    .header('accept-ranges', 'bytes')
    .header('content-length', object.size)
    .header('cache-control', `private, max-age=${secondsLeft}`)
    .header('x-content-type-options', 'nosniff');
  if (downloadName) reply.header('content-disposition', attachment(downloadName));
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stats.size}`);
  return reply.send(object.body);
}

/**
 * A playlist or manifest from the bucket, through the app's cache (one larger than any ffmpeg writes is
 * streamed, not kept); null when the bucket has no such key.
 */
async function readManifest(app: FastifyInstance, key: string): Promise<Manifest | null> {
  const cache = manifestCaches.get(app)!;
  const cached = cache.get(key);
  if (cached) return cached;
  const object = await app.ctx.storage.get(key);
  if (!object) return null;
  const contentType = contentTypeForKey(key) ?? object.contentType;
  if (object.size > MANIFEST_CACHE.largestBytes) return { ...object, contentType };
  const body = await buffer(object.body);
  const manifest = { body, size: body.length, contentType };
  cache.set(key, manifest);
  return manifest;
}

/**
 * On S3 a segment, init file or any other single object of a folder-scoped URL is a 302 to a short-lived
 * presigned URL of that one key (decision 0031): the bytes, and their ranges, come from the bucket or the
 * CDN in front of it, never through this process. The bucket answers 404 for a key that is not there.
 */
async function redirectToBucket(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  expiresInSeconds: number,
  downloadName: string | undefined,
) {
  const location = await app.ctx.storage.presignGet(key, {
    expiresInSeconds,
    ...(downloadName ? { downloadName } : {}),
  });
  return reply
    .status(302)
    .header('location', location)
    .header('cache-control', `private, max-age=${Math.min(60, expiresInSeconds)}`)
    .send();
}
