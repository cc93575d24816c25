import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachment, parseRange } from '../platform/storage/media-headers.js';
import { SIGNED_MEDIA_PATH } from '../platform/storage/signed-urls.js';
import { contentTypeForKey, isSafeKey } from '../platform/storage/storage.js';

/** Public images (profile, banner, photos, artwork) are served by key; audio has its own signed routes. */
export const PUBLIC_IMAGE_PREFIXES = [
  'profile-images/',
  'banner-images/',
  'band-photos/',
  'album-artwork/',
  'genre-images/',
  'playlist-images/',
];

const notFoundBody = { error: { code: 'NOT_FOUND', message: 'Not found.' } };

export function registerMediaRoutes(app: FastifyInstance): void {
  app.get('/media/*', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    // Fastify has already decoded the path once; decoding again would misread '%25' sequences.
    const key = (request.params as { '*': string })['*'];
    if (!PUBLIC_IMAGE_PREFIXES.some((prefix) => key.startsWith(prefix)) || !isSafeKey(key)) {
      return reply.status(404).send(notFoundBody);
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
  const expires = Number(token.split('.')[1]);
  reply
    .header('content-type', contentTypeForKey(key) ?? stats.contentType)
    .header('accept-ranges', 'bytes')
    .header('content-length', object.size)
    .header('cache-control', `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`)
    .header('x-content-type-options', 'nosniff');
  if (downloadName) reply.header('content-disposition', attachment(downloadName));
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stats.size}`);
  return reply.send(object.body);
}
