import {
  createSongBody,
  fullPreviewEntry,
  fullPreviewPositionBody,
  pageQuery,
  publicSong,
  updateSongBody,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/guards.js';
import {
  createSong,
  deleteSong,
  getSong,
  listAllSongs,
  listArtistSongs,
  removeFullPreview,
  setFullPreviewPosition,
  updateSong,
} from './songs.service.js';

const idParams = z.object({ id: z.uuid({ error: 'Not a song id.' }) });
const artistParams = z.object({ artistID: z.uuid({ error: 'Not an artist id.' }) });
const pagedSongs = z.object({
  items: z.array(publicSong),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    pageCount: z.number(),
    hasMore: z.boolean(),
  }),
});
const deleted = z.object({ id: z.string(), deleted: z.literal(true) });
const tags = ['songs'];

export async function songsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(
    '/api/songs',
    { schema: { tags, body: createSongBody, response: { 201: publicSong } } },
    async (request, reply) => reply.status(201).send(await createSong(ctx, requireUser(request), request.body)),
  );
  r.get('/api/songs', { schema: { tags, querystring: pageQuery, response: { 200: pagedSongs } } }, async (request) =>
    listAllSongs(ctx, request.currentUser, request.query),
  );
  r.get('/api/songs/:id', { schema: { tags, params: idParams, response: { 200: publicSong } } }, async (request) =>
    getSong(ctx, request.currentUser, request.params.id),
  );
  r.put(
    '/api/songs/:id',
    { schema: { tags, params: idParams, body: updateSongBody, response: { 200: publicSong } } },
    async (request) => updateSong(ctx, requireUser(request), request.params.id, request.body),
  );
  r.delete('/api/songs/:id', { schema: { tags, params: idParams, response: { 200: deleted } } }, async (request) =>
    deleteSong(ctx, requireUser(request), request.params.id),
  );
  r.delete(
    '/api/songs/remove/:id',
    { schema: { tags, params: idParams, response: { 200: deleted } } },
    async (request) => deleteSong(ctx, requireUser(request), request.params.id),
  );
  r.get(
    '/api/songs/artist/:artistID',
    { schema: { tags, params: artistParams, querystring: pageQuery, response: { 200: pagedSongs } } },
    async (request) => listArtistSongs(ctx, request.currentUser, request.params.artistID, request.query),
  );
  r.put(
    '/api/songs/full-preview-position/:id',
    { schema: { tags, params: idParams, body: fullPreviewPositionBody, response: { 200: z.array(fullPreviewEntry) } } },
    async (request) => setFullPreviewPosition(ctx, requireUser(request), request.params.id, request.body.position),
  );
  r.put(
    '/api/songs/full-preview-remove/:id',
    { schema: { tags, params: idParams, response: { 200: z.array(fullPreviewEntry) } } },
    async (request) => removeFullPreview(ctx, requireUser(request), request.params.id),
  );
}
