import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readWebIndex, renderPageMeta, sendPage, withEarlyFetches } from '../../http/web-app.js';
import { findSessionUser, SESSION_COOKIE } from '../auth/sessions.js';
import { artistPageMeta } from './artist-share.js';
import { findArtistShareCard } from './discovery.service.js';

/** Who is signed in: every page of the fans' side asks at once (FanRoot in src/app/fan-routes.tsx). */
export const SESSION_PATH = '/api/auth/session';

/**
 * What the member home asks for at once (src/features/discover/member-home-page.tsx and the notices above it),
 * besides the session. Only a signed-in fan's page names them: anyone else is sent elsewhere.
 */
export const MEMBER_HOME_FETCHES = [
  SESSION_PATH,
  '/api/documents/notices',
  '/api/bff/members/hero-artist',
  '/api/playlists/agg/member-home-lists',
];

/**
 * The artist's public, shareable address. The web app draws the page; the server answers its index.html
 * with the artist's name in the title and link-preview tags, so a shared link names the artist. An unknown
 * (or not approved) artist gets the app's not-found page with a 404. Without a built web app, a JSON 404.
 * The page preloads the API answers the app asks for at once, so they arrive beside its scripts.
 * The member home (/members/) is here too: a signed-in fan's page preloads what the home shows.
 */
export async function artistShareRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.get(
    '/a/:slug',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ slug: z.string() }) } },
    async (request, reply) => {
      const html = await readWebIndex(ctx.config, 'fans');
      if (html === null) return reply.callNotFound();
      const card = await findArtistShareCard(ctx, request.params.slug);
      if (!card) return sendPage(request, reply, html, 404);
      // The page asks for who is signed in and for the artist's page at once (src/app/fan-routes.tsx).
      const early = [SESSION_PATH, `/api/artist-pages/${encodeURIComponent(request.params.slug)}`];
      return sendPage(
        request,
        reply,
        withEarlyFetches(renderPageMeta(html, artistPageMeta(card, ctx.config.publicUrl)), early),
      );
    },
  );
  // The member home: a signed-in fan's page preloads what the home shows; anyone else gets the page as built
  // (the app sends them to /login or their own area).
  app.get('/members/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const html = await readWebIndex(ctx.config, 'fans');
    if (html === null) return reply.callNotFound();
    const token = request.cookies[SESSION_COOKIE];
    const user = token && token.length <= 200 ? await findSessionUser(ctx.db, token) : null;
    return sendPage(request, reply, user?.role === 'SUBSCRIBER' ? withEarlyFetches(html, MEMBER_HOME_FETCHES) : html);
  });
}
