import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { PUBLIC_SITE_ALIASES, PUBLIC_SITE_PATHS } from '@hfm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The pages of the single web bundle: the app picks its area from the path. `/` is the site's welcome page
 * itself, not a redirect to `/main/#/` (a round trip before the first paint); the app shows the address as
 * `/main/#/` (src/app/main.tsx). Each area has its copy of index.html that names the area's scripts for the
 * browser to fetch at once (apps/web/area-pages.ts, `pages/{area}.html`); index.html serves the rest. The
 * member home (`/members/`) and the artists' pages (`/a/{slug}`) are the modules' routes: they write in the API
 * answers the page shows first (`withFirstData`).
 */
const PAGES: Record<string, string> = {
  '/': 'public',
  '/main/': 'public',
  '/login': 'login',
  '/artist/': 'signed-in',
  '/admin/': 'signed-in',
  '/artist/*': 'signed-in',
  '/admin/*': 'signed-in',
  '/members/*': 'fans',
  '/connect/*': '',
};

/** Vite names every file under assets/ by its content hash, so a cached copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: browsers revalidate it on every visit. */
export const PAGE_CACHE = 'no-cache';
/** A page with the visitor's own data in it: revalidated too, and kept by no shared cache. */
export const PERSONAL_PAGE_CACHE = 'private, no-cache';
/**
 * The service worker (/sw.js, docs/decisions/0054) names the build it keeps: revalidated on every check, so a
 * new build's worker takes over on the next navigation.
 */
const WORKER_FILE = 'sw.js';
/** Unhashed files from public/ (the favicon): an hour. */
const OTHER_CACHE = 'public, max-age=3600';

const PUBLIC_SITE = new Set<string>(PUBLIC_SITE_PATHS);

/** Where the built web app is: WEB_DIST_DIR, else apps/web/dist beside the server. */
export function webRoot(config: Pick<Config, 'webDistDir'>): string {
  return config.webDistDir
    ? path.resolve(config.webDistDir)
    : fileURLToPath(new URL('../../../web/dist', import.meta.url));
}

/** The page of an area (pages/{area}.html) when the build wrote one, else index.html. */
function pageFile(root: string, area: string): string {
  const page = `pages/${area}.html`;
  return area && fs.existsSync(path.join(root, page)) ? page : 'index.html';
}

const indexCache = new Map<string, Promise<string | null>>();

/**
 * The built index.html (or an area's copy of it: 'fans' for the artists' pages), read once per process; null
 * when the web app is not built.
 */
export function readWebIndex(config: Pick<Config, 'webDistDir'>, area = ''): Promise<string | null> {
  const root = webRoot(config);
  const file = path.join(root, pageFile(root, area));
  let cached = indexCache.get(file);
  if (!cached) {
    cached = fs.promises.readFile(file, 'utf8').catch(() => null);
    indexCache.set(file, cached);
  }
  return cached;
}

/** What a shared link's preview shows: the page's title and its Open Graph and Twitter card tags. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image, if any. */
  image: string | null;
  /** Open Graph type (music.musician, music.playlist...). */
  type: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * index.html with the page's own title, description and link-preview tags (every value HTML-escaped): the
 * app's own title and description make way, the rest of the page is untouched.
 */
export function renderPageMeta(html: string, meta: PageMeta): string {
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('property', 'og:site_name', 'HFM'),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image ? [tag('property', 'og:image', meta.image)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.image ? [tag('name', 'twitter:image', meta.image)] : []),
  ].join('\n    ');
  const page = html.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<meta\s+name="description"[^>]*>/i, '');
  // A function replacement, so `$` in a value is never read as a pattern.
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  if (/<body/i.test(page)) return page.replace(/<body/i, () => `<head>${tags}</head><body`);
  return `${tags}${page}`;
}

/**
 * The page with `<link rel="preload" as="fetch">` for API answers its app will ask for at once: the browser
 * fetches them while the scripts download instead of after they have run, and the app's own fetch of the
 * same address (same credentials mode) takes the preloaded answer. Each path is HTML-escaped.
 */
export function withEarlyFetches(html: string, paths: readonly string[]): string {
  if (paths.length === 0) return html;
  const links = paths
    .map((path) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(path)}" />`)
    .join('\n    ');
  // After the scripts and styles the page names: over HTTP/1.1 (six connections) the data must not hold up
  // the scripts, which it would only wait for.
  return html.replace(/<\/head>/i, () => `  ${links}\n  </head>`);
}

/**
 * The page with a short text of its content for visitors and crawlers without JavaScript (a `<noscript>`
 * block, already escaped by whoever built it), first in the body.
 */
export function withNoscript(html: string, block: string): string {
  if (!block) return html;
  if (/<body[^>]*>/i.test(html)) return html.replace(/<body[^>]*>/i, (body) => `${body}\n    ${block}`);
  return `${html}${block}`;
}

/** The id of the data block the web app reads its first answers from (apps/web/src/api/first-data.ts). */
export const FIRST_DATA_ID = 'hfm-first-data';

const SCRIPT_JSON_ESCAPES = /[<>&\u2028\u2029]/g;

/**
 * JSON safe inside a `<script>` element: `<`, `>` and `&` as \u escapes (no `</script>` or `<!--` can close or
 * bend the element, whatever a value holds), and the two line separators older parsers choke on.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    SCRIPT_JSON_ESCAPES,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The page with the API answers its app shows first, by path, in a `<script type="application/json">`: a data
 * block, which the browser never runs (the CSP's `script-src 'self'` stays as it is). The app renders them at
 * once instead of asking after its scripts have run.
 */
export function withFirstData(html: string, answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return html;
  const block = `<script type="application/json" id="${FIRST_DATA_ID}">${scriptJson(answers)}</script>`;
  return html.replace(/<\/head>/i, () => `  ${block}\n  </head>`);
}

/**
 * The answers of the API's own GET routes for these paths, asked as the visitor (their cookie and address):
 * exactly what the app would get. Only 200 answers with a JSON body are kept; the rest the app asks for itself.
 */
export async function answersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  paths: readonly string[],
): Promise<Record<string, unknown>> {
  const cookie = request.headers.cookie;
  const answered = await Promise.all(
    paths.map(async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
        remoteAddress: request.ip,
      });
      if (response.statusCode !== 200) return null;
      try {
        return [url, response.json()] as const;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(answered.filter((entry) => entry !== null));
}

/**
 * A page built on the fly (not a file of the build), gzipped when the browser takes gzip, never cached stale.
 * A page that holds the visitor's own answers (`personal`) is for their browser only.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  code = 200,
  personal = false,
): FastifyReply {
  pageHeaders(reply, code, personal);
  if (!takesGzip(request)) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
}

/** A page gzipped once and kept so (sendPage's answer, made ahead): unzipped for a client that takes no gzip. */
export function sendGzippedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  gzipped: Uint8Array,
  code = 200,
  personal = false,
): FastifyReply {
  pageHeaders(reply, code, personal);
  if (!takesGzip(request)) return reply.send(zlib.gunzipSync(gzipped));
  return reply.header('content-encoding', 'gzip').send(gzipped);
}

function pageHeaders(reply: FastifyReply, code: number, personal: boolean): void {
  reply
    .code(code)
    .type('text/html; charset=utf-8')
    .header('cache-control', personal ? PERSONAL_PAGE_CACHE : PAGE_CACHE)
    .header('vary', 'accept-encoding');
}

const takesGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = webRoot(config);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app is not built; run `npm run build` to serve it');
    return;
  }
  const assets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes a .br and a .gz beside each text file; the client's Accept-Encoding picks one.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      const revalidated = name.endsWith('.html') || filePath.replace(/\.(br|gz)$/, '') === path.join(root, WORKER_FILE);
      const cache = filePath.startsWith(assets) ? IMMUTABLE_CACHE : revalidated ? PAGE_CACHE : OTHER_CACHE;
      reply.header('cache-control', cache);
    },
  });
  for (const [page, area] of Object.entries(PAGES)) {
    const file = pageFile(root, area);
    app.get(page, { schema: { hide: true } }, (_request, reply) => reply.sendFile(file));
  }
  app.get('/*', { schema: { hide: true } }, unknownPath);
}

/**
 * A GET no route answers: the API and media keep their JSON 404; a browser asking for a public screen by
 * its plain path (/fans) goes to it; any other page request gets the app's not-found page with a 404.
 */
async function unknownPath(request: FastifyRequest, reply: FastifyReply) {
  const [rawPath = '/', query] = request.url.split('?');
  const pathname = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  if (isApiOrMedia(pathname) || !acceptsHtml(request)) return reply.callNotFound();
  const screen = PUBLIC_SITE.has(pathname) ? pathname : PUBLIC_SITE_ALIASES[pathname.toLowerCase()];
  if (screen) return reply.redirect(`/main/#${screen}${query ? `?${query}` : ''}`);
  return reply.code(404).sendFile('index.html');
}

function isApiOrMedia(pathname: string): boolean {
  return /^\/(api|media)(\/|$)/.test(pathname);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
