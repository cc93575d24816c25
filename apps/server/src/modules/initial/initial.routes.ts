import { initialData, sessionProfile } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/guards.js';
import { signedIn } from '../auth/route-options.js';
import { getInitialData, getSessionProfile } from './initial.service.js';

export async function initialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/users/session/profile',
    {
      onRequest: signedIn,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, and for an artist the artist with songs and albums',
        response: { 200: sessionProfile },
      },
    },
    async (request) => getSessionProfile(ctx, requireUser(request)),
  );

  app.get(
    '/api/initial',
    {
      onRequest: signedIn,
      schema: {
        tags: ['users'],
        summary: 'First load of a signed-in area: stats, user, artist, songs, albums',
        response: { 200: initialData },
      },
    },
    async (request) => ({ data: await getInitialData(ctx, requireUser(request)) }),
  );
}
