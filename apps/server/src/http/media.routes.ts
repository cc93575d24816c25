import type { FastifyInstance } from 'fastify';

/** Public images (profile, banner, photos, artwork) are served by key; audio has its own signed routes. */
export const PUBLIC_IMAGE_PREFIXES = [
  'profile-images/',
  'banner-images/',
  'band-photos/',
  'album-artwork/',
  'genre-images/',
  'playlist-images/',
];

export function registerMediaRoutes(app: FastifyInstance): void {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = decodeURIComponent((request.params as { '*': string })['*']);
    const notFound = { error: { code: 'NOT_FOUND', message: 'Not found.' } };
    if (!PUBLIC_IMAGE_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.split('/').includes('..')) {
      return reply.status(404).send(notFound);
    }
    const object = await app.ctx.storage.get(key).catch(() => null);
    if (!object) return reply.status(404).send(notFound);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
}
