import { albumDownloadQuery, downloadOptions, myMusicArtistParams, zipStatus } from '@hfm/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendZipDownload } from '../../http/zip-download-reply.js';
import { downloadKeptZip, keptZipStatus, listKeptZipOptions } from './kept-zips.js';

const tags = ['library'];

/** My Music's "download everything kept", one zip per artist: the member themself, or an admin. */
export async function keepingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const ids = (params: { memberID: string; artistID: string }) =>
    [params.memberID.toLowerCase(), params.artistID.toLowerCase()] as const;

  r.get(
    '/api/members/:memberID/my-music/artists/:artistID/downloads',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Each format with the length of the zip of everything the member keeps by the artist (estimated until made).',
        params: myMusicArtistParams,
        response: { 200: downloadOptions },
      },
    },
    async (request) => listKeptZipOptions(ctx, request.currentUser, ...ids(request.params)),
  );
  r.get(
    '/api/members/:memberID/my-music/artists/:artistID/download-status',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "How far the artist's zip in a format is made; asking starts making the files it still needs.",
        params: myMusicArtistParams,
        querystring: albumDownloadQuery,
        response: { 200: zipStatus },
      },
    },
    async (request) => keptZipStatus(ctx, request.currentUser, ...ids(request.params), request.query.format),
  );
  r.get(
    '/api/members/:memberID/my-music/artists/:artistID/download',
    {
      exposeHeadRoute: false,
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Everything the member keeps by the artist as one zip (STORED entries `Title.ext`), streamed. 202 with the status (Retry-After) until every file in the format is made.',
        params: myMusicArtistParams,
        querystring: albumDownloadQuery,
        produces: ['application/zip'],
        response: { 202: zipStatus },
      },
    },
    async (request, reply) => {
      return sendZipDownload(
        reply as FastifyReply,
        await downloadKeptZip(ctx, request.currentUser, ...ids(request.params), request.query.format),
      );
    },
  );
}
