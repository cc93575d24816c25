import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { PUBLIC_SITE_ALIASES, PUBLIC_SITE_PATHS } from '@hfm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The pages of the single web bundle: the app picks its area from the path. */
const PAGES = ['/main/', '/login', '/artist/', '/admin/', '/members/'];

/** Vite names every file under assets/ by its content hash, so a cached copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: browsers revalidate it on every visit. */
export const PAGE_CACHE = 'no-cache';
/** Unhashed files from public/ (the favicon): an hour. */
const OTHER_CACHE = 'public, max-age=3600';

const PUBLIC_SITE = new Set<string>(PUBLIC_SITE_PATHS);

export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDistDir
    ? path.resolve(config.webDistDir)
    : fileURLToPath(new URL('../../../web/dist', import.meta.url));
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
      const cache = filePath.startsWith(assets) ? IMMUTABLE_CACHE : name === 'index.html' ? PAGE_CACHE : OTHER_CACHE;
      reply.header('cache-control', cache);
    },
  });
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) => reply.sendFile('index.html');
  for (const page of PAGES) app.get(page, { schema: { hide: true } }, sendIndex);
  for (const area of ['/artist/*', '/admin/*', '/members/*']) app.get(area, { schema: { hide: true } }, sendIndex);
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/main/#/'));
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
