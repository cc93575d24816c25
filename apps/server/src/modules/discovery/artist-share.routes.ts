import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_CACHE, readWebIndex, renderPageMeta, type PageMeta } from '../../http/web-app.js';
import { richTextToPlainText } from '../../platform/media/sanitize-html.js';
import { mediaPath } from '../artists/artists.presenter.js';
import { findArtistShareCard, type ArtistShareCard } from './discovery.service.js';

/** Link previews show about this much of a bio. */
export const SHARE_DESCRIPTION_MAX = 200;

/** The bio as plain text, cut at a word to at most `max` characters (with an ellipsis when cut). */
export function shareDescription(bioHtml: string, max = SHARE_DESCRIPTION_MAX): string {
  const text = richTextToPlainText(bioHtml).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

export function artistPageMeta(card: ArtistShareCard, publicUrl: string): PageMeta {
  const description = shareDescription(card.bio) || `Listen to ${card.name} on HFM.`;
  return {
    title: `${card.name} | HFM`,
    description,
    url: `${publicUrl}/a/${card.slug}`,
    image: card.imageKey ? `${publicUrl}${mediaPath(card.imageKey)}` : null,
    type: 'music.musician',
  };
}

/**
 * The artist's public, shareable address. The web app draws the page; the server answers its index.html
 * with the artist's name in the title and link-preview tags, so a shared link names the artist. An unknown
 * (or not yet approved) artist gets the app's not-found page with a 404.
 */
export async function artistShareRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.get(
    '/a/:slug',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ slug: z.string() }) } },
    async (request, reply) => {
      const html = await readWebIndex(ctx.config);
      if (html === null) return reply.callNotFound();
      const card = await findArtistShareCard(ctx, request.params.slug);
      reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE);
      if (!card) return reply.code(404).send(html);
      return reply.send(renderPageMeta(html, artistPageMeta(card, ctx.config.publicUrl)));
    },
  );
}
