import fs from 'node:fs';
import { type PublicArtist, type PublicSong, type SessionProfile } from '@hfm/shared';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { writeWav } from '@hfm/test-support/wav';

const ADMIN = 'admin@hfm.local';
const ARTIST = 'artist@hfm.local';
const FAN = 'fan@hfm.local';

/** Plain-text payloads: each must show literally, as the characters typed. */
const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '"><svg onload=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const ARTIST_NAME = `Xss Crew ${IMG}`;
const FIRST_NAME = `Xss ${SVG}`;
const LAST_NAME = `Doe ${SCRIPT}`;
const SONG_TITLE = `Xss Song ${SVG}`;
const ALBUM_NAME = `Xss Album ${IMG}`;
const PLAYLIST_TITLE = `Xss List ${SCRIPT}`;
const GENRE_LABEL = `Xss Genre ${IMG}`;
const LABEL_NAME = `Xss Label ${SVG}`;
const SONG_TEXT = `${IMG} ${SVG}`;
const LINER_NOTES = `Notes ${SCRIPT}`;
const ACCOUNT_HOLDER = `Holder ${IMG}`;

/** Rich text: markup that must not survive, around words that must. */
const RICH_TEXT = [
  `<p>Bio words stay.${SCRIPT}</p>`,
  `<p><img src=x onerror="window.__xss=1"><svg onload="window.__xss=1"></svg>Image gone.</p>`,
  `<p><a href="javascript:window.__xss=1">Script link</a> and <a href="JaVaScRiPt:window.__xss=1">mixed case</a></p>`,
  `<p><a href=" javascript:window.__xss=1">Spaced link</a> <a href="data:text/html,<script>window.__xss=1</script>">Data link</a></p>`,
  `<p onclick="window.__xss=1" style="background:url(javascript:window.__xss=1)">Handler paragraph</p>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">`,
  `<form action="javascript:window.__xss=1"><button>Go</button></form>`,
  `<p><a href="https://example.com/ok">Fine link</a></p>`,
  // Last: an unclosed <style> swallows what follows.
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">`,
].join('');

/** What in the page's DOM could run script: event handlers, srcdoc, javascript: addresses, scripts with the payload. */
function dangerousMarkup(): string[] {
  const problems: string[] = [];
  const w = window as unknown as { __xss?: unknown };
  if (w.__xss !== undefined) problems.push('window.__xss was set');
  for (const element of Array.from(document.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = [...attribute.value]
        .filter((char) => char.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (name.startsWith('on')) problems.push(`<${tag} ${name}="${attribute.value}">`);
      if (name === 'srcdoc') problems.push(`<${tag} srcdoc>`);
      if (
        ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(name) &&
        (value.startsWith('javascript:') || value.startsWith('data:text/html'))
      ) {
        problems.push(`<${tag} ${name}="${attribute.value}">`);
      }
    }
    if (tag === 'script' && element.textContent?.includes('__xss')) problems.push('<script> with the payload');
    if (['iframe', 'object', 'embed', 'math'].includes(tag)) problems.push(`<${tag}>`);
  }
  return problems;
}

/**
 * Issue 10: XSS payloads stored (through the API, each by the actor who owns the field) in every text and
 * rich-text field a person can write, then every screen that shows them opened in Chromium. Nothing runs
 * (no window.__xss, no dialog, no page error), no element in the DOM carries an event handler, a script or a
 * javascript: address, and plain text shows as the characters typed.
 */
describe('XSS payloads in text and rich-text fields are stored and shown harmlessly', () => {
  let server: RunningServer;
  let browser: Browser;
  let artist: PublicArtist;
  let userId: string;
  let slug: string;
  let playlistId: string;

  async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<unknown> {
    expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
    return response.json() as Promise<unknown>;
  }

  async function signedIn(email: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    await ok(
      await context.request.post('/api/auth', {
        data: { userName: email, password: await server.demoPassword(email) },
      }),
    );
    return context;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();

    // The artist writes their account names, artist name and bio, a song's info and an album.
    const artistContext = await signedIn(ARTIST);
    const request = artistContext.request;
    const profile = (await ok(await request.get('/api/users/session/profile'))) as SessionProfile;
    userId = profile.user.id;
    await ok(await request.put(`/api/users/${userId}`, { data: { firstName: FIRST_NAME, lastName: LAST_NAME } }));
    artist = (await ok(
      await request.patch(`/api/artists/${profile.artist!.id}`, { data: { name: ARTIST_NAME, bio: RICH_TEXT } }),
    )) as PublicArtist;
    // The address keeps the slug the artist signed up with.
    slug = ((await ok(await request.get(`/api/bff/members/artist-summary/${artist.id}`))) as { slug: string }).slug;
    // A song of its own, with audio, transcoded (a hang guard, not a speed expectation).
    const song = (await ok(
      await request.post('/api/songs', { data: { title: 'Plain', releaseDate: '01/02/2025' } }),
      201,
    )) as PublicSong;
    await ok(
      await request.post(`/api/songs/upload/${song.id}`, {
        multipart: {
          file: { name: 'plain.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(writeWav('plain.wav', 4)) },
        },
      }),
    );
    for (let tries = 0; ; tries += 1) {
      const state = (await ok(await request.get(`/api/songs/${song.id}`))) as PublicSong;
      if (state.status === 'ready') break;
      expect(state.status, 'the song transcodes').not.toBe('failed');
      expect(tries, 'the song became ready').toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await ok(
      await request.put(`/api/songs/${song.id}`, {
        data: {
          title: SONG_TITLE,
          additionalArtists: SONG_TEXT,
          publisher: SONG_TEXT,
          songWriters: SONG_TEXT,
          comment: SONG_TEXT,
          embedCode: `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>${SCRIPT}`,
        },
      }),
    );
    await ok(
      await request.post('/api/albums', { data: { name: ALBUM_NAME, linerNotes: LINER_NOTES, songs: [song.id] } }),
      201,
    );
    // The payout account's holder name, given on the onboarding page (through its API).
    await ok(await request.post('/api/artists/create-connect-account', { data: {} }), 201);
    const firstLink = (await ok(await request.post(`/api/artists/create-account-link/${artist.id}`))) as {
      url: string;
    };
    await ok(
      await request.post(`/api/payments/local/connect/onboarding/${firstLink.url.split('/').pop()}`, {
        data: {
          bankAccount: { accountHolder: ACCOUNT_HOLDER, routingNumber: '110000000', accountNumber: '000123456789' },
        },
      }),
    );
    await artistContext.close();

    // The admin features the artist with a featured bio, renames its genre, and writes a label, a playlist
    // and the user terms.
    const adminContext = await signedIn(ADMIN);
    const admin = adminContext.request;
    await ok(
      await admin.patch(`/api/artists/${artist.id}`, {
        data: { isFeatured: true, featuredPosition: 0, featuredBio: RICH_TEXT },
      }),
    );
    expect(artist.genreID, 'the demo artist has a genre').toBeTruthy();
    await ok(await admin.patch(`/api/genres/${artist.genreID}`, { data: { label: GENRE_LABEL } }));
    await ok(await admin.post('/api/labels/create', { data: { name: LABEL_NAME, location: SONG_TEXT } }), 201);
    ({ id: playlistId } = (await ok(
      await admin.post('/api/playlists/create', {
        data: { title: PLAYLIST_TITLE, songs: [song.id], showOnFrontPage: true, tags: [IMG.slice(0, 50)] },
      }),
      201,
    )) as { id: string });
    const terms = (await ok(await admin.get('/api/documents/user-terms'))) as { content: string };
    await ok(
      await admin.patch('/api/documents/user-terms', {
        data: {
          content: `${terms.content}<h2 id="xss">Xss section</h2><p><a href="/main/#/privacy-policy">Inside link</a></p>${RICH_TEXT}`,
        },
      }),
    );
    await adminContext.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Opens `path` and, once `ready` shows, checks that nothing ran and nothing dangerous is in the DOM. Answers
   * the page so the caller can check what shows.
   */
  async function visit(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<Page> {
    const page = await context.newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const found = await page.evaluate(dangerousMarkup);
    expect(found, `${path}: dangerous markup`).toEqual([]);
    expect(dialogs, `${path}: dialogs`).toEqual([]);
    expect(errors, `${path}: page errors`).toEqual([]);
    return page;
  }

  /** Rich text as shown: the words stay, the safe link stays, the dangerous links are plain text. */
  async function expectCleanRichText(page: Page) {
    await page.getByText('Bio words stay.').first().waitFor();
    await page.getByText('Image gone.').first().waitFor();
    await page.getByText('Handler paragraph').first().waitFor();
    const scriptLink = page.getByText('Script link').first();
    expect(await scriptLink.evaluate((element) => element.closest('a'))).toBeNull();
    const fine = page.getByRole('link', { name: 'Fine link' }).first();
    expect(await fine.getAttribute('href')).toBe('https://example.com/ok');
  }

  it('the public artist page and member screens show the payloads as text', async () => {
    const anonymous = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    const pageData = await anonymous.request.get(`/api/artist-pages/${slug}`);
    expect(pageData.status(), await pageData.text()).toBe(200);
    const publicPage = await visit(anonymous, `/a/${slug}`, (page) =>
      page.getByRole('heading', { level: 1, name: ARTIST_NAME }).waitFor(),
    );
    await expectCleanRichText(publicPage);
    expect(await publicPage.title()).toContain(ARTIST_NAME);
    await anonymous.close();

    const fan = await signedIn(FAN);
    const home = await visit(fan, '/members/', (page) =>
      page.getByRole('region', { name: 'Featured artist' }).getByText(ARTIST_NAME).first().waitFor(),
    );
    await home.getByText('Bio words stay.').first().waitFor();
    await visit(fan, `/members/search?s=${encodeURIComponent('Xss Crew')}`, (page) =>
      page.getByText(ARTIST_NAME).first().waitFor(),
    );
    await visit(fan, `/members/search?s=${encodeURIComponent('Xss Song')}`, (page) =>
      page.getByText(SONG_TITLE).first().waitFor(),
    );
    const artistPage = await visit(fan, `/a/${slug}`, (page) =>
      page.getByRole('heading', { level: 1, name: ARTIST_NAME }).waitFor(),
    );
    await artistPage.getByText(SONG_TITLE).first().waitFor();
    await artistPage.getByText(ALBUM_NAME).first().waitFor();
    await artistPage.getByText(LINER_NOTES).first().waitFor();
    await visit(fan, `/members/genres/${artist.genreID}`, (page) => page.getByText(GENRE_LABEL).first().waitFor());
    const playlist = await visit(fan, `/members/playlists/${playlistId}`, (page) =>
      page.getByText(PLAYLIST_TITLE).first().waitFor(),
    );
    await playlist.getByText(SONG_TITLE).first().waitFor();
    await fan.close();
  });

  it("the artist's studio tabs show the payloads as text", async () => {
    const context = await signedIn(ARTIST);
    const profile = await visit(context, '/artist/#profile', (page) =>
      page.getByLabel('Band/Artist Name').first().waitFor(),
    );
    expect(await profile.getByLabel('Band/Artist Name').first().inputValue()).toBe(ARTIST_NAME);
    await visit(context, '/artist/#songs', (page) => page.getByText(SONG_TITLE).first().waitFor());
    await visit(context, '/artist/#albums', (page) => page.getByText(ALBUM_NAME).first().waitFor());
    await visit(context, '/artist/#payouts', (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    const link = (await ok(await context.request.post(`/api/artists/create-account-link/${artist.id}`))) as {
      url: string;
    };
    await visit(context, new URL(link.url).pathname, (page) => page.getByText(ACCOUNT_HOLDER).first().waitFor());
    await visit(context, '/artist/#dashboard', (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    await context.close();
  });

  it('the admin screens show the payloads as text', async () => {
    const context = await signedIn(ADMIN);
    const admin = (section: string, text: string) =>
      visit(context, `/admin/#/${section}`, (page) => page.getByText(text).first().waitFor());
    await admin('artists', ARTIST_NAME);
    const detail = await visit(context, `/admin/#/artists/${artist.id}`, (page) =>
      page.getByRole('heading', { level: 1, name: ARTIST_NAME }).waitFor(),
    );
    await expectCleanRichText(detail);
    await admin('featured', ARTIST_NAME);
    await visit(context, `/admin/#/users?role=ARTIST&search=${encodeURIComponent('Xss')}`, (page) =>
      page.getByText(FIRST_NAME).first().waitFor(),
    );
    await admin('genres', GENRE_LABEL);
    await admin('labels', LABEL_NAME);
    await admin('playlists', PLAYLIST_TITLE);
    await admin('documents', 'User Terms');
    await context.close();
  });

  it('the legal page keeps only allowed markup', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    await visit(context, '/main/', (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    const page = await visit(context, '/main/#/user-terms', (page) =>
      page
        .getByRole('heading', { name: /Xss section/ })
        .first()
        .waitFor(),
    );
    await expectCleanRichText(page);
    expect(await page.getByRole('link', { name: 'Inside link' }).getAttribute('href')).toBe('/main/#/privacy-policy');
    // The check itself sees what it looks for.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<a href=" javascript:void 0" onclick="void 0">bait</a>'),
    );
    expect(await page.evaluate(dangerousMarkup)).toHaveLength(2);
    await context.close();
  });

  it("the artist page's title and link-preview tags carry the payloads as text", async () => {
    const anonymous = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    const page = await visit(anonymous, `/a/${slug}`, (page) =>
      page.getByRole('heading', { level: 1, name: ARTIST_NAME }).waitFor(),
    );
    expect(await page.title()).toBe(`${ARTIST_NAME} | HFM`);
    const tags = await page.evaluate(() =>
      Object.fromEntries(
        [...document.head.querySelectorAll('meta[property], meta[name]')].map((meta) => [
          meta.getAttribute('property') ?? meta.getAttribute('name'),
          meta.getAttribute('content'),
        ]),
      ),
    );
    expect(tags['og:title']).toBe(`${ARTIST_NAME} | HFM`);
    expect(tags['twitter:title']).toBe(`${ARTIST_NAME} | HFM`);
    expect(await page.evaluate(() => document.head.querySelectorAll('img, svg').length)).toBe(0);
    await anonymous.close();
  });
});
