import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answersFor,
  readWebIndex,
  renderPageMeta,
  sendPage,
  withEarlyFetches,
  withFirstData,
  withNoscript,
} from '../../http/web-app.js';
import { findSessionUser, SESSION_COOKIE } from '../auth/index.js';
import type { ArtistPage } from '@hfm/shared';
import { artistPageMeta } from './artist-share.js';
import { withOembedLink } from './embed-page.js';
import { artistPath, artistText, noscriptBlock } from './public-pages.js';
import { findArtistShareCard } from './discovery.service.js';

/** Who is signed in: every page of the fans' side asks at once (FanRoot in src/app/fan-routes.tsx). */
export const SESSION_PATH = '/api/auth/session';

/**
 * What the member home asks for at once (src/features/discover/member-home-page.tsx and the notices above it),
 * besides the session. Only a signed-in fan's page names them: anyone else is sent elsewhere.
 */
export const HERO_ARTIST_PATH = '/api/bff/members/hero-artist';
export const MEMBER_HOME_FETCHES = [
  SESSION_PATH,
  '/api/documents/notices',
  HERO_ARTIST_PATH,
  '/api/playlists/agg/member-home-lists',
];

/** The hero's songs, which the member home asks for once it knows the hero. */
export function heroSummaryPath(artistId: string): string {
  return `/api/bff/members/artist-summary/${encodeURIComponent(artistId)}`;
}

/**
 * The artist's public, shareable address. The web app draws the page; the server answers its index.html
 * with the artist's name in the title and link-preview tags, so a shared link names the artist. An unknown
 * (or not approved) artist gets the app's not-found page with a 404. Without a built web app, a JSON 404.
 * The page carries the API answers the app shows first (`withFirstData`), so its first render needs no round
 * trip; one the server could not answer is preloaded instead, so it arrives beside the scripts.
 * The member home (/members/) is here too: a signed-in fan's page carries what the home shows.
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
      const pagePath = artistPagePath(request.params.slug);
      const first = [SESSION_PATH, pagePath];
      const answers = await answersFor(app, request, first);
      const page = answers[pagePath] as ArtistPage | undefined;
      const tagged = renderPageMeta(html, artistPageMeta(card, ctx.config.publicUrl));
      const meta = card.terminatedAt ? tagged : withArtistOembed(tagged, card, ctx.config.publicUrl);
      return sendWithAnswers(
        request,
        reply,
        page ? withNoscript(meta, noscriptBlock(artistText(page))) : meta,
        first,
        answers,
      );
    },
  );
  // The member home: a signed-in fan's page carries what the home shows; anyone else gets the page as built
  // (the app sends them to /login or their own area).
  app.get('/members/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const html = await readWebIndex(ctx.config, 'fans');
    if (html === null) return reply.callNotFound();
    const token = request.cookies[SESSION_COOKIE];
    const user = token && token.length <= 200 ? await findSessionUser(ctx.db, token) : null;
    if (user?.role !== 'SUBSCRIBER') return sendPage(request, reply, html);
    const [answers, heroSongs] = await Promise.all([
      answersFor(
        app,
        request,
        MEMBER_HOME_FETCHES.filter((path) => path !== HERO_ARTIST_PATH),
      ),
      heroWithSongs(app, request),
    ]);
    return sendWithAnswers(request, reply, html, MEMBER_HOME_FETCHES, { ...answers, ...heroSongs });
  });
}

/** The hero artist's answer and, after it, their songs' (the home's next request), when there is a hero. */
async function heroWithSongs(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  const hero = await answersFor(app, request, [HERO_ARTIST_PATH]);
  const id = (hero[HERO_ARTIST_PATH] as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? { ...hero, ...(await answersFor(app, request, [heroSummaryPath(id)])) } : hero;
}

/** An artist on HFM can be embedded: the page names its oEmbed answer. */
function withArtistOembed(html: string, card: { name: string; slug: string }, publicUrl: string): string {
  return withOembedLink(html, `${publicUrl}${artistPath(card.slug)}`, card.name, publicUrl);
}

/** The API path of an artist's public page. */
export const artistPagePath = (slug: string) => `/api/artist-pages/${encodeURIComponent(slug)}`;

/** The page with the answers for these paths in it; those not answered 200 are preloaded instead. */
export function sendWithAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  paths: readonly string[],
  answers: Record<string, unknown>,
  code = 200,
): FastifyReply {
  const unanswered = paths.filter((path) => !(path in answers));
  return sendPage(request, reply, withEarlyFetches(withFirstData(html, answers), unanswered), code, true);
}
