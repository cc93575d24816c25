import type { ArtistPage, MemberHomeLists } from '@hfm/shared';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '@hfm/test-support/api';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

/** Screenshots for people to look at (besides e2e/artifacts): /tmp/artist-page. */
const SHOTS = '/tmp/artist-page';

async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, `${SHOTS}/${name}.png`);
}

/** The API answers a page's HTML carries (the `hfm-first-data` block), by path. */
function firstDataOf(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="hfm-first-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : {};
}

/**
 * A shared link to an artist's page (/a/{slug}) opens with the page's data and its first screen's waveforms in
 * the HTML: the app draws the songs, albums and waveforms from them without asking the API for any of it again.
 */
describe("an artist's page opened from a shared link, in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let artist: ArtistPage;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const lists = await getJson<MemberHomeLists>(context, '/api/playlists/agg/member-home-lists');
    for (const card of [...lists.featuredArtists, ...lists.newReleases]) {
      const page = await getJson<ArtistPage>(context, `/api/artist-pages/${card.slug}`);
      if (!page.termination && page.songs.length >= 6 && page.albums.length > 0) {
        artist = page;
        break;
      }
    }
    await context.close();
    expect(artist, 'the demo catalogue has an artist with six songs and an album').toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each([
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const)('at %s px', (width, viewport) => {
    it('shows the songs, albums and first waveforms from the HTML, asking the API for none of them', async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const html = await (await context.request.get(`/a/${artist.artist.slug}`)).text();
      const given = Object.keys(firstDataOf(html));
      const pagePath = `/api/artist-pages/${artist.artist.slug}`;
      expect(given).toContain(pagePath);
      expect(given).toContain('/api/auth/session');
      const peaksGiven = given.filter((path) => /^\/api\/songs\/[^/]+\/peaks$/.test(path));
      expect(peaksGiven.length).toBeGreaterThanOrEqual(4);

      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
      });
      await page.goto(`/a/${artist.artist.slug}`);
      const songs = page.getByRole('list', { name: `Songs by ${artist.artist.name}` });
      await songs.getByRole('listitem').first().waitFor();
      expect(await songs.getByRole('listitem').count()).toBe(artist.songs.length);
      await page.getByRole('heading', { name: 'Albums' }).waitFor();
      if (width === '1280') {
        // The first screen's rows draw their waveforms: the page's first songs, whose peaks the HTML carries.
        await expect.poll(() => songs.getByTestId('waveform').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
      }
      await page.waitForLoadState('networkidle');
      await shot(page, `artist-page-${width}`);
      // Nothing the HTML gave is asked for again: not the page, not who is signed in, no waveform it carries.
      expect(asked.filter((path) => given.includes(path))).toEqual([]);
      if (width === '1280') {
        // And the first screen asked for no waveform at all: every row in view was given its peaks.
        const inView = await songs.getByTestId('waveform').count();
        expect(asked.filter((path) => path.endsWith('/peaks')).length, `${inView} waveforms drawn`).toBe(0);
      }
      await context.close();
    });
  });
});
