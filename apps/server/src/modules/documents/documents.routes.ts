import {
  documentIdParams,
  documentList,
  documentNotices,
  documentVersions,
  publicDocument,
  updateDocumentBody,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getDocument, listDocuments, listDocumentVersions, listNotices, updateDocument } from './documents.service.js';
import { LARGE_JSON_BODY_LIMIT } from '../../http/limits.js';

/** The site's documents (spec 001 section 7.2: /api/documents, /api/documents/{id}) and notices of changes. */
export async function documentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/documents',
    {
      config: { access: 'public' },
      schema: {
        tags: ['documents'],
        summary: 'The legal documents (without their text), in the order of the legal pages',
        response: { 200: documentList },
      },
    },
    async () => listDocuments(ctx.db),
  );

  app.get(
    '/api/documents/notices',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['documents'],
        summary:
          'Changes of the last 30 days that concern the caller: the User Terms and the Privacy Policy for everyone, the Artist Terms and the Licence for artists',
        response: { 200: documentNotices },
      },
    },
    async (request) => listNotices(ctx, request.currentUser),
  );

  app.get(
    '/api/documents/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['documents'],
        summary: 'A document with its text, by id or key (user-terms, artist-terms, privacy-policy, license-agreement)',
        params: documentIdParams,
        response: { 200: publicDocument },
      },
    },
    async (request) => getDocument(ctx.db, request.params.id),
  );

  app.get(
    '/api/documents/:id/versions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['documents'],
        summary: 'Every published version of a document, newest first, with who published it (admin)',
        params: documentIdParams,
        response: { 200: documentVersions },
      },
    },
    async (request) => listDocumentVersions(ctx, request.currentUser, request.params.id),
  );

  app.patch(
    '/api/documents/:id',
    {
      bodyLimit: LARGE_JSON_BODY_LIMIT,
      config: { access: 'admin' },
      schema: {
        tags: ['documents'],
        summary:
          'Publish a document’s text (sanitised) and title (admin); a changed text is a new version and a notice for 30 days to those it concerns',
        params: documentIdParams,
        body: updateDocumentBody,
        response: { 200: publicDocument },
      },
    },
    async (request) => updateDocument(ctx, request.currentUser, request.params.id, request.body),
  );
}
