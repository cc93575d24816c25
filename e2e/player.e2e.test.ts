import type { ArtistPage, CatalogueSong, GenrePage, MemberHomeLists } from '@hfm/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const FAN = 'fan@hfm.local';
/** Where each preview is sought to, so a song reaches its 45 s end in a few seconds. */
const NEAR_PREVIEW_END = 42;

/** The player across songs, reloads and screens: previews in a row, the kept queue, the phone's bar. */
describe('the player in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** An artist of the demo catalogue whose list has three songs in a row that a signed-out visitor hears as previews. */
  let artist: ArtistPage;
  let previews: CatalogueSong[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await signedInContext();
    const lists = await json<MemberHomeLists>(context, '/api/playlists/agg/member-home-lists');
    const slugs = new Set([...lists.featuredArtists, ...lists.newReleases].map((card) => card.slug));
    for (const genre of lists.genres) {
      const page = await json<GenrePage>(context, `/api/genres/${genre.id}/page`);
      for (const card of page.artists) slugs.add(card.slug);
    }
    for (const slug of slugs) {
      const page = await json<ArtistPage>(context, `/api/artist-pages/${slug}`);
      const start = page.songs.findIndex((_, at) => page.songs.slice(at, at + 3).filter(isPreview).length === 3);
      if (start >= 0) [artist, previews] = [page, page.songs.slice(start, start + 3)];
      if (artist) break;
    }
    await context.close();
    expect(artist, 'the demo catalogue has an artist with three preview songs in a row').toBeDefined();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function json<T>(context: BrowserContext, path: string): Promise<T> {
    const response = await context.request.get(path);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  }

  async function signedInContext(viewport = DESKTOP): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    const login = await context.request.post('/api/auth', {
      data: { userName: FAN, password: await server.demoPassword(FAN) },
    });
    expect(login.status()).toBe(200);
    return context;
  }

  /** Waits until the audio element plays past the start of the loaded song. */
  const playing = (page: Page) =>
    page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && !audio.paused && audio.currentTime > 0.2 && audio.currentTime < 10;
    });
  const seekAudio = (page: Page, seconds: number) =>
    page.evaluate((to) => {
      document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime = to;
    }, seconds);

  it('a signed-out visitor hears previews in a row: one end, one step on (1 -> 2 -> 3)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    const loaded: string[] = [];
    page.on('request', (request) => {
      const played = /\/api\/songs\/([^/]+)\/play$/.exec(new URL(request.url()).pathname);
      if (played) loaded.push(played[1]!);
    });
    await page.goto(`/a/${artist.artist.slug}`);
    const list = page.getByRole('list', { name: `Songs by ${artist.artist.name}` });
    await list.getByRole('button', { name: `Play ${previews[0]!.title}` }).click();
    const bar = page.getByRole('region', { name: 'Player' });

    for (const [at, song] of previews.entries()) {
      await bar.getByText(song.title, { exact: true }).waitFor();
      await playing(page);
      if (at === previews.length - 1) break;
      await seekAudio(page, NEAR_PREVIEW_END);
      // The next song starts by itself once the preview ends.
      await bar.getByText(previews[at + 1]!.title, { exact: true }).waitFor({ timeout: 30_000 });
    }
    expect(loaded).toEqual(previews.map((song) => song.id));
    expect(errors).toEqual([]);
    await context.close();
  });
});

function isPreview(song: CatalogueSong): boolean {
  return !song.playsInFull && !song.isFullPreview && (song.duration ?? 0) > 46;
}
