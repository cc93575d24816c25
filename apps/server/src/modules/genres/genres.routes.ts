import { publicGenres } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listGenres } from './genres.service.js';

export async function genresRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/genres',
    {
      config: { access: 'public' },
      schema: {
        tags: ['genres'],
        summary: 'Every genre, sorted by label',
        response: { 200: publicGenres },
      },
    },
    async () => listGenres(app.ctx.db),
  );
}
