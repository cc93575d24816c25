import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerErrorHandler } from './error-handler.js';
import { IMMUTABLE_CACHE, PAGE_CACHE, registerWebApp } from './web-app.js';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/main-abc123.js"></script></body></html>';
/** The public site's copy of index.html, naming its area's chunk (apps/web/area-pages.ts). */
const PUBLIC_PAGE = INDEX.replace('</body>', '<link rel="modulepreload" href="/assets/public-app-def456.js"></body>');
const SCRIPT = `console.log(${JSON.stringify('hfm '.repeat(500))});`;
/** The service worker as apps/web/service-worker-build.ts writes it: the build's id and files, then the worker. */
const WORKER = `const HFM_BUILD = {"id":"abc123","files":["/index.html"]};\n${SCRIPT}`;
const MANIFEST = JSON.stringify({ name: 'HFM', start_url: '/members/', icons: [] });

let dist: string;
let app: FastifyInstance;

/** A built web app as Vite and the compression step leave it: each text file with a .br and a .gz beside it. */
function writeBuiltFile(relative: string, text: string) {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-web-dist-'));
  writeBuiltFile('index.html', INDEX);
  writeBuiltFile('pages/public.html', PUBLIC_PAGE);
  writeBuiltFile('assets/main-abc123.js', SCRIPT);
  writeBuiltFile('sw.js', WORKER);
  writeBuiltFile('manifest.webmanifest', MANIFEST);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dist, LOG_LEVEL: 'silent', WEB_DIST_DIR: dist });
  app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  registerErrorHandler(app);
  app.get('/api/songs', async () => ({ items: [] }));
  await registerWebApp(app, config);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app files', () => {
  it('serves a hashed asset as brotli when the client takes it, cached for a year as immutable', async () => {
    const response = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves gzip to a client without brotli, and the plain file to one that takes neither', async () => {
    const gzip = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE_CACHE);

    const plain = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('serves the pages compressed and revalidated on every visit', async () => {
    for (const url of ['/login', '/artist/', '/artist/songs', '/connect/onboarding/acctlink_local_0']) {
      const response = await app.inject({ url, headers: { ...browser, 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe(PAGE_CACHE);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it("answers / with the public site's page itself, no redirect, as it answers /main/", async () => {
    for (const url of ['/', '/main/']) {
      const response = await app.inject({ url, headers: { ...browser, 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('gzip');
      expect(response.headers['cache-control'], url).toBe(PAGE_CACHE);
      expect(zlib.gunzipSync(response.rawPayload).toString(), url).toBe(PUBLIC_PAGE);
    }
  });

  it('caches unhashed public files for an hour only', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker as a script at /sw.js, revalidated on every check, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-type'], encoding).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control'], encoding).toBe(PAGE_CACHE);
    }
    const plain = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(WORKER);
  });

  it('serves the web app manifest with its own media type', async () => {
    const response = await app.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toMatchObject({ start_url: '/members/' });
  });
});

describe('plain paths', () => {
  it('redirects a public screen asked for by its plain path to the site', async () => {
    for (const [url, target] of [
      ['/fans', '/main/#/fans'],
      ['/artists/', '/main/#/artists'],
      ['/about', '/main/#/about'],
      ['/press', '/main/#/press'],
      ['/terms-conditions', '/main/#/terms-conditions'],
      ['/terms-and-conditions', '/main/#/terms-conditions'],
      ['/user-terms?tab=artist', '/main/#/user-terms?tab=artist'],
    ]) {
      const response = await app.inject({ url, headers: browser });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(target);
    }
  });

  it("answers any other page with the web app's not-found page and a 404", async () => {
    const response = await app.inject({ url: '/no-such-page', headers: browser });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX);
  });

  it('keeps the JSON 404 for the API, media and clients that do not ask for HTML', async () => {
    for (const [url, headers] of [
      ['/api/no-such-route', browser],
      ['/api', browser],
      ['/media/no-such-file', browser],
      ['/fans', { accept: 'application/json' }],
      ['/no-such-page', {}],
    ] as const) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const known = await app.inject({ url: '/api/songs', headers: browser });
    expect(known.json()).toEqual({ items: [] });
  });
});
