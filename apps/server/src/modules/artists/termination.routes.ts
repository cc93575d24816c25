import { artistIdParams, terminateArtistBody, terminationAnswer } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perSignedInAccountLimit, rateLimited } from '../../http/route-options.js';
import { terminateArtist, type TerminationOptions } from './termination.service.js';

export async function terminationRoutes(fastify: FastifyInstance, termination: TerminationOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/api/artists/:id/terminate',
    {
      // A password is checked here: limited per address and per signed-in account, like deleting an account.
      config: { ...rateLimited(app), access: 'artist' },
      preHandler: perSignedInAccountLimit(app),
      schema: {
        tags: ['artists'],
        summary:
          "Terminate an artist's licence (docs/decisions/0021): the artist itself, confirmed with its current " +
          'password, or an admin with a reason. At once: status CANCELLED, no new subscriptions, no renewals ' +
          '(subscribers keep access to the end of their term), subscribers and the artist mailed; 409 when done already',
        params: artistIdParams,
        body: terminateArtistBody,
        response: { 200: terminationAnswer },
      },
    },
    async (request) => terminateArtist(ctx, request.currentUser, request.params.id, request.body, termination),
  );

  // The spec's generic remove path for artists: an artist is never deleted, its licence is terminated.
  app.delete(
    '/api/artists/remove/:id',
    {
      config: { ...rateLimited(app), access: 'artist' },
      preHandler: perSignedInAccountLimit(app),
      schema: {
        tags: ['artists'],
        summary:
          'The spec’s artist remove: terminates the licence exactly as POST /api/artists/{id}/terminate does ' +
          '(the artist with its current password, an admin with a reason; docs/decisions/0021)',
        params: artistIdParams,
        body: terminateArtistBody.nullish(),
        response: { 200: terminationAnswer },
      },
    },
    async (request) => terminateArtist(ctx, request.currentUser, request.params.id, request.body ?? {}, termination),
  );
}
