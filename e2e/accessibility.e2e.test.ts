import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@hfm/test-support/axe';
import { DESKTOP, launchBrowser, MOBILE } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

/**
 * axe-core on every screen of the product, as a visitor, a fan, an artist and an admin, at desktop and phone
 * widths: no serious or critical violation. Each screen is checked once it has drawn its content.
 */
describe('no serious or critical axe-core violation on any screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let artistSlug: string;
  /** The public catalogue's pages (decision 0049), asked signed out. */
  let catalogue: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    // A featured artist's public page, by the slug member home lists it under.
    const email = 'fan@hfm.local';
    await context.request.post('/api/auth', { data: { userName: email, password: await server.demoPassword(email) } });
    const lists = await context.request.get('/api/playlists/agg/member-home-lists');
    artistSlug = ((await lists.json()) as { featuredArtists: { slug: string }[] }).featuredArtists[0]!.slug;
    expect(artistSlug).toMatch(/^[a-z0-9-]+$/);
    await context.close();
    const visitor = await browser.newContext({ baseURL: server.baseUrl });
    const publicLists = (await (await visitor.request.get('/api/playlists/agg/member-home-lists')).json()) as {
      genres: { id: string }[];
      hfmPicks: { id: string }[];
    };
    const artistPage = (await (await visitor.request.get(`/api/artist-pages/${artistSlug}`)).json()) as {
      albums: { id: string }[];
    };
    catalogue = [
      '/discover',
      '/discover/search?s=the',
      `/discover/genres/${publicLists.genres[0]!.id}`,
      ...publicLists.hfmPicks.slice(0, 1).map((playlist) => `/discover/playlists/${playlist.id}`),
      ...artistPage.albums.slice(0, 1).map((album) => `/a/${artistSlug}/albums/${album.id}`),
    ];
    await visitor.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(email: string | null, viewport: typeof DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    if (email) {
      const signedIn = await context.request.post('/api/auth', {
        data: { userName: email, password: await server.demoPassword(email) },
      });
      expect(signedIn.status()).toBe(200);
    }
    return context.newPage();
  }

  /** Opens each path, waits for its main heading and for the network to settle, and collects what axe finds. */
  async function check(email: string | null, paths: string[]) {
    const found: string[] = [];
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await pageAs(email, viewport);
      for (const path of paths) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const violation of await seriousAxeViolations(page))
          found.push(`${path} at ${viewport.width} px: ${violation}`);
      }
      await page.context().close();
    }
    expect(found).toEqual([]);
  }

  it('the public site', async () => {
    await check(null, [
      '/',
      '/main/#/fans',
      '/main/#/artists',
      '/main/#/fan-sign-up',
      '/main/#/artist-sign-up',
      '/main/#/user-terms',
      '/main/#/about',
      '/main/#/fans-mobile',
      '/login',
      `/a/${artistSlug}`,
    ]);
  });

  it('the public catalogue, signed out', async () => {
    await check(null, catalogue);
  });

  it('the fan’s screens', async () => {
    await check('fan@hfm.local', [
      '/members/',
      '/members/search?s=the',
      `/a/${artistSlug}`,
      '/members/my-music',
      '/members/account',
    ]);
  });

  it('the studio', async () => {
    await check('artist@hfm.local', [
      '/artist/#dashboard',
      '/artist/#songs',
      '/artist/#albums',
      '/artist/#profile',
      '/artist/#audition',
      '/artist/#earnings',
      '/artist/#payouts',
    ]);
  });

  it('the admin area', async () => {
    await check('admin@hfm.local', [
      '/admin/#/submissions',
      '/admin/#/artists',
      '/admin/#/featured',
      '/admin/#/users',
      '/admin/#/genres',
      '/admin/#/labels',
      '/admin/#/playlists',
      '/admin/#/documents',
      '/admin/#/payouts',
      '/admin/#/revenue',
    ]);
  });
});
