import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_SIZE_MESSAGE, EMBED_THEME_MESSAGE, type OembedAnswer } from '@hfm/shared';
import {
  createAlbum,
  createArtistRow,
  createSong,
  createSubscription,
  createUser,
  makeImage,
  signIn,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The embeddable player and oEmbed (docs/decisions/0056): /embed/{artist|album|song}/{id} draws the public's
 * view of the thing, any site may frame it (and nothing else), bad size or theme is a 400, anything not public
 * a 404; /oembed answers the iframe of our own addresses only, within maxwidth and maxheight.
 */
const EMBED_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>HFM</title>
    <script type="module" crossorigin src="/assets/embed-abc.js"></script>
  </head>
  <body>
    <div id="embed"></div>
  </body>
</html>`;
const INDEX = '<!doctype html><html><head><title>HFM</title></head><body><div id="root"></div></body></html>';
const PUBLIC = 'https://hfm.example';
const NASTY = `<img src=x onerror="alert(1)"> & 'Co'`;

let t: TestApp;
let dist: string;
let slug: string;
const ids = {} as Record<
  | 'song'
  | 'second'
  | 'album'
  | 'later'
  | 'scheduled'
  | 'withdrawn'
  | 'processing'
  | 'laterAlbum'
  | 'pendingSong'
  | 'pendingAlbum'
  | 'goneSong'
  | 'artistId',
  string
>;
const slugs = {} as Record<'pending' | 'gone' | 'empty', string>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-embed-'));
  fs.writeFileSync(path.join(dist, 'embed.html'), EMBED_HTML);
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: `${PUBLIC}/` }, { serveWeb: true });
  const artist = await createArtistRow(t.app, { name: NASTY });
  ids.artistId = artist.id;
  slug = artist.slug!;
  ids.song = (await createSong(t.app, artist.id, { status: 'ready', title: `Song ${NASTY}`, duration: 184 })).id;
  ids.second = (await createSong(t.app, artist.id, { status: 'ready', title: 'Second' })).id;
  ids.later = (await createSong(t.app, artist.id, { status: 'ready', releaseDate: '2999-01-01' })).id;
  ids.scheduled = (
    await createSong(t.app, artist.id, { status: 'ready', releaseAt: new Date(Date.now() + 86_400_000) })
  ).id;
  ids.withdrawn = (await createSong(t.app, artist.id, { status: 'ready', active: false })).id;
  ids.processing = (await createSong(t.app, artist.id, { status: 'uploading' })).id;
  await t.app.ctx.storage.put('album-artwork/embed-cover.jpg', await makeImage('jpeg', 300, 200), 'image/jpeg');
  ids.album = (
    await createAlbum(t.app, artist.id, {
      name: `Album ${NASTY}`,
      songIds: [ids.second, ids.song],
      artworkKey: 'album-artwork/embed-cover.jpg',
    })
  ).id;
  ids.laterAlbum = (await createAlbum(t.app, artist.id, { songIds: [ids.later] })).id;
  const pending = await createArtistRow(t.app, { status: 'PENDING' });
  slugs.pending = pending.slug!;
  ids.pendingSong = (await createSong(t.app, pending.id, { status: 'ready' })).id;
  ids.pendingAlbum = (await createAlbum(t.app, pending.id, { songIds: [ids.pendingSong] })).id;
  const gone = await createArtistRow(t.app, { status: 'CANCELLED', terminatedAt: new Date() });
  slugs.gone = gone.slug!;
  ids.goneSong = (await createSong(t.app, gone.id, { status: 'ready' })).id;
  slugs.empty = (await createArtistRow(t.app, {})).slug!;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  injectAs(t, cookie, { method: 'GET', url, headers: { accept: 'text/html' } });

function embedData(html: string): { tracks: { id: string; title: string }[]; artistUrl: string } {
  const block = /<script type="application\/json" id="hfm-embed-data">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(block![1]!) as { tracks: { id: string; title: string }[]; artistUrl: string };
}

describe('GET /embed/{kind}/{id}', () => {
  it('an artist: the player drawn in the page, the tracks in a data block, names escaped, framable by any site', async () => {
    const res = await get(`/embed/artist/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('class="embed embed--small"');
    expect(res.body).toContain('data-theme="light"');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/embed-abc.js">');
    expect(res.body).toMatch(
      new RegExp(
        `<a class="embed__subscribe" href="${PUBLIC}/a/${slug}" target="_blank" rel="noopener">Subscribe on HFM</a>`,
      ),
    );
    expect(res.body).toContain('<span class="embed__mode">Preview</span>');
    const data = embedData(res.body);
    expect(data.artistUrl).toBe(`${PUBLIC}/a/${slug}`);
    expect(data.tracks.map((track) => track.id).sort()).toEqual([ids.song, ids.second].sort());
    expect(data.tracks.find((track) => track.id === ids.song)?.title).toBe(`Song ${NASTY}`);
    expect(res.body).not.toContain('</script><img');
  });

  it('an album, large and dark: its released songs in album order in a track list', async () => {
    const res = await get(`/embed/album/${ids.album}?size=large&theme=dark`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="embed embed--large"');
    expect(res.body).toContain('data-theme="dark"');
    expect(res.body.match(/class="embed__track"/g)).toHaveLength(2);
    expect(embedData(res.body).tracks.map((track) => track.id)).toEqual([ids.second, ids.song]);
  });

  it('a song: that song alone', async () => {
    const res = await get(`/embed/song/${ids.song}?size=small&theme=light&utm_source=x`);
    expect(res.statusCode).toBe(200);
    expect(embedData(res.body).tracks.map((track) => track.id)).toEqual([ids.song]);
    expect(res.body).toContain('class="embed__time">3:04<');
  });

  it('is the same page for every viewer: the artist, a subscriber and a stranger see the public view', async () => {
    const fan = await createUser(t.app);
    await createSubscription(t.app, { memberId: fan.id, artistId: ids.artistId });
    const anonymous = embedData((await get(`/embed/artist/${slug}`)).body);
    expect(embedData((await get(`/embed/artist/${slug}`, await signIn(t.app, fan))).body)).toEqual(anonymous);
  });

  it.each([
    ['size', '?size=huge', EMBED_SIZE_MESSAGE],
    ['theme', '?theme=blue', EMBED_THEME_MESSAGE],
    ['size twice', '?size=small&size=large', EMBED_SIZE_MESSAGE],
  ])('a bad %s is a 400 naming what is allowed', async (_what, query, message) => {
    const res = await get(`/embed/artist/${slug}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(JSON.stringify(res.json())).toContain(message);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it.each([
    ['an unknown artist', () => '/embed/artist/nobody-here'],
    ['a slug that cannot be one', () => '/embed/artist/%E2%80%AE..'],
    ['an artist not yet approved', () => `/embed/artist/${slugs.pending}`],
    ['an artist who has left HFM', () => `/embed/artist/${slugs.gone}`],
    ['an artist with no released song', () => `/embed/artist/${slugs.empty}`],
    ['an album id that is not an id', () => '/embed/album/abc'],
    ['an unknown album', () => '/embed/album/00000000-0000-4000-8000-000000000000'],
    ['an album with no released song', () => `/embed/album/${ids.laterAlbum}`],
    ['an album of an artist not yet approved', () => `/embed/album/${ids.pendingAlbum}`],
    ['a song id that is not an id', () => "/embed/song/1'or'1"],
    ['an unknown song', () => '/embed/song/00000000-0000-4000-8000-000000000000'],
    ['a song not released yet', () => `/embed/song/${ids.later}`],
    ['a song scheduled for tomorrow', () => `/embed/song/${ids.scheduled}`],
    ['a song its artist withdrew', () => `/embed/song/${ids.withdrawn}`],
    ['a song still uploading', () => `/embed/song/${ids.processing}`],
    ['a song of an artist not yet approved', () => `/embed/song/${ids.pendingSong}`],
    ['a song of an artist who has left', () => `/embed/song/${ids.goneSong}`],
  ])('%s is a 404, even to admins and its artist', async (_what, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('the page policy: only /embed/ may be framed', () => {
  it.each(['/', `/a/${slug}`, '/oembed?url=x', '/api/auth/session', '/embed/artist/nobody'])(
    '%s keeps frame-ancestors none and X-Frame-Options DENY',
    async (url) => {
      const res = await get(url.replace('${slug}', slug));
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );
});

const oembed = (query: string) => t.app.inject({ method: 'GET', url: `/oembed?${query}` });
const urlOf = (pathname: string) => encodeURIComponent(`${PUBLIC}${pathname}`);

describe('GET /oembed', () => {
  it("an artist's page: a rich answer whose html is the large embed's iframe", async () => {
    const res = await oembed(`url=${urlOf(`/a/${slug}`)}&format=json`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<OembedAnswer>();
    expect(answer).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: NASTY,
      author_name: NASTY,
      author_url: `${PUBLIC}/a/${slug}`,
      provider_name: 'HFM',
      provider_url: `${PUBLIC}/`,
      width: 480,
      height: 420,
    });
    expect(answer.html).toContain(`src="${PUBLIC}/embed/artist/${slug}?size=large&amp;theme=light"`);
    expect(answer.html).not.toContain('<img');
    expect(answer.html).toMatch(/^<iframe [^>]*width="480" height="420"[^>]*><\/iframe>$/);
    // An artist without a photo: no thumbnail, rather than one without its size.
    expect(answer.thumbnail_url).toBeUndefined();
  });

  it("an album's page, within maxwidth, and small when the large one is taller than maxheight", async () => {
    const res = await oembed(`url=${urlOf(`/a/${slug}/albums/${ids.album}`)}&maxwidth=300&maxheight=200`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<OembedAnswer>();
    expect(answer).toMatchObject({
      width: 300,
      height: 120,
      title: `Album ${NASTY} by ${NASTY}`,
      thumbnail_width: 300,
      thumbnail_height: 200,
    });
    expect(answer.thumbnail_url).toMatch(/^https:\/\/hfm\.example\/media\/album-artwork\/embed-cover\.jpg/);
    expect((await t.app.inject({ url: answer.thumbnail_url!.slice(PUBLIC.length) })).statusCode).toBe(200);
    expect(answer.html).toContain(`/embed/album/${ids.album}?size=small&amp;theme=light`);
  });

  it("a song's embed address (its only public one), keeping the size and theme it names", async () => {
    const res = await oembed(`url=${urlOf(`/embed/song/${ids.song}?size=small&theme=dark`)}&maxheight=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json<OembedAnswer>()).toMatchObject({ height: 100, width: 480 });
    expect(res.json<OembedAnswer>().html).toContain(`/embed/song/${ids.song}?size=small&amp;theme=dark`);
  });

  it('the pages name their oEmbed answer in their heads', async () => {
    const link = (pageUrl: string) =>
      `<link rel="alternate" type="application/json+oembed" href="${PUBLIC}/oembed?url=${encodeURIComponent(pageUrl).replace(/&/g, '&amp;')}&amp;format=json"`;
    expect((await get(`/a/${slug}`)).body).toContain(link(`${PUBLIC}/a/${slug}`));
    expect((await get(`/a/${slug}/albums/${ids.album}`)).body).toContain(
      link(`${PUBLIC}/a/${slug}/albums/${ids.album}`),
    );
  });

  it.each([
    ['another site', () => `url=${encodeURIComponent(`https://evil.example/a/${slug}`)}`],
    ['our host over another scheme', () => `url=${encodeURIComponent(`http://hfm.example/a/${slug}`)}`],
    ['not a URL', () => 'url=hello'],
    ['a page of ours that embeds nothing', () => `url=${urlOf('/discover')}`],
    ['an unknown artist', () => `url=${urlOf('/a/nobody-here')}`],
    ['an artist not yet approved', () => `url=${urlOf(`/a/${slugs.pending}`)}`],
    ['an album of an artist not yet approved', () => `url=${urlOf(`/a/${slugs.pending}/albums/${ids.pendingAlbum}`)}`],
    ['a song not released yet', () => `url=${urlOf(`/embed/song/${ids.later}`)}`],
    ['an embed of an unknown kind', () => `url=${urlOf(`/embed/playlist/${ids.song}`)}`],
    ['an embed address with a bad size', () => `url=${urlOf(`/embed/song/${ids.song}?size=huge`)}`],
    ['a broken escape', () => `url=${urlOf('/a/%E0%A4%A')}`],
  ])('%s is a 404', async (_what, query) => {
    const res = await oembed(query());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['no url', ''],
    ['an empty url', 'url='],
    ['maxwidth not a number', `url=${encodeURIComponent(`${PUBLIC}/a/x`)}&maxwidth=wide`],
    ['maxheight of zero', `url=${encodeURIComponent(`${PUBLIC}/a/x`)}&maxheight=0`],
    ['a url past 2048 characters', `url=${encodeURIComponent(`${PUBLIC}/a/${'x'.repeat(2100)}`)}`],
  ])('%s is a 400', async (_what, query) => {
    const res = await oembed(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it.each(['xml', 'yaml'])('format=%s is a 501 (the oEmbed spec)', async (format) => {
    const res = await oembed(`url=${urlOf(`/a/${slug}`)}&format=${format}`);
    expect(res.statusCode).toBe(501);
    expect(res.json().error.code).toBe('NOT_IMPLEMENTED');
  });

  it('never answers a 5xx other than 501 to any query string, nor /embed/ to any path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), fc.string({ maxLength: 40 }), async (junk, segment) => {
        const query = await oembed(`url=${encodeURIComponent(`${PUBLIC}/${junk}`)}&${encodeURIComponent(junk)}=1`);
        expect(query.statusCode).toBeLessThan(500);
        for (const kind of ['artist', 'album', 'song']) {
          const page = await get(
            `/embed/${kind}/${encodeURIComponent(segment) || 'x'}?size=${encodeURIComponent(junk)}`,
          );
          expect(page.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 40, seed: 56 },
    );
  });
});
