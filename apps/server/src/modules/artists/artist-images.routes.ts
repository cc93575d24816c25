import {
  artistIdParams,
  bannerUploadAnswer,
  bannerUploadBody,
  MAX_ARTIST_PHOTOS,
  messages,
  photoDeleteBody,
  photosAnswer,
  photoUploadAnswer,
  photoUploadBody,
} from '@hfm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.js';
import { IMAGE_BODY_LIMIT, imageFormRules } from '../../http/limits.js';
import { fileOrField, readMultipartForm } from '../../http/multipart.js';
import { requireAccess } from '../access/index.js';
import { deletePhoto, uploadBanner, uploadPhoto } from './artist-images.service.js';

/**
 * The image from a multipart file part (or data-URL field) or from the JSON body. A multipart body is
 * read only after the caller is known to be allowed, so a refused caller's upload is never buffered.
 */
async function imageFrom(
  request: FastifyRequest<{ Params: { id: string } }>,
  field: string,
  json: Record<string, unknown> | null | undefined,
): Promise<string | Buffer> {
  await requireAccess(request.server.ctx, request.currentUser, 'artist.manage', [request.params.id]);
  const image = request.isMultipart()
    ? fileOrField(await readMultipartForm(request, imageFormRules(field)), field)
    : json?.[field];
  if ((typeof image !== 'string' && !Buffer.isBuffer(image)) || image.length === 0) {
    throw badRequest(messages.imageType, { [field]: messages.imageType });
  }
  return image;
}

export async function artistImagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/api/banner-image/upload/:id',
    {
      config: { access: 'signedIn' },
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags: ['artists'],
        summary: 'Upload the artist banner (PNG or JPEG; itself or an admin); `warning` when under 2000 x 1000',
        consumes: ['multipart/form-data', 'application/json'],
        params: artistIdParams,
        body: bannerUploadBody,
        response: { 200: bannerUploadAnswer },
      },
    },
    async (request) => {
      const image = await imageFrom(request, 'bannerImageData', request.body);
      return uploadBanner(ctx, request.currentUser, request.params.id, image);
    },
  );

  app.post(
    '/api/artist-photo/upload/:id',
    {
      config: { access: 'signedIn' },
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags: ['artists'],
        summary: `Add an artist photo (PNG or JPEG; itself or an admin; at most ${MAX_ARTIST_PHOTOS})`,
        consumes: ['application/json', 'multipart/form-data'],
        params: artistIdParams,
        body: photoUploadBody,
        response: { 200: photoUploadAnswer },
      },
    },
    async (request) => {
      const image = await imageFrom(request, 'imgData', request.body);
      return uploadPhoto(ctx, request.currentUser, request.params.id, image);
    },
  );

  app.delete(
    '/api/artist-photo/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['artists'],
        summary: 'Remove one of the artist’s photos by its path (itself or an admin)',
        params: artistIdParams,
        body: photoDeleteBody,
        response: { 200: photosAnswer },
      },
    },
    async (request) => deletePhoto(ctx, request.currentUser, request.params.id, request.body.path),
  );
}
