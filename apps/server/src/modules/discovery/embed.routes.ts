import {
  embedQuery,
  oembedAnswer as oembedAnswerSchema,
  oembedQuery,
  type EmbedKind,
  type EmbedQuery,
} from '@hfm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors/app-error.js';
import { allowFraming } from '../../http/security-headers.js';
import { sendPage } from '../../http/web-app.js';
import { readEmbedTemplate, renderEmbedPage } from './embed-page.js';
import { thumbnailOf } from './embed-thumbnail.js';
import { findEmbedItem } from './embed.service.js';
import { oembedAnswer, parseEmbedTarget } from './oembed.js';

const NO_SUCH_EMBED = 'Nothing on HFM to embed at this address.';
/** The page holds only what the public sees, the same for everyone: shared caches may keep it a little. */
const EMBED_CACHE = 'public, max-age=300';

const tags = ['embed'];
/** oEmbed's answer to a format it does not serve (our error vocabulary has no code for it). */
const notImplemented = z.object({ error: z.object({ code: z.literal('NOT_IMPLEMENTED'), message: z.string() }) });
const page = z.string().describe('The embed page (text/html), which any site may frame');
const kindParams = {
  artist: z.object({ id: z.string() }),
  album: z.object({ id: z.string() }),
  song: z.object({ id: z.string() }),
};
const summaries: Record<EmbedKind, string> = {
  artist: "An embeddable player of an ACTIVE artist's released songs (id: the artist's slug)",
  album: "An embeddable player of an ACTIVE artist's album, its released songs in album order",
  song: 'An embeddable player of one released song of an ACTIVE artist',
};

/**
 * The embeddable player and oEmbed (docs/decisions/0056): /embed/{artist|album|song}/{id}?size=&theme=, a
 * small page any site may frame that plays previews (or whole songs to a subscriber whose cookie the browser
 * sends), and GET /oembed, which turns a pasted address of ours into that embed's iframe. What is not public
 * (unknown, unreleased, an artist not approved or gone) is a 404, whoever asks.
 */
export async function embedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const publicUrl = ctx.config.publicUrl;

  async function sendEmbed(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: EmbedKind,
    id: string,
    options: EmbedQuery,
  ) {
    const [template, item] = await Promise.all([readEmbedTemplate(ctx.config), findEmbedItem(ctx, kind, id)]);
    if (!item) throw notFound(NO_SUCH_EMBED);
    if (template === null) return reply.callNotFound();
    allowFraming(reply);
    sendPage(request, reply, renderEmbedPage(template, item, options, publicUrl));
    return reply.header('cache-control', EMBED_CACHE);
  }

  for (const kind of ['artist', 'album', 'song'] as const) {
    app.get(
      `/embed/${kind}/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `${summaries[kind]}; size small (one row) or large (with the track list), theme light or dark`,
          params: kindParams[kind],
          querystring: embedQuery,
          produces: ['text/html'],
          response: { 200: page },
        },
      },
      async (request, reply) => sendEmbed(request, reply, kind, request.params.id, request.query),
    );
  }

  app.get(
    '/oembed',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'oEmbed (https://oembed.com): the embed of an artist, album or embed address on this site, as a rich ' +
          'iframe within maxwidth and maxheight; 404 for any other address, 501 for a format other than json',
        querystring: oembedQuery,
        response: { 200: oembedAnswerSchema, 501: notImplemented },
      },
    },
    async (request, reply) => {
      const { url, format, maxwidth, maxheight } = request.query;
      if (format !== undefined && format !== 'json')
        return reply.code(501).send({ error: { code: 'NOT_IMPLEMENTED', message: 'Only format=json is served.' } });
      const target = parseEmbedTarget(url, publicUrl);
      const item = target && (await findEmbedItem(ctx, target.kind, target.id));
      if (!target || !item) throw notFound(NO_SUCH_EMBED);
      void reply.header('cache-control', 'public, max-age=3600');
      const thumbnail = await thumbnailOf(ctx, item.cover, publicUrl);
      return oembedAnswer(item, target, publicUrl, { width: maxwidth, height: maxheight }, thumbnail);
    },
  );
}
