import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbum,
  createArtistRow,
  createGenre,
  createPlaylist,
  createSong,
  createSubscription,
  createUser,
  signIn,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sitemapPage, sitemapRoot } from './sitemap.js';

/**
 * The public catalogue's pages (docs/decisions/0049): each its own address, title, description, Open Graph
 * and Twitter tags, canonical link and `<noscript>` text, server-rendered; names (user text) escaped; a page
 * of nothing is a 404. And /robots.txt and /sitemap.xml.
 */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="HFM." />
    <title>HFM</title>
    <script type="module" src="/assets/main-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const NASTY = `<img src=x onerror="alert(1)"> & 'Co'`;
const browser = { accept: 'text/html' };

let t: TestApp;
let dist: string;
const ids = {} as Record<'genre' | 'playlist' | 'album' | 'emptyAlbum' | 'hiddenAlbum' | 'artistId', string>;
let slug: string;
let pendingSlug: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-public-pages-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://hfm.example/' }, { serveWeb: true });
  ids.genre = await createGenre(t.app, `Genre ${NASTY}`);
  const artist = await createArtistRow(t.app, { name: NASTY, genreId: ids.genre, bio: '<p>We play.</p>' });
  const pending = await createArtistRow(t.app, { name: 'Pending Band', status: 'PENDING' });
  ids.artistId = artist.id;
  slug = artist.slug!;
  pendingSlug = pending.slug!;
  const song = await createSong(t.app, artist.id, { status: 'ready', title: `Song ${NASTY}` });
  const later = await createSong(t.app, artist.id, { status: 'ready', releaseDate: '2999-01-01' });
  const pendingSong = await createSong(t.app, pending.id, { status: 'ready' });
  ids.album = (await createAlbum(t.app, artist.id, { name: `Album ${NASTY}`, songIds: [song.id] })).id;
  ids.emptyAlbum = (await createAlbum(t.app, artist.id, { name: 'Not yet', songIds: [later.id] })).id;
  ids.hiddenAlbum = (await createAlbum(t.app, pending.id, { name: 'Hidden', songIds: [pendingSong.id] })).id;
  ids.playlist = await createPlaylist(t.app, { title: `Mix ${NASTY}` }, [song.id]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function unescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function headOf(html: string) {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g))
    tags[match[1]!] = unescape(match[2]!);
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescape(m[1]!));
  const canonical = /<link rel="canonical" href="([^"]+)" \/>/.exec(html)?.[1];
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
  return { tags, titles, canonical: canonical && unescape(canonical), noscript };
}

function firstData(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="hfm-first-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : {};
}

/** Nothing a name holds becomes markup: no raw `<img` and no unescaped quote from user text. */
function expectInert(html: string) {
  expect(html).not.toContain('<img src=x');
  expect(html).not.toContain('onerror="alert');
}

describe('the public pages carry their own head tags, text and first answers', () => {
  it('/discover: title, description, Open Graph, twitter card, canonical link and a noscript text naming its artists', async () => {
    const res = await t.app.inject({ url: '/discover', headers: browser });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectInert(res.body);
    const head = headOf(res.body);
    expect(head.titles).toEqual(['Discover music | HFM']);
    expect(head.tags['og:title']).toBe('Discover music | HFM');
    expect(head.tags['og:type']).toBe('website');
    expect(head.tags['og:url']).toBe('https://hfm.example/discover');
    expect(head.tags['twitter:card']).toBe('summary');
    expect(head.tags.description).toContain(NASTY);
    expect(head.canonical).toBe('https://hfm.example/discover');
    expect(unescape(head.noscript)).toContain(NASTY);
    expect(head.noscript).toContain(`href="/a/${slug}"`);
    expect(head.noscript).toContain(`href="/discover/genres/${ids.genre}"`);
    const data = firstData(res.body);
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        '/api/auth/session',
        '/api/bff/members/hero-artist',
        '/api/playlists/agg/member-home-lists',
      ]),
    );
    expect(data['/api/auth/session']).toEqual({ user: null });
    expect((await t.app.inject({ url: '/discover/', headers: browser })).statusCode).toBe(200);
  });

  it('a genre page: its label in the title and description, artwork-less summary card, its artists in the noscript text', async () => {
    const res = await t.app.inject({ url: `/discover/genres/${ids.genre}`, headers: browser });
    expect(res.statusCode).toBe(200);
    expectInert(res.body);
    const head = headOf(res.body);
    expect(head.titles).toEqual([`Genre ${NASTY} | HFM`]);
    expect(head.tags['og:description']).toBe(`Genre ${NASTY} on HFM: ${NASTY}. Hear a preview of every song.`);
    expect(head.tags['twitter:title']).toBe(`Genre ${NASTY} | HFM`);
    expect(head.canonical).toBe(`https://hfm.example/discover/genres/${ids.genre}`);
    expect(head.noscript).toContain(`<a href="/a/${slug}">`);
    const api = await t.app.inject({ url: `/api/genres/${ids.genre}/page` });
    expect(firstData(res.body)[`/api/genres/${ids.genre}/page`]).toEqual(api.json());
  });

  it('a playlist page: music.playlist, its songs in the noscript text', async () => {
    const res = await t.app.inject({ url: `/discover/playlists/${ids.playlist}`, headers: browser });
    expect(res.statusCode).toBe(200);
    expectInert(res.body);
    const head = headOf(res.body);
    expect(head.titles).toEqual([`Mix ${NASTY} | HFM`]);
    expect(head.tags['og:type']).toBe('music.playlist');
    expect(head.tags.description).toBe(`A playlist of 1 song on HFM, with ${NASTY}.`);
    expect(head.canonical).toBe(`https://hfm.example/discover/playlists/${ids.playlist}`);
    expect(unescape(head.noscript)).toContain(`Song ${NASTY}, by ${NASTY}`);
  });

  it('an album page beside its artist: music.album, its track list in the noscript text', async () => {
    const res = await t.app.inject({ url: `/a/${slug}/albums/${ids.album}`, headers: browser });
    expect(res.statusCode).toBe(200);
    expectInert(res.body);
    const head = headOf(res.body);
    expect(head.titles).toEqual([`Album ${NASTY} by ${NASTY} | HFM`]);
    expect(head.tags['og:type']).toBe('music.album');
    expect(head.tags['og:description']).toBe(`Album ${NASTY}, an album of 1 song by ${NASTY} on HFM.`);
    expect(head.canonical).toBe(`https://hfm.example/a/${slug}/albums/${ids.album}`);
    expect(unescape(head.noscript)).toContain(`1. Song ${NASTY}`);
  });

  it("the artist's page: its albums linked in the noscript text", async () => {
    const res = await t.app.inject({ url: `/a/${slug}`, headers: browser });
    expect(res.statusCode).toBe(200);
    expectInert(res.body);
    const head = headOf(res.body);
    expect(head.noscript).toContain(`<a href="/a/${slug}/albums/${ids.album}">`);
    expect(unescape(head.noscript)).toContain('We play.');
  });

  it('/discover/search: its own title and canonical link', async () => {
    const res = await t.app.inject({ url: '/discover/search?s=%3Cb%3E', headers: browser });
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body).titles).toEqual(['Search | HFM']);
    expect(headOf(res.body).canonical).toBe('https://hfm.example/discover/search');
    expect(res.body).not.toContain('<b>');
  });

  it('a page of nothing (unknown, malformed, not public or with no song out) is the app with a 404 and no tags', async () => {
    for (const url of [
      `/discover/genres/${crypto.randomUUID()}`,
      '/discover/genres/not-an-id',
      `/discover/playlists/${crypto.randomUUID()}`,
      '/discover/playlists/%3Cscript%3E',
      `/a/${slug}/albums/${crypto.randomUUID()}`,
      `/a/${slug}/albums/${ids.emptyAlbum}`,
      `/a/${pendingSlug}/albums/${ids.hiddenAlbum}`,
      `/a/no-such-band/albums/${ids.album}`,
      `/a/${slug}/albums/${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ url, headers: browser });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).not.toContain('og:title');
      expect(res.body, url).not.toContain('<noscript>');
    }
  });

  it("keeps the visitor's own things out of a signed-out page, and gives a subscriber only their own", async () => {
    const fan = await createUser(t.app);
    await createSubscription(t.app, { memberId: fan.id, artistId: ids.artistId });
    const cookie = await signIn(t.app, fan);
    const mine = await injectAs(t, cookie, { url: `/a/${slug}/albums/${ids.album}`, headers: browser });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const answer = firstData(mine.body)[`/api/artist-pages/${slug}`] as { offer: { subscribed: boolean } };
    expect(answer.offer.subscribed).toBe(true);
    const anonymous = await t.app.inject({ url: `/a/${slug}/albums/${ids.album}`, headers: browser });
    expect(anonymous.body).not.toContain(fan.email);
    const page = firstData(anonymous.body)[`/api/artist-pages/${slug}`] as { offer: { subscribed: boolean } };
    expect(page.offer.subscribed).toBe(false);
    expect(firstData(anonymous.body)['/api/auth/session']).toEqual({ user: null });
  });
});

describe('/robots.txt and /sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the API and the signed-in areas and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    for (const area of ['/api/', '/members/', '/artist/', '/admin/']) expect(res.body).toContain(`Disallow: ${area}`);
    expect(res.body).toContain('Sitemap: https://hfm.example/sitemap.xml');
  });

  it('the sitemap lists /discover, the ACTIVE artists, their albums with a song out, genres and playlists', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs[0]).toBe('https://hfm.example/discover');
    expect(locs).toEqual(
      expect.arrayContaining([
        `https://hfm.example/a/${slug}`,
        `https://hfm.example/a/${slug}/albums/${ids.album}`,
        `https://hfm.example/discover/genres/${ids.genre}`,
        `https://hfm.example/discover/playlists/${ids.playlist}`,
      ]),
    );
    expect(locs).not.toContain(`https://hfm.example/a/${pendingSlug}`);
    expect(locs.join(' ')).not.toContain(ids.emptyAlbum);
    expect(locs.join(' ')).not.toContain(ids.hiddenAlbum);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('past the end, or not a page number, a sitemap page is a 404 in the error vocabulary', async () => {
    expect((await t.app.inject({ url: '/sitemap-1.xml' })).statusCode).toBe(200);
    for (const url of ['/sitemap-2.xml', '/sitemap-0.xml', '/sitemap-99999999999999999999.xml', '/sitemap-x.xml']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('over the page size, /sitemap.xml is an index of pages that together list every page once', async () => {
    const pageSize = 3;
    const index = await sitemapRoot(t.app.ctx, pageSize);
    expect(index).toContain('<sitemapindex ');
    const pages = [...index.matchAll(/<loc>https:\/\/hfm\.example\/sitemap-(\d+)\.xml<\/loc>/g)].map((m) =>
      Number(m[1]),
    );
    expect(pages[0]).toBe(1);
    const all = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const every = [...all.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const paged: string[] = [];
    for (const page of pages) {
      const body = await sitemapPage(t.app.ctx, page, pageSize);
      const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(pageSize);
      paged.push(...locs);
    }
    expect(paged).toEqual(every);
    await expect(sitemapPage(t.app.ctx, pages.length + 1, pageSize)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
