import {
  albumArtworkBody,
  albumDownloadQuery,
  albumIdParams as idParams,
  artistAlbumsParams,
  createAlbumBody,
  deletedAnswer,
  downloadOptions,
  imagePathAnswer,
  pagedAlbums,
  pageQuery,
  publicAlbum,
  publicAlbums,
  updateAlbumBody,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_BODY_LIMIT } from '../../http/limits.js';
import { downloadAlbum, listAlbumDownloadOptions } from './album-download.js';
import {
  createAlbum,
  deleteAlbum,
  getAlbum,
  listAlbums,
  listArtistAlbums,
  updateAlbum,
  uploadAlbumArtwork,
} from './albums.service.js';

const tags = ['albums'];

export async function albumsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const imageLimit = { bodyLimit: IMAGE_BODY_LIMIT };

  for (const path of ['/api/albums/create', '/api/albums']) {
    r.post(
      path,
      {
        ...imageLimit,
        config: { access: 'artist' },
        schema: { tags, body: createAlbumBody, response: { 201: publicAlbum } },
      },
      async (request, reply) => reply.status(201).send(await createAlbum(ctx, request.currentUser, request.body)),
    );
  }
  for (const path of ['/api/albums/update/:id', '/api/albums/:id']) {
    r.patch(
      path,
      {
        ...imageLimit,
        config: { access: 'signedIn' },
        schema: { tags, params: idParams, body: updateAlbumBody, response: { 200: publicAlbum } },
      },
      async (request) => updateAlbum(ctx, request.currentUser, request.params.id, request.body),
    );
  }
  r.get(
    '/api/albums',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Albums a page at a time, newest first: of ACTIVE artists (an artist also its own, admins all), ' +
          'each with the songs the caller may see',
        querystring: pageQuery,
        response: { 200: pagedAlbums },
      },
    },
    async (request) => listAlbums(ctx, request.currentUser, request.query),
  );
  r.get(
    '/api/albums/:id',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: publicAlbum } } },
    async (request) => getAlbum(ctx, request.currentUser, request.params.id),
  );
  r.get(
    '/api/albums/artist/:artistID',
    { config: { access: 'public' }, schema: { tags, params: artistAlbumsParams, response: { 200: publicAlbums } } },
    async (request) => listArtistAlbums(ctx, request.currentUser, request.params.artistID),
  );
  r.delete(
    '/api/albums/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: idParams, response: { 200: deletedAnswer } } },
    async (request) => deleteAlbum(ctx, request.currentUser, request.params.id),
  );
  r.put(
    '/api/albums/upload/artwork/:id',
    {
      ...imageLimit,
      config: { access: 'signedIn' },
      schema: { tags, params: idParams, body: albumArtworkBody, response: { 200: imagePathAnswer } },
    },
    async (request) => uploadAlbumArtwork(ctx, request.currentUser, request.params.id, request.body.imageData),
  );
  r.get(
    '/api/albums/:id/downloads',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The album download menu: each format with the exact length of the zip the caller would get.',
        params: idParams,
        response: { 200: downloadOptions },
      },
    },
    async (request) => listAlbumDownloadOptions(ctx, request.currentUser, request.params.id),
  );
  r.get(
    '/api/albums/:id/download',
    {
      // A HEAD would build the archive and record the downloads for nothing.
      exposeHeadRoute: false,
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The album as one zip (STORED entries `NN - Title.ext`), streamed; each song in it is a download.',
        params: idParams,
        querystring: albumDownloadQuery,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const zip = await downloadAlbum(ctx, request.currentUser, request.params.id, request.query.format);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', zip.size)
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );
}
