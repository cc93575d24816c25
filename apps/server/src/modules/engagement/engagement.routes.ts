import { eventAnswer, eventBody, hiFiveBody, hiFiveEntry, hiFiveIdParams, hiFiveRemoved } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordEvent } from './events.service.js';
import { giveHiFive, takeBackHiFive } from './hi-fives.service.js';

const tags = ['engagement'];

export async function engagementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(
    '/api/mzd-events',
    { config: { access: 'signedIn' }, schema: { tags, body: eventBody, response: { 201: eventAnswer } } },
    async (request, reply) => reply.status(201).send(await recordEvent(ctx, request.currentUser, request.body)),
  );
  r.post(
    '/api/hi-fives',
    {
      config: { access: 'signedIn' },
      schema: { tags, body: hiFiveBody, response: { 200: hiFiveEntry, 201: hiFiveEntry } },
    },
    async (request, reply) => {
      const { entry, created } = await giveHiFive(ctx, request.currentUser, request.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );
  r.delete(
    '/api/hi-fives/:entryId',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: hiFiveIdParams, response: { 200: hiFiveRemoved } },
    },
    async (request) => takeBackHiFive(ctx, request.currentUser, request.params.entryId),
  );
}
