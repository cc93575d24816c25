import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/app-error.js';
import { escapeHtml } from '../../http/web-app.js';
import { albumPath, artistPath, DISCOVER_PATH, discoverGenrePath, discoverPlaylistPath } from './public-pages.js';
import { countPublicPages, listPublicPages, type PublicPageRow } from './sitemap.repository.js';

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of pages. */
export const SITEMAP_MAX_URLS = 50_000;
export const NO_SUCH_SITEMAP_PAGE = 'No such sitemap page.';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A page's path in the site. */
function pathOf(row: PublicPageRow): string {
  switch (row.kind) {
    case 'artist':
      return artistPath(row.slug ?? '');
    case 'album':
      return albumPath(row.slug ?? '', row.id);
    case 'genre':
      return discoverGenrePath(row.id);
    case 'playlist':
      return discoverPlaylistPath(row.id);
  }
}

function urlEntry(loc: string, lastmod?: Date): string {
  const date = lastmod && !Number.isNaN(lastmod.getTime()) ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeHtml(loc)}</loc>${date}</url>`;
}

/** `/sitemap-{n}.xml` pages of the index, 1-based. */
export const sitemapPagePath = (page: number) => `/sitemap-${page}.xml`;

/**
 * GET /sitemap.xml: every public page (docs/decisions/0049) as one `urlset` while they fit in one file, else
 * a `sitemapindex` naming its pages. Public: it lists only what anyone may open.
 */
export async function sitemapRoot(ctx: AppContext, pageSize = SITEMAP_MAX_URLS): Promise<string> {
  const total = 1 + (await countPublicPages(ctx.db));
  if (total <= pageSize) return sitemapPage(ctx, 1, pageSize, total);
  const pages = Math.ceil(total / pageSize);
  const base = ctx.config.publicUrl;
  const entries = Array.from(
    { length: pages },
    (_, index) => `<sitemap><loc>${escapeHtml(`${base}${sitemapPagePath(index + 1)}`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">${entries.join('')}</sitemapindex>\n`;
}

/**
 * GET /sitemap-{n}.xml: the n-th slice of `pageSize` public pages (/discover first). A page past the end (or
 * not a page number) is a 404 in the error vocabulary. Memory stays bounded by the page size.
 */
export async function sitemapPage(
  ctx: AppContext,
  page: number,
  pageSize = SITEMAP_MAX_URLS,
  knownTotal?: number,
): Promise<string> {
  const total = knownTotal ?? 1 + (await countPublicPages(ctx.db));
  if (!Number.isSafeInteger(page) || page < 1 || (page - 1) * pageSize >= total) throw notFound(NO_SUCH_SITEMAP_PAGE);
  const start = (page - 1) * pageSize;
  const withDiscover = start === 0;
  const rows = await listPublicPages(ctx.db, Math.max(0, start - 1), withDiscover ? pageSize - 1 : pageSize);
  const base = ctx.config.publicUrl;
  const entries = [
    ...(withDiscover ? [urlEntry(`${base}${DISCOVER_PATH}`)] : []),
    ...rows.map((row) => urlEntry(`${base}${pathOf(row)}`, row.updatedAt)),
  ];
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">${entries.join('')}</urlset>\n`;
}

/** GET /robots.txt: crawl the public pages, not the API or the signed-in areas; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /members/',
    'Disallow: /artist/',
    'Disallow: /admin/',
    'Disallow: /login',
    'Disallow: /connect/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
