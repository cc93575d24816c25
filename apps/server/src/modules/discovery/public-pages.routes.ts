import {
  expandArtistPage,
  type ArtistPage,
  type GenrePage,
  type HeroArtist,
  type MemberHomeLists,
  type PlaylistPage,
} from '@hfm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersFor, readWebIndex, renderPageMeta, withNoscript, type PageMeta } from '../../http/web-app.js';
import {
  artistPagePath,
  HERO_ARTIST_PATH,
  heroSummaryPath,
  SESSION_PATH,
  sendWithAnswers,
} from './artist-share.routes.js';
import {
  albumMeta,
  albumText,
  discoverMeta,
  discoverSearchMeta,
  discoverText,
  genreMeta,
  genreText,
  noscriptBlock,
  playlistMeta,
  playlistText,
  type NoscriptText,
} from './public-pages.js';
import { withOembedLink } from './embed-page.js';
import { robotsTxt, sitemapPage, sitemapRoot } from './sitemap.js';

export const MEMBER_HOME_LISTS_PATH = '/api/playlists/agg/member-home-lists';
const genrePagePath = (id: string) => `/api/genres/${encodeURIComponent(id)}/page`;
const playlistPagePath = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

/** A public page's tags and text; `oembed` names the page's embeddable address, if it has one. */
interface PublicPage {
  meta: PageMeta;
  text: NoscriptText;
  oembed?: { url: string; title: string };
}

const XML = 'application/xml; charset=utf-8';
/** Crawlers fetch these often; an hour keeps them from asking the database each time. */
const CRAWLER_CACHE = 'public, max-age=3600';

/** Page addresses are any text: one that names nothing is the app's not-found page (a 404). */
const idParams = z.object({ id: z.string() });
const albumParams = z.object({ slug: z.string(), id: z.string() });
const sitemapParams = z.object({ page: z.string() });

/**
 * The public catalogue (docs/decisions/0049): /discover and its search, genre and playlist pages, and an
 * album's page beside its artist's (/a/{slug}/albums/{id}). Each is the fans' app page (the same router and
 * player as /members/) with its own title, description, link-preview tags and canonical link, a short
 * `<noscript>` text of its content, and the API answers it shows first, asked as the visitor: the very answers
 * the app would get, so nothing private can show that the API would not give them. A page whose thing does not
 * exist is sent with a 404 (the app shows its not-found screen). Also /robots.txt and /sitemap.xml.
 */
export async function publicPageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const publicUrl = ctx.config.publicUrl;

  /** The fans' page with its tags, its text and its first answers; a 404 page when `page` is null. */
  async function sendPublicPage(
    request: FastifyRequest,
    reply: FastifyReply,
    paths: readonly string[],
    answers: Record<string, unknown>,
    page: PublicPage | null,
  ): Promise<FastifyReply> {
    const html = await readWebIndex(ctx.config, 'fans');
    if (html === null) {
      reply.callNotFound();
      return reply;
    }
    if (!page) return sendWithAnswers(request, reply, html, [SESSION_PATH], pick(answers, [SESSION_PATH]), 404);
    const tagged = renderPageMeta(html, page.meta);
    const discoverable = page.oembed ? withOembedLink(tagged, page.oembed.url, page.oembed.title, publicUrl) : tagged;
    const withTags = withNoscript(discoverable, noscriptBlock(page.text));
    return sendWithAnswers(request, reply, withTags, paths, answers);
  }

  /** A page showing one API answer (`path`) first, described from it; null when it was not answered 200. */
  async function sendAnswerPage<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    describe: (answer: T) => PublicPage | null,
  ): Promise<FastifyReply> {
    const paths = [SESSION_PATH, path];
    const answers = await answersFor(app, request, paths);
    const answer = answers[path] as T | undefined;
    return sendPublicPage(request, reply, paths, answers, answer === undefined ? null : describe(answer));
  }

  const page = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/discover', page, async (request, reply) => {
    const paths = [SESSION_PATH, HERO_ARTIST_PATH, MEMBER_HOME_LISTS_PATH];
    const answers = await answersFor(app, request, paths);
    const hero = answers[HERO_ARTIST_PATH] as HeroArtist | null | undefined;
    // The hero's songs, which the page asks for once it knows the hero.
    const heroSongs = hero ? await answersFor(app, request, [heroSummaryPath(hero.id)]) : {};
    const lists = answers[MEMBER_HOME_LISTS_PATH] as MemberHomeLists | undefined;
    return sendPublicPage(
      request,
      reply,
      hero ? [...paths, heroSummaryPath(hero.id)] : paths,
      { ...answers, ...heroSongs },
      { meta: discoverMeta(publicUrl, lists), text: discoverText(hero, lists) },
    );
  });

  app.get('/discover/search', page, async (request, reply) => {
    const answers = await answersFor(app, request, [SESSION_PATH]);
    return sendPublicPage(request, reply, [SESSION_PATH], answers, {
      meta: discoverSearchMeta(publicUrl),
      text: { heading: 'Search HFM', lines: ['Search the songs, artists and albums on HFM.'], links: [] },
    });
  });

  app.get('/discover/genres/:id', { ...page, schema: { hide: true, params: idParams } }, async (request, reply) =>
    sendAnswerPage<GenrePage>(request, reply, genrePagePath(request.params.id), (genre) => ({
      meta: genreMeta(publicUrl, genre),
      text: genreText(genre),
    })),
  );

  app.get('/discover/playlists/:id', { ...page, schema: { hide: true, params: idParams } }, async (request, reply) =>
    sendAnswerPage<PlaylistPage>(request, reply, playlistPagePath(request.params.id), (playlist) => ({
      meta: playlistMeta(publicUrl, playlist),
      text: playlistText(playlist),
    })),
  );

  app.get('/a/:slug/albums/:id', { ...page, schema: { hide: true, params: albumParams } }, async (request, reply) =>
    sendAnswerPage<ArtistPage>(request, reply, artistPagePath(request.params.slug), (answer) => {
      const artistPage = expandArtistPage(answer);
      const album = artistPage.albums.find((entry) => entry.id === request.params.id);
      if (!album) return null;
      const meta = albumMeta(publicUrl, artistPage, album);
      return { meta, text: albumText(artistPage, album), oembed: { url: meta.url, title: meta.title } };
    }),
  );

  app.get('/robots.txt', page, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', page, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CRAWLER_CACHE)
      .send(await sitemapRoot(ctx)),
  );

  app.get('/sitemap-:page.xml', { ...page, schema: { hide: true, params: sitemapParams } }, async (request, reply) => {
    const number = /^[1-9]\d{0,8}$/.test(request.params.page) ? Number(request.params.page) : 0;
    return reply
      .type(XML)
      .header('cache-control', CRAWLER_CACHE)
      .send(await sitemapPage(ctx, number));
  });
}

function pick(answers: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([path]) => paths.includes(path)));
}
