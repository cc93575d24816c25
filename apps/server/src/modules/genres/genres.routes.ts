import {
  addGenresAnswer,
  addGenresBody,
  deletedGenreAnswer,
  deleteGenreQuery,
  genreArtworkAnswer,
  genreArtworkBody,
  genreIdParams,
  genreSearchParams,
  messages,
  publicGenre,
  publicGenres,
  saveGenreBody,
} from '@hfm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.js';
import { IMAGE_BODY_LIMIT, imageFormRules } from '../../http/limits.js';
import { fileOrField, readMultipartForm } from '../../http/multipart.js';
import {
  addGenres,
  createGenre,
  deleteGenre,
  type ArtistsOfGenre,
  getGenre,
  listGenres,
  renameGenre,
  searchGenres,
  uploadGenreArtwork,
} from './genres.service.js';

/** The artwork from a multipart `imageData` file part (or data-URL field), or from the JSON body. */
async function artworkFrom(request: FastifyRequest, json: { imageData?: string | null } | null | undefined) {
  const image = request.isMultipart()
    ? fileOrField(await readMultipartForm(request, imageFormRules('imageData')), 'imageData')
    : json?.imageData;
  if ((typeof image !== 'string' && !Buffer.isBuffer(image)) || image.length === 0) {
    throw badRequest(messages.imageType, { imageData: messages.imageType });
  }
  return image;
}

export interface GenresRoutesOptions {
  artistsOfGenre: ArtistsOfGenre;
}

export async function genresRoutes(fastify: FastifyInstance, { artistsOfGenre }: GenresRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

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

  app.get(
    '/api/genres/search/:search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['genres'],
        summary: 'Genre type-ahead: labels containing the term (any case); under 3 characters, none',
        params: genreSearchParams,
        response: { 200: publicGenres },
      },
    },
    async (request) => searchGenres(ctx.db, request.params.search),
  );

  app.get(
    '/api/genres/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['genres'],
        summary: 'One genre',
        params: genreIdParams,
        response: { 200: publicGenre },
      },
    },
    async (request) => getGenre(ctx.db, request.params.id),
  );

  app.post(
    '/api/genres/create',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['genres'],
        summary: 'Create a genre (admin); a label that exists in any case is a 409',
        body: saveGenreBody,
        response: { 201: publicGenre },
      },
    },
    async (request, reply) => reply.status(201).send(await createGenre(ctx, request.currentUser, request.body.label)),
  );

  app.post(
    '/api/genres',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['genres'],
        summary: 'Add several genres at once (the spec’s addGenres; admin): new labels are added, existing skipped',
        body: addGenresBody,
        response: { 200: addGenresAnswer },
      },
    },
    async (request) => addGenres(ctx, request.currentUser, request.body),
  );

  app.patch(
    '/api/genres/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['genres'],
        summary: 'Rename a genre (admin)',
        params: genreIdParams,
        body: saveGenreBody,
        response: { 200: publicGenre },
      },
    },
    async (request) => renameGenre(ctx, request.currentUser, request.params.id, request.body.label),
  );

  for (const url of ['/api/genres/remove/:id', '/api/genres/:id']) {
    app.delete(
      url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['genres'],
          summary:
            'Delete a genre (admin): 409 while artists are filed under it, unless moveArtistsTo names the genre they move to first (one transaction)',
          params: genreIdParams,
          querystring: deleteGenreQuery,
          response: { 200: deletedGenreAnswer },
        },
      },
      async (request) =>
        deleteGenre(ctx, request.currentUser, artistsOfGenre, request.params.id, request.query.moveArtistsTo),
    );
  }

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/genres/upload/artwork/:id',
      bodyLimit: IMAGE_BODY_LIMIT,
      config: { access: 'admin' },
      schema: {
        tags: ['genres'],
        summary: 'Upload a genre’s artwork (PNG or JPEG; admin), stored under genre-images/{id}/',
        consumes: ['application/json', 'multipart/form-data'],
        params: genreIdParams,
        body: genreArtworkBody,
        response: { 200: genreArtworkAnswer },
      },
      handler: async (request) => {
        const image = await artworkFrom(request, request.body);
        return uploadGenreArtwork(ctx, request.currentUser, request.params.id, image);
      },
    });
  }
}
