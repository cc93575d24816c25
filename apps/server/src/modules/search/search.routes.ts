import { SEARCH_LIMIT_PER_TYPE, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchQuery, searchResults } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_PAGE_CACHE, sendSerialized } from '../../http/etag.js';
import { cachedSearch } from './search.service.js';

export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/search',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['search'],
        summary: 'Search artists, songs and albums by name or title',
        description:
          `Artists (name), songs (title) and albums (name) containing \`s\` case-insensitively, only of ACTIVE ` +
          `artists whose searchStatus.isSearchable is true, and only released songs. One flat list: artists, ` +
          `then songs, then albums, each result with its \`type\`; within each type the best matches first ` +
          `(exact, then prefix, then trigram similarity, then shorter) and at most ${SEARCH_LIMIT_PER_TYPE}. ` +
          `A term shorter than ${SEARCH_MIN_LENGTH} characters (after trimming) answers an empty list; one ` +
          `longer than ${SEARCH_MAX_LENGTH} is a 400. \`%\`, \`_\` and \`\\\` match themselves. ` +
          `ETag; If-None-Match answers 304; Cache-Control: no-cache (results change as artists publish).`,
        querystring: searchQuery,
        response: { 200: searchResults, 304: z.void().describe('Not modified: the If-None-Match tag is current') },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await cachedSearch(ctx, request.query.s, (body) => reply.serialize(body)),
        PUBLIC_PAGE_CACHE,
      ),
  );
}
