import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The pages of the single web bundle: the app picks its area from the path. */
const PAGES = ['/main/', '/login', '/artist/', '/admin/', '/members/'];

export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDistDir
    ? path.resolve(config.webDistDir)
    : fileURLToPath(new URL('../../../web/dist', import.meta.url));
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app is not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, { root, prefix: '/', index: false, wildcard: false, maxAge: '1h' });
  const sendIndex = (
    _request: unknown,
    reply: { header: (k: string, v: string) => { sendFile: (f: string) => unknown } },
  ) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  for (const page of PAGES) app.get(page, { schema: { hide: true } }, sendIndex as never);
  for (const area of ['/artist/*', '/admin/*', '/members/*'])
    app.get(area, { schema: { hide: true } }, sendIndex as never);
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/main/#/'));
}
