import { initialData, sessionProfile } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getInitialData, getSessionProfile } from './initial.service.js';

export async function initialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/users/session/profile',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, and for an artist the artist with songs and albums',
        response: { 200: sessionProfile },
      },
    },
    async (request) => getSessionProfile(ctx, request.currentUser),
  );

  app.get(
    '/api/initial',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'First load of a signed-in area: stats, user, artist, songs, albums',
        response: { 200: initialData },
      },
    },
    async (request) => ({ data: await getInitialData(ctx, request.currentUser) }),
  );
}
