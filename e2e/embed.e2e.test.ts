import http from 'node:http';
import fs from 'node:fs';
import type { ArtistPage, OembedAnswer } from '@hfm/shared';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoArtist, getJson, signInThroughApi } from '@hfm/test-support/api';
import { seriousAxeViolations } from '@hfm/test-support/axe';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { freePort, startServer, type RunningServer } from '@hfm/test-support/server';

const SHOTS = '/tmp/embed';
const DEMO_FAN = 'fan@hfm.local';

async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, `${SHOTS}/${name}.png`);
}

/** Every console error naming the page policy, in any frame of the context (the console guard takes warnings). */
function policyErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

/** Plays the embed in the frame and waits until its audio has played on (a second past where it was). */
async function playInFrame(frame: FrameLocator): Promise<void> {
  await frame.getByRole('button', { name: /^Play / }).click();
  const audio = frame.locator('audio');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(0.3);
  const from = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(from + 0.5);
}

/**
 * The embeddable player (docs/decisions/0056): a pasted link's oEmbed answer gives an iframe that another site
 * (http://localhost:PORT, another site than the server's http://127.0.0.1:PORT) shows; it plays a preview there
 * to a visitor who is not subscribed. (A subscriber's SameSite=Lax cookie is not sent across sites where the
 * browser partitions storage; Playwright's Chromium does not, so HFM's service worker, which asks the network for
 * the frame, sends it: what a subscriber hears on another site is not asserted here: decision 0056.) On HFM's own
 * pages the Embed dialog previews the same player, where the cookie is sent and a subscriber hears the song.
 */
describe('the embeddable player on another site', () => {
  let server: RunningServer;
  let browser: Browser;
  let host: http.Server;
  let hostUrl: string;
  /** What the other site's page shows: set by each test from an oEmbed answer. */
  let hostBody = '';
  /** The demo fan's artist (they subscribe), and a link of theirs whose first song only previews. */
  let artist: ArtistPage;
  let pastedLink: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const port = await freePort();
    host = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">` +
          `<title>A blog post</title></head><body style="font-family:sans-serif;margin:16px">` +
          `<h1>My favourite song this week</h1><p>Hear it here:</p>${hostBody}<p>Thanks for reading.</p></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
    hostUrl = `http://localhost:${port}/`;
    expect(new URL(hostUrl).hostname).not.toBe(new URL(server.baseUrl).hostname);

    const context = await browser.newContext({ baseURL: server.baseUrl });
    await signInThroughApi(context, server, DEMO_FAN);
    const found = await findDemoArtist(context, (page) => {
      if (!page.offer.subscribed) return undefined;
      if (page.songs[0] && !page.songs[0].playsInFull) return { page, link: `${server.baseUrl}/a/${page.artist.slug}` };
      const previewOnly = new Set(page.songs.filter((song) => !song.playsInFull).map((song) => song.id));
      const album = page.albums.find((entry) => entry.songs[0] && previewOnly.has(entry.songs[0]));
      return album ? { page, link: `${server.baseUrl}/a/${page.artist.slug}/albums/${album.id}` } : undefined;
    });
    expect(found, 'the demo fan subscribes to an artist with a song that only previews').toBeTruthy();
    artist = found!.page;
    pastedLink = found!.link;
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => host?.close(resolve));
  });

  describe.each([
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const)('at %s px', (width, viewport) => {
    it("a pasted link's oEmbed iframe plays a preview on another site", async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const errors = policyErrors(context);
      // The other site asks our oEmbed for the pasted link and puts the answer's html in its page.
      const page = await context.newPage();
      await page.goto(`/a/${artist.artist.slug}`);
      await page.getByRole('button', { name: 'Embed', exact: true }).waitFor();
      await shot(page, `embed-action-artist-${width}`);
      const discovery = await page.locator('link[type="application/json+oembed"]').getAttribute('href');
      expect(discovery).toContain('/oembed?url=');
      const answer = await getJson<OembedAnswer>(
        context,
        `/oembed?url=${encodeURIComponent(pastedLink)}&format=json&maxwidth=${viewport.width - 32}`,
      );
      expect(answer).toMatchObject({ type: 'rich', version: '1.0', provider_name: 'HFM', height: 420 });
      expect(answer.width).toBeLessThanOrEqual(viewport.width - 32);
      hostBody = answer.html;

      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe');
      await frame.getByRole('button', { name: /^Play / }).waitFor();
      await playInFrame(frame);
      expect(await frame.locator('.embed__mode').textContent()).toBe('Preview');
      expect(await frame.locator('#embed').getAttribute('data-playing')).toBe('preview');
      expect(await frame.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentSrc)).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\//,
      );
      const subscribe = frame.getByRole('link', { name: 'Subscribe on HFM' });
      expect(await subscribe.getAttribute('target')).toBe('_blank');
      expect(await subscribe.getAttribute('href')).toBe(`${server.baseUrl}/a/${artist.artist.slug}`);
      await shot(page, `embed-on-another-site-${width}`);
      expect(errors).toEqual([]);
    });

    it('the Embed dialog on HFM: size and theme, a live preview playing the whole song to the subscriber, and the snippet', async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const errors = policyErrors(context);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await signInThroughApi(context, server, DEMO_FAN);
      const page = await context.newPage();
      await page.goto(pastedLink.slice(server.baseUrl.length));
      await page.getByRole('button', { name: 'Embed', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Embed / });
      await dialog.waitFor();
      const preview = page.frameLocator('.embed-dialog__preview');
      await preview.getByRole('button', { name: /^Play / }).waitFor();
      await shot(page, `embed-dialog-large-light-${width}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await playInFrame(preview);
      // Same site: the cookie goes with the frame's request, and the subscriber hears the song in full.
      expect(await preview.locator('#embed').getAttribute('data-playing')).toBe('full');

      await dialog.getByText('Small', { exact: true }).click();
      await dialog.getByText('Dark', { exact: true }).click();
      await preview.locator('.embed--small').waitFor();
      await preview.getByRole('button', { name: /^Play / }).waitFor();
      await shot(page, `embed-dialog-small-dark-${width}`);
      const snippet = await dialog.getByRole('textbox', { name: 'HTML snippet' }).inputValue();
      expect(snippet).toMatch(
        /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/(artist|album)\/[^"]+\?size=small&amp;theme=dark"/,
      );
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.getByText('Copied to the clipboard.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
      expect(errors).toEqual([]);
    });
  });

  it('draws small and large, light and dark, at 1280 and 390 px, with no serious axe violation', async () => {
    for (const [width, viewport] of [
      ['1280', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: Math.min(viewport.width, 480), height: 420 },
        baseURL: server.baseUrl,
      });
      const errors = policyErrors(context);
      const page = await context.newPage();
      for (const size of ['small', 'large'])
        for (const theme of ['light', 'dark']) {
          const path =
            new URL(pastedLink).pathname.startsWith('/a/') && pastedLink.includes('/albums/')
              ? `/embed/album/${pastedLink.split('/albums/')[1]}`
              : `/embed/artist/${artist.artist.slug}`;
          const response = await page.goto(`${path}?size=${size}&theme=${theme}`);
          expect(response?.status()).toBe(200);
          expect(response?.headers()['x-frame-options']).toBeUndefined();
          await page.getByRole('button', { name: /^Play / }).waitFor();
          await shot(page, `embed-${size}-${theme}-${width}`);
          expect(await seriousAxeViolations(page), `${path} ${size} ${theme}`).toEqual([]);
        }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
