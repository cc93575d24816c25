import {
  artistPage,
  artistSummary,
  genrePage,
  heroArtistAnswer,
  idParams,
  memberHomeLists,
  playlistPage,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_PAGE_CACHE, sendSerialized, VIEWER_PAGE_CACHE } from '../../http/etag.js';
import {
  cachedArtistPage,
  cachedGenrePage,
  cachedHeroArtist,
  cachedMemberHomeLists,
  cachedPlaylistPage,
} from './discovery.read-models.js';
import { getArtistSummary } from './discovery.service.js';

const artistSummaryParams = z.object({ artistId: z.uuid({ error: 'Not an artist id.' }) });
/** Any text: a slug that cannot be one is a 404 like an unknown one (the service says so). */
const artistPageParams = z.object({ slug: z.string() });
const genreIdParams = idParams('Not a genre id.');
const playlistIdParams = idParams('Not a playlist id.');

/** Answered with `ETag` and `Cache-Control: ${VIEWER_PAGE_CACHE}`; a matching If-None-Match gets a 304. */
const notModified = { 304: z.void().describe('Not modified: the If-None-Match tag is current') };
const revalidated = ` (ETag; If-None-Match answers 304; Cache-Control: ${VIEWER_PAGE_CACHE})`;
const revalidatedPublic = ` (ETag; If-None-Match answers 304; Cache-Control: ${PUBLIC_PAGE_CACHE})`;

export async function discoveryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/bff/members/hero-artist',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['discovery'],
        summary:
          'The artist member home and /discover lead with: the ACTIVE artist first in the featured order (lowest ' +
          `featuredPosition >= 0), else the newest ACTIVE artist; null in an empty catalogue${revalidatedPublic}`,
        response: { 200: heroArtistAnswer, ...notModified },
      },
    },
    async (request, reply) =>
      sendSerialized(request, reply, await cachedHeroArtist(ctx, (body) => reply.serialize(body)), PUBLIC_PAGE_CACHE),
  );

  app.get(
    '/api/bff/members/artist-summary/:artistId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['discovery'],
        summary:
          'An ACTIVE artist and their released songs (full-preview songs first, then newest), to anyone; ' +
          'another artist is visible to itself and admins only (404 for others)',
        params: artistSummaryParams,
        response: { 200: artistSummary },
      },
    },
    async (request) => getArtistSummary(ctx, request.currentUser, request.params.artistId),
  );

  app.get(
    '/api/playlists/agg/member-home-lists',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['discovery'],
        summary:
          'Member home and /discover (the same for everyone, signed in or not): front-page playlists by position, HFM Picks by HFMPicksPosition, HFM Radio, featured ' +
          'ACTIVE artists by featuredPosition, genres, and new releases (the 9 newest ACTIVE artists). ' +
          `A playlist's songCount counts the songs fans can hear${revalidatedPublic}`,
        response: { 200: memberHomeLists, ...notModified },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await cachedMemberHomeLists(ctx, (body) => reply.serialize(body)),
        PUBLIC_PAGE_CACHE,
      ),
  );

  app.get(
    '/api/artist-pages/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['discovery'],
        summary:
          "An artist's public page in one call: the artist, albums with their ordered songs, released songs " +
          '(full-preview first, then newest) and the offer. Only ACTIVE artists, except to themselves and ' +
          `admins${revalidated}`,
        params: artistPageParams,
        response: { 200: artistPage, ...notModified },
      },
    },
    async (request, reply) => {
      const serialize = (body: unknown) => reply.serialize(body);
      return sendSerialized(
        request,
        reply,
        await cachedArtistPage(ctx, request.currentUser, request.params.slug, serialize),
      );
    },
  );

  app.get(
    '/api/genres/:id/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['discovery'],
        summary: `A genre, its newest ACTIVE artists (48 at most) and their newest released songs (50 at most)${revalidated}`,
        params: genreIdParams,
        response: { 200: genrePage, ...notModified },
      },
    },
    async (request, reply) =>
      sendSerialized(request, reply, await cachedGenrePage(ctx, request.params.id, (body) => reply.serialize(body))),
  );

  app.get(
    '/api/playlists/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['discovery'],
        summary: `A playlist and its released songs in order${revalidated}`,
        params: playlistIdParams,
        response: { 200: playlistPage, ...notModified },
      },
    },
    async (request, reply) =>
      sendSerialized(request, reply, await cachedPlaylistPage(ctx, request.params.id, (body) => reply.serialize(body))),
  );
}
