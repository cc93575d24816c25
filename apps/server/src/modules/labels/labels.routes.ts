import {
  createLabelBody,
  deletedAnswer,
  labelIdParams,
  labelsPage,
  labelsQuery,
  publicLabel,
  updateLabelBody,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from './labels.service.js';

/** Record labels, the admin's to keep (spec 001 sections 4 and 7.3). */
export async function labelsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/labels',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['labels'],
        summary: 'Record labels, a page at a time, sorted by createdAt (newest first), updatedAt or name (admin)',
        querystring: labelsQuery,
        response: { 200: labelsPage },
      },
    },
    async (request) => listLabels(ctx, request.currentUser, request.query),
  );

  app.get(
    '/api/labels/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['labels'],
        summary: 'One record label (admin)',
        params: labelIdParams,
        response: { 200: publicLabel },
      },
    },
    async (request) => getLabel(ctx, request.currentUser, request.params.id),
  );

  // The spec's save sends a label without an id to the create route; the generic save POSTs to the list route.
  for (const url of ['/api/labels/create', '/api/labels']) {
    app.post(
      url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['labels'],
          summary: 'Create a label (admin); active unless said otherwise',
          body: createLabelBody,
          response: { 201: publicLabel },
        },
      },
      async (request, reply) => reply.status(201).send(await createLabel(ctx, request.currentUser, request.body)),
    );
  }

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/labels/:id',
      config: { access: 'admin' },
      schema: {
        tags: ['labels'],
        summary: 'Update a label (admin): the fields sent change',
        params: labelIdParams,
        body: updateLabelBody,
        response: { 200: publicLabel },
      },
      handler: async (request) => updateLabel(ctx, request.currentUser, request.params.id, request.body),
    });
  }

  app.delete(
    '/api/labels/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['labels'],
        summary: 'Delete a label (admin); playlists filed under it keep their songs and lose the label',
        params: labelIdParams,
        response: { 200: deletedAnswer },
      },
    },
    async (request) => deleteLabel(ctx, request.currentUser, request.params.id),
  );
}
