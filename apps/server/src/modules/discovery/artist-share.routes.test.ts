import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FIRST_DATA_ID, renderPageMeta } from '../../http/web-app.js';
import type { ArtistPage, SongPeaks } from '@hfm/shared';
import { countQueries } from '../../test/count-queries.js';
import {
  createArtist,
  createArtistPhoto,
  createArtistRow,
  createSong,
  createUser,
  signIn,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';
import { shareDescription, SHARE_DESCRIPTION_MAX } from './artist-share.js';
import { HERO_ARTIST_PATH, heroSummaryPath, MEMBER_HOME_FETCHES, songPeaksPath } from './artist-share.routes.js';
import { FIRST_SCREEN_SONGS } from './discovery.service.js';

/** The public address /a/{slug}: the web app's index.html, named for the artist, for people and link previews. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="HFM: subscribe to the artists you love."
    />
    <title>HFM</title>
    <script type="module" src="/assets/main-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const NASTY_NAME = `<script>alert("x")</script> & 'Co'`;
/** A song title that would end the data block and run a script, were it written as it is. */
const NASTY_TITLE = '</script><script>alert(1)</script><!-- \u2028';
const LONG_BIO =
  '<p>We play <b>"loud"</b> music &amp; <i>quiet</i> music.</p><p>' +
  'Every night we drive out of town and play until the sun comes up again, '.repeat(5) +
  '</p>';

let t: TestApp;
let dist: string;
const slug = {} as Record<'nasty' | 'photoOnly' | 'plain' | 'pending' | 'left' | 'waves', string>;
/** The songs of `waves`, newest first (the page's order): more than a first screen, each with its own peaks. */
const waveSongs: string[] = [];

const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-share-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://hfm.example/' }, { serveWeb: true });
  const nasty = await createArtistRow(t.app, {
    name: NASTY_NAME,
    bio: LONG_BIO,
    bannerImage: 'banner-images/nasty/banner.png',
  });
  await createArtistPhoto(t.app, nasty.id, 'band-photos/nasty/photo.png');
  const photoOnly = await createArtistRow(t.app, { name: 'Photo Only', bio: '<p>Short.</p>' });
  await createArtistPhoto(t.app, photoOnly.id, 'band-photos/photo-only/1.png');
  await createArtistPhoto(t.app, photoOnly.id, 'band-photos/photo-only/2.png');
  const plain = await createArtistRow(t.app, { name: 'Plain' });
  const pending = await createArtistRow(t.app, { name: 'Still Pending', status: 'PENDING' });
  const left = await createArtistRow(t.app, {
    name: 'Gone Fishing',
    bio: '<p>Our bio.</p>',
    status: 'CANCELLED',
    terminatedAt: new Date('2026-05-02T12:00:00Z'),
  });
  const waves = await createArtistRow(t.app, { name: 'Waves' });
  for (let n = 0; n < FIRST_SCREEN_SONGS + 3; n += 1) {
    const song = await createSong(t.app, waves.id, {
      status: 'ready',
      title: n === 0 ? NASTY_TITLE : `Wave ${n}`,
      releaseDate: `2024-01-${String(n + 1).padStart(2, '0')}`,
      peaks: Array.from({ length: 50 }, (_, i) => ((i * (n + 1)) % 10) / 10),
    });
    waveSongs.unshift(song.id);
  }
  Object.assign(slug, {
    waves: waves.slug,
    nasty: nasty.slug,
    photoOnly: photoOnly.slug,
    plain: plain.slug,
    pending: pending.slug,
    left: left.slug,
  });
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

/** The API answers the page carries for its app's first render, by path. */
function firstData(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="hfm-first-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : {};
}

/** The API answers the page preloads. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)" \/>/g)].map(
    (match) => match[1]!,
  );
}

/** The page's title and its meta tags by name or property, unescaped. */
function metaOf(html: string) {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags[match[1]!] = unescape(match[2]!);
  }
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescape(m[1]!));
  return { tags, titles };
}

describe('GET /a/{slug}', () => {
  it("answers the web app with the artist's name in the title and Open Graph and Twitter tags, all escaped", async () => {
    const res = await t.app.inject({ url: `/a/${slug.nasty}`, headers: browser });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('"x")');
    expect(res.body).toContain('<script type="module" src="/assets/main-abc.js"></script>');
    const { tags, titles } = metaOf(res.body);
    expect(titles).toEqual([`${NASTY_NAME} | HFM`]);
    const description = shareDescription(LONG_BIO);
    expect(description.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(description.endsWith('…')).toBe(true);
    expect(description.startsWith('We play "loud" music & quiet music. Every night')).toBe(true);
    expect(tags).toEqual({
      description,
      'og:site_name': 'HFM',
      'og:type': 'music.musician',
      'og:title': `${NASTY_NAME} | HFM`,
      'og:description': description,
      'og:url': `https://hfm.example/a/${slug.nasty}`,
      'og:image': 'https://hfm.example/media/banner-images/nasty/banner.png',
      'twitter:card': 'summary_large_image',
      'twitter:title': `${NASTY_NAME} | HFM`,
      'twitter:description': description,
      'twitter:image': 'https://hfm.example/media/banner-images/nasty/banner.png',
    });
    expect(res.body).toContain(`<link rel="canonical" href="https://hfm.example/a/${slug.nasty}" />`);
  });

  it('carries who is signed in and the artist page, as the API answers them, and gzips the page for browsers that take it', async () => {
    const res = await t.app.inject({ url: `/a/${slug.plain}`, headers: { ...browser, 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = zlib.gunzipSync(res.rawPayload).toString('utf8');
    const artistPage = await t.app.inject({ url: `/api/artist-pages/${slug.plain}` });
    expect(firstData(html)).toEqual({
      '/api/auth/session': { user: null },
      [`/api/artist-pages/${slug.plain}`]: artistPage.json(),
    });
    expect(html.indexOf(FIRST_DATA_ID)).toBeGreaterThan(html.indexOf('/assets/main-abc.js'));
    expect(html.indexOf(FIRST_DATA_ID)).toBeLessThan(html.indexOf('</head>'));
    expect(preloads(html)).toEqual([]);
    const unknown = await t.app.inject({ url: '/a/no-such-band', headers: browser });
    expect(unknown.body).not.toContain(FIRST_DATA_ID);
  });

  it("keeps an artist's markup inert in the page's data: nothing in it can close the data block", async () => {
    const res = await t.app.inject({ url: `/a/${slug.nasty}`, headers: browser });
    const block = /<script type="application\/json" id="hfm-first-data">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(block).not.toMatch(/[<>]/);
    expect(block).toContain('\\u003cscript\\u003e');
    const answer = firstData(res.body)[`/api/artist-pages/${slug.nasty}`] as { artist: { name: string } };
    expect(answer.artist.name).toBe(NASTY_NAME);
  });

  it("carries the first screen's waveforms, each the /peaks answer of one of the page's first songs", async () => {
    const fan = await signIn(t.app, await createUser(t.app));
    for (const cookie of [undefined, fan]) {
      const res = await injectAs(t, cookie, { url: `/a/${slug.waves}`, headers: browser });
      expect(res.statusCode).toBe(200);
      const data = firstData(res.body);
      const pagePath = `/api/artist-pages/${slug.waves}`;
      const page = (await injectAs(t, cookie, { url: pagePath })).json<ArtistPage>();
      expect(page.songs.map((song) => song.id)).toEqual(waveSongs);
      const first = waveSongs.slice(0, FIRST_SCREEN_SONGS).map(songPeaksPath);
      expect(Object.keys(data).sort()).toEqual(['/api/auth/session', pagePath, ...first].sort());
      expect(data[pagePath]).toEqual(page);
      expect(data['/api/auth/session']).toEqual((await injectAs(t, cookie, { url: '/api/auth/session' })).json());
      for (const path of first) {
        const answer = await injectAs(t, cookie, { url: path });
        expect(answer.statusCode, path).toBe(200);
        expect(data[path], path).toEqual(answer.json<SongPeaks>());
        expect(answer.json<SongPeaks>().count).toBe(50);
      }
      expect(preloads(res.body)).toEqual([]);
    }
  });

  it("reads the page's data once, beside its waveforms: the JSON call's statements and one more", async () => {
    const db = t.app.ctx.db;
    // A write of the catalogue (none of its rows) makes the cached models old: both are built again.
    const touchCatalogue = () => db.execute(sql`update genres set label = label where false`);
    // Once each first, built afresh: a connection's first use of the pool sets it up (PostgreSQL: it listens for
    // the catalogue's changes), which is no page's cost.
    await touchCatalogue();
    await t.app.inject({ url: `/api/artist-pages/${slug.waves}` });
    await t.app.inject({ url: `/a/${slug.waves}`, headers: browser });
    await touchCatalogue();
    const json = await countQueries(db, () => t.app.inject({ url: `/api/artist-pages/${slug.waves}` }));
    const html = await countQueries(db, () => t.app.inject({ url: `/a/${slug.waves}`, headers: browser }));
    // The artist, its songs and its albums (the cache's read of the catalogue version is not counted).
    expect(json).toBe(3);
    // The same page's statements, and the waveforms beside them.
    expect(html).toBe(json + 1);
    // Asked again by anyone signed out, the page comes from memory as it was sent, gzipped: no statement.
    const again = () => t.app.inject({ url: `/a/${slug.waves}`, headers: { ...browser, 'accept-encoding': 'gzip' } });
    const sent = await again();
    expect(await countQueries(db, again)).toBe(0);
    expect((await again()).rawPayload).toEqual(sent.rawPayload);
    expect(zlib.gunzipSync(sent.rawPayload).toString('utf8')).toBe(
      (await t.app.inject({ url: `/a/${slug.waves}`, headers: browser })).body,
    );
  });

  it("shows a write in the page a shared link opens at the writer's next read, signed out", async () => {
    const title = async () =>
      /<title>([^<]*)<\/title>/.exec((await t.app.inject({ url: `/a/${slug.plain}`, headers: browser })).body)?.[1];
    expect(await title()).toContain('Plain');
    await t.app.ctx.db.execute(sql`update artists set name = 'Plainer' where slug = ${slug.plain}`);
    expect(await title()).toContain('Plainer');
    await t.app.ctx.db.execute(sql`update artists set name = 'Plain' where slug = ${slug.plain}`);
    expect(await title()).not.toContain('Plainer');
  });

  it("keeps a song's title inert in the page's data, whatever it holds", async () => {
    const res = await t.app.inject({ url: `/a/${slug.waves}`, headers: browser });
    const block = /<script type="application\/json" id="hfm-first-data">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(block).not.toMatch(/[<>\u2028]/);
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    const page = firstData(res.body)[`/api/artist-pages/${slug.waves}`] as ArtistPage;
    expect(page.songs.map((song) => song.title)).toContain(NASTY_TITLE);
  });

  it('uses the first photo when there is no banner, and a summary card when there is no image at all', async () => {
    const photo = metaOf((await t.app.inject({ url: `/a/${slug.photoOnly}` })).body).tags;
    expect(photo['og:image']).toBe('https://hfm.example/media/band-photos/photo-only/1.png');
    expect(photo['og:description']).toBe('Short.');
    const plain = await t.app.inject({ url: `/a/${slug.plain}/` });
    expect(plain.statusCode).toBe(200);
    const tags = metaOf(plain.body).tags;
    expect(tags['og:image']).toBeUndefined();
    expect(tags['twitter:card']).toBe('summary');
    expect(tags['og:description']).toBe('Listen to Plain on HFM.');
  });

  it('keeps the name of an artist who has left, with the notice as the description', async () => {
    const res = await t.app.inject({ url: `/a/${slug.left}`, headers: browser });
    expect(res.statusCode).toBe(200);
    const { tags, titles } = metaOf(res.body);
    expect(titles).toEqual(['Gone Fishing | HFM']);
    expect(tags['og:description']).toBe(
      'Gone Fishing has left HFM on May 2, 2026. Subscribers keep access until their subscription ends, and keep every song they downloaded.',
    );
  });

  it("answers the app's not-found page with a 404 for an unknown, malformed or unapproved artist", async () => {
    for (const url of [
      '/a/no-such-band',
      `/a/${slug.pending}`,
      '/a/Not_A_Slug',
      '/a/%3Cscript%3E',
      `/a/${'x'.repeat(90)}`,
    ]) {
      const res = await t.app.inject({ url, headers: browser });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('leaves other paths under /a/ to the unknown-path handler, and the API keeps its JSON 404', async () => {
    for (const url of ['/a/', '/a/plain/extra']) {
      const res = await t.app.inject({ url, headers: browser });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX);
    }
    const api = await t.app.inject({ url: '/api/a/plain', headers: browser });
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('GET /members/', () => {
  it('carries what the member home shows for a signed-in fan only; anyone else gets the page as built', async () => {
    const fan = await signIn(t.app, await createUser(t.app));
    const res = await injectAs(t, fan, { url: '/members/', headers: browser });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const data = firstData(res.body);
    const hero = (await injectAs(t, fan, { url: HERO_ARTIST_PATH })).json<{ id: string }>();
    const paths = [...MEMBER_HOME_FETCHES, heroSummaryPath(hero.id)];
    expect(Object.keys(data).sort()).toEqual([...paths].sort());
    for (const url of paths) {
      const answer = await injectAs(t, fan, { url });
      expect(data[url], url).toEqual(answer.json());
    }
    expect(preloads(res.body)).toEqual([]);
    const artist = await signIn(t.app, await createArtist(t.app));
    for (const cookie of [undefined, artist, 'hfm_session=not-a-session']) {
      const other = await injectAs(t, cookie, { url: '/members/', headers: browser });
      expect(other.statusCode, cookie).toBe(200);
      expect(other.body, cookie).toBe(INDEX);
    }
  });
});

describe('renderPageMeta', () => {
  const meta = {
    title: 'A $& B $1',
    description: 'd',
    url: 'https://x.example/a/b',
    image: null,
    type: 'music.musician',
  };

  it('replaces the title and description once and keeps `$` patterns literal', () => {
    const html = renderPageMeta(INDEX, meta);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<title>A $&amp; B $1</title>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('adds a head to a page without one', () => {
    expect(renderPageMeta('<html><body></body></html>', meta)).toMatch(/^<html><head><title>A \$&amp; B \$1<\/title>/);
  });
});
