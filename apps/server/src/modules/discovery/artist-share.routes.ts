import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_CACHE, readWebIndex, renderPageMeta } from '../../http/web-app.js';
import { artistPageMeta } from './artist-share.js';
import { findArtistShareCard } from './discovery.service.js';

/**
 * The artist's public, shareable address. The web app draws the page; the server answers its index.html
 * with the artist's name in the title and link-preview tags, so a shared link names the artist. An unknown
 * (or not approved) artist gets the app's not-found page with a 404. Without a built web app, a JSON 404.
 */
export async function artistShareRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.get(
    '/a/:slug',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ slug: z.string() }) } },
    async (request, reply) => {
      const html = await readWebIndex(ctx.config, 'fans');
      if (html === null) return reply.callNotFound();
      const card = await findArtistShareCard(ctx, request.params.slug);
      reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE);
      if (!card) return reply.code(404).send(html);
      return reply.send(renderPageMeta(html, artistPageMeta(card, ctx.config.publicUrl)));
    },
  );
}
