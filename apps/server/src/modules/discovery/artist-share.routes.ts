import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answersFor,
  readWebIndex,
  renderPageMeta,
  sendGzippedPage,
  sendPage,
  withEarlyFetches,
  withFirstData,
  withNoscript,
} from '../../http/web-app.js';
import type { AppContext } from '../../context.js';
import type { Actor } from '../access/index.js';
import { findSessionUser, SESSION_COOKIE } from '../auth/index.js';
import { artistPageMeta, artistShareCard } from './artist-share.js';
import { withOembedLink } from './embed-page.js';
import { artistPath, artistText, noscriptBlock } from './public-pages.js';
import { cachedArtistPageValue } from './discovery.read-models.js';
import { getArtistPageFirstScreen } from './discovery.service.js';

/** Who is signed in: every page of the fans' side asks at once (FanRoot in src/app/fan-routes.tsx). */
export const SESSION_PATH = '/api/auth/session';
/** GET /api/auth/session's answer to anyone signed out. */
const SIGNED_OUT_SESSION = { [SESSION_PATH]: { user: null } };

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
 * The page carries the API answers the app shows first (`withFirstData`): the session, the artist's page and
 * the waveforms of its first rows (FIRST_SCREEN_SONGS), so its first render needs no round trip. They are the
 * services' own answers, not asked of the API again (`inject` cost the page more than the call it carries:
 * docs/performance.md); one the server could not answer is preloaded instead, so it arrives beside the scripts.
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
      const { slug } = request.params;
      if (!request.currentUser) {
        const gzipped = await signedOutArtistShare(ctx, html, slug);
        return gzipped ? sendGzippedPage(request, reply, gzipped, 200, true) : sendPage(request, reply, html, 404);
      }
      const page = await renderArtistShare(ctx, request.currentUser, slug, html, sessionAnswers(app, request));
      return page === null ? sendPage(request, reply, html, 404) : sendPage(request, reply, page, 200, true);
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

/**
 * The page a shared link opens, as `actor` sees it, or null when it shows no artist to them. It asks for who is
 * signed in and for the artist's page at once (src/app/fan-routes.tsx), then for the waveforms of the rows in
 * view: the answers come from the services the API calls answer from.
 */
async function renderArtistShare(
  ctx: AppContext,
  actor: Actor,
  slug: string,
  html: string,
  session: Promise<Record<string, unknown>>,
): Promise<string | null> {
  const [first, sessionAnswer] = await Promise.all([
    getArtistPageFirstScreen(ctx, actor, slug, (viewer, at) => cachedArtistPageValue(ctx, viewer, at)),
    session,
  ]);
  const card = first && artistShareCard(first.page);
  if (!first || !card) return null;
  const pagePath = artistPagePath(slug);
  const answers: Record<string, unknown> = { ...sessionAnswer, [pagePath]: first.page };
  for (const peaks of first.peaks) answers[songPeaksPath(peaks.id)] = peaks;
  const tagged = renderPageMeta(html, artistPageMeta(card, ctx.config.publicUrl));
  const meta = card.terminatedAt ? tagged : withArtistOembed(tagged, card, ctx.config.publicUrl);
  const page = withNoscript(meta, noscriptBlock(artistText(first.page)));
  return withAnswers(page, [SESSION_PATH, pagePath], answers);
}

/** Thrown out of a build, so that a slug that names no page keeps nothing in memory. */
class NoArtistPage extends Error {}

/**
 * The page a shared link opens, as everyone signed out sees it: rendered and gzipped once per catalogue version
 * (a public read model, docs/decisions/0059), then sent as it is. Null when no artist is shown there.
 */
async function signedOutArtistShare(ctx: AppContext, html: string, slug: string): Promise<Uint8Array | null> {
  const build = async () => {
    const page = await renderArtistShare(ctx, null, slug, html, Promise.resolve(SIGNED_OUT_SESSION));
    if (page === null) throw new NoArtistPage();
    return zlib.gzipSync(page);
  };
  try {
    return (await ctx.platform.readModels.get('artistShareGzip', slug, build, (gzipped) => gzipped)).body;
  } catch (error) {
    if (error instanceof NoArtistPage) return null;
    throw error;
  }
}

/** The hero artist's answer and, after it, their songs' (the home's next request), when there is a hero. */
async function heroWithSongs(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  const hero = await answersFor(app, request, [HERO_ARTIST_PATH]);
  const id = (hero[HERO_ARTIST_PATH] as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? { ...hero, ...(await answersFor(app, request, [heroSummaryPath(id)])) } : hero;
}

/**
 * GET /api/auth/session's answer for the visitor: `{ user: null }` to someone signed out (what the route answers
 * them), asked of the route itself for a signed-in visitor (their account as the route presents it).
 */
async function sessionAnswers(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.currentUser) return SIGNED_OUT_SESSION;
  return answersFor(app, request, [SESSION_PATH]);
}

/** The API path of a song's waveform (GET /api/songs/{id}/peaks). */
export const songPeaksPath = (id: string) => `/api/songs/${encodeURIComponent(id)}/peaks`;

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
  return sendPage(request, reply, withAnswers(html, paths, answers), code, true);
}

function withAnswers(html: string, paths: readonly string[], answers: Record<string, unknown>): string {
  const unanswered = paths.filter((path) => !(path in answers));
  return withEarlyFetches(withFirstData(html, answers), unanswered);
}
