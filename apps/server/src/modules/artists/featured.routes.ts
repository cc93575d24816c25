import { featuredArtists, featuredOrderBody, featuredSwapBody } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listFeatured, reorderFeatured, swapFeatured } from './featured.service.js';

/**
 * The featured order, for admins. Adding, removing and moving one artist are PATCH /api/artists/{id}
 * (isFeatured, featuredPosition); these routes show the order, swap one artist for another and set the
 * whole order at once. Every answer is the order after the change.
 */
export async function featuredRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['artists'];

  app.get(
    '/api/artists/featured',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The featured artists in order (featuredPosition 0, 1, ...; 0 is member home’s hero artist)',
        response: { 200: featuredArtists },
      },
    },
    async (request) => listFeatured(ctx, request.currentUser),
  );

  app.post(
    '/api/artists/featured/swap',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Swap: the added ACTIVE artist takes the removed one’s position and the removed one gets -1 (409 when ' +
          'removeID is not featured, addID is featured already or not ACTIVE)',
        body: featuredSwapBody,
        response: { 200: featuredArtists },
      },
    },
    async (request) => swapFeatured(ctx, request.currentUser, request.body),
  );

  app.put(
    '/api/artists/featured/order',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The whole featured order at once (drag to reorder): `ids` must be exactly the featured artists (409 ' +
          'when they changed meanwhile)',
        body: featuredOrderBody,
        response: { 200: featuredArtists },
      },
    },
    async (request) => reorderFeatured(ctx, request.currentUser, request.body),
  );
}
