import {
  albumArtworkBody,
  albumDownloadQuery,
  albumIdParams as idParams,
  artistAlbumsParams,
  createAlbumBody,
  deletedAnswer,
  downloadOptions,
  zipStatus,
  imagePathAnswer,
  pagedAlbums,
  pageQuery,
  publicAlbum,
  publicAlbums,
  updateAlbumBody,
} from '@hfm/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendZipDownload } from '../../http/zip-download-reply.js';
import { IMAGE_BODY_LIMIT } from '../../http/limits.js';
import { albumDownloadStatus, downloadAlbum, listAlbumDownloadOptions } from './album-download.js';
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
        summary:
          'The album download menu: each format with the length of the zip the caller would get (estimated until made).',
        params: idParams,
        response: { 200: downloadOptions },
      },
    },
    async (request) => listAlbumDownloadOptions(ctx, request.currentUser, request.params.id),
  );
  r.get(
    '/api/albums/:id/download-status',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "How far the album's zip in a format is made; asking starts making the files it still needs.",
        params: idParams,
        querystring: albumDownloadQuery,
        response: { 200: zipStatus },
      },
    },
    async (request) => albumDownloadStatus(ctx, request.currentUser, request.params.id, request.query.format),
  );
  r.get(
    '/api/albums/:id/download',
    {
      // A HEAD would build the archive and record the downloads for nothing.
      exposeHeadRoute: false,
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'The album as one zip (STORED entries `NN - Title.ext`), streamed; each song in it is a download. 202 with the status (Retry-After) until every file in the format is made.',
        params: idParams,
        querystring: albumDownloadQuery,
        produces: ['application/zip'],
        response: { 202: zipStatus },
      },
    },
    async (request, reply) => {
      return sendZipDownload(
        reply as FastifyReply,
        await downloadAlbum(ctx, request.currentUser, request.params.id, request.query.format),
      );
    },
  );
}
