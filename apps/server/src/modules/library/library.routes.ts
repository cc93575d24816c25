import { memberLibraryParams, myMusicArtists, myMusicQuery, myMusicSongIds, pagedMyMusic } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listMyMusic, listMyMusicArtists, listMyMusicSongIds } from './library.service.js';

const tags = ['library'];

/** My Music: the member themself, or an admin. Songs download through /api/songs/{id}/download. */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/members/:memberID/my-music',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: memberLibraryParams, querystring: myMusicQuery, response: { 200: pagedMyMusic } },
    },
    async (request) => listMyMusic(ctx, request.currentUser, request.params.memberID.toLowerCase(), request.query),
  );
  r.get(
    '/api/members/:memberID/my-music/song-ids',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: memberLibraryParams, response: { 200: myMusicSongIds } },
    },
    async (request) => listMyMusicSongIds(ctx, request.currentUser, request.params.memberID.toLowerCase()),
  );
  r.get(
    '/api/members/:memberID/my-music/artists',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The artists of the member's kept songs, by name (My Music's filter).",
        params: memberLibraryParams,
        response: { 200: myMusicArtists },
      },
    },
    async (request) => listMyMusicArtists(ctx, request.currentUser, request.params.memberID.toLowerCase()),
  );
}
