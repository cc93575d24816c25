import type { ArtistPage, HeroArtist, MemberHomeLists } from '@hfm/shared';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '@hfm/test-support/api';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

/** Screenshots for people to look at (besides e2e/artifacts): /tmp/discover. */
const SHOTS = '/tmp/discover';

async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, `${SHOTS}/${name}.png`);
}

/**
 * Signed out, a visitor finds music before signing up (docs/decisions/0049): from the welcome page's 'Browse
 * the music' to /discover, to an artist, a preview that plays, and Subscribe asking to sign up as a fan.
 */
describe('a signed-out visitor browses the public catalogue in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let hero: HeroArtist;
  let lists: MemberHomeLists;
  /** An artist of the demo catalogue with an album, for the album page. */
  let withAlbum: ArtistPage | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    // Asked signed out: the public catalogue's own answers.
    hero = (await getJson<HeroArtist | null>(context, '/api/bff/members/hero-artist'))!;
    lists = await getJson<MemberHomeLists>(context, '/api/playlists/agg/member-home-lists');
    for (const card of [...lists.featuredArtists, ...lists.newReleases]) {
      const page = await getJson<ArtistPage>(context, `/api/artist-pages/${card.slug}`);
      if (page.albums.length > 0) {
        withAlbum = page;
        break;
      }
    }
    await context.close();
    expect(hero, 'the demo catalogue has a featured artist').toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each([
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const)('at %s px', (width, viewport) => {
    it("goes from the welcome page's 'Browse the music' to an artist, hears a preview, and Subscribe asks to sign up", async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('link', { name: 'Browse the music' }).waitFor();
      await shot(page, `discover-welcome-${width}`);
      await page.getByRole('link', { name: 'Browse the music' }).click();
      await page.waitForURL('**/discover');
      await page.getByRole('heading', { level: 1, name: 'Find music you love' }).waitFor();
      expect(await page.title()).toMatch(/^Discover music [|·] HFM$/);
      await page.getByRole('heading', { name: 'Featured artists' }).waitFor();
      await shot(page, `discover-home-${width}`);

      await page.getByRole('link', { name: 'Open artist page' }).click();
      await page.waitForURL(`**/a/${hero.slug}`);
      await page.getByRole('heading', { level: 1, name: hero.name }).waitFor();
      await shot(page, `discover-artist-${width}`);

      // A preview plays: the one audio element's time moves on.
      const songs = page.getByRole('list', { name: `Songs by ${hero.name}` });
      await songs
        .getByRole('button', { name: /^Play / })
        .first()
        .click();
      await page.waitForFunction(
        () => {
          const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
          return audio !== null && audio.currentTime > 0.5;
        },
        undefined,
        { timeout: 60_000 },
      );
      const before = await page.evaluate(
        () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime,
      );
      await page.waitForFunction(
        (from) => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > from + 0.5,
        before,
        { timeout: 60_000 },
      );

      // Subscribe needs a fan account: the sign-up prompt, never a 401 page.
      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Subscribe to ${hero.name}` });
      await dialog.waitFor();
      await shot(page, `discover-subscribe-prompt-${width}`);
      await dialog.getByRole('link', { name: 'Sign up as a fan' }).click();
      await page.waitForURL('**/main/#/fan-sign-up');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await context.close();
    });

    it('shows a genre and an album page, each with its own title', async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const page = await context.newPage();
      const genre = lists.genres[0]!;
      await page.goto(`/discover/genres/${genre.id}`);
      await page.getByRole('heading', { level: 1, name: genre.label }).waitFor();
      expect(await page.title()).toContain(genre.label);
      await page.getByRole('heading', { name: 'New songs' }).waitFor();
      await shot(page, `discover-genre-${width}`);

      if (withAlbum) {
        const album = withAlbum.albums[0]!;
        await page.goto(`/a/${withAlbum.artist.slug}`);
        await page.getByRole('link', { name: album.name, exact: true }).first().click();
        await page.waitForURL(`**/a/${withAlbum.artist.slug}/albums/${album.id}`);
        await page.getByRole('heading', { level: 1, name: album.name }).waitFor();
        expect(await page.title()).toContain(`${album.name} by ${withAlbum.artist.name}`);
        await shot(page, `discover-album-${width}`);
      }

      await page.goto('/discover/search?s=the');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, `discover-search-${width}`);
      await context.close();
    });
  });
});
