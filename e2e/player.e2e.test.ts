import type { ArtistPage, ArtistPageSong, HfmPicksAnswer, PlaylistPage } from '@hfm/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoArtist, getJson, signInThroughApi } from '@hfm/test-support/api';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

const FAN = 'fan@hfm.local';
const ADMIN = 'admin@hfm.local';
/** Where each preview is sought to, so a song reaches its 45 s end in a few seconds. */
const NEAR_PREVIEW_END = 42;

/**
 * The player across songs, reloads and screens: previews in a row, the kept queue (moved by keys and by drag,
 * forgotten on sign-out), the phone's bar.
 */
describe('the player in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** An artist of the demo catalogue whose list has three songs in a row that a signed-out visitor hears as previews. */
  let artist: ArtistPage;
  let previews: ArtistPageSong[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await signedInContext();
    const found = await findDemoArtist(context, (page) => {
      const start = page.songs.findIndex((_, at) => page.songs.slice(at, at + 3).filter(isPreview).length === 3);
      return start >= 0 ? { page, songs: page.songs.slice(start, start + 3) } : undefined;
    });
    if (found) [artist, previews] = [found.page, found.songs];
    await context.close();
    expect(artist, 'the demo catalogue has an artist with three preview songs in a row').toBeDefined();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedInContext(viewport = DESKTOP, { email = FAN, hasTouch = false } = {}) {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl, hasTouch });
    await signInThroughApi(context, server, email);
    return context;
  }

  /** Console errors and warnings, and uncaught errors, of a page: the tests expect none. */
  function watchErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    return errors;
  }
  const audioState = (page: Page) =>
    page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
      return { paused: audio.paused, time: audio.currentTime };
    });
  const nextUp = (page: Page) =>
    page
      .getByRole('dialog', { name: 'Queue' })
      .getByRole('list', { name: 'Next up' })
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('.queue-panel__song-title')?.textContent));

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
    const errors = watchErrors(page);
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
    // Each song's play answer asked for once, in order; the song after the third is loaded ahead as the third
    // plays (gapless playback, decision 0055).
    expect(loaded.slice(0, previews.length)).toEqual(previews.map((song) => song.id));
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it('a fan trims the queue, reloads to find the song paused where it was, and the HFM logo keeps it playing', async () => {
    const context = await signedInContext(DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const [first, second, third] = previews as [ArtistPageSong, ArtistPageSong, ArtistPageSong];
    await page.goto(`/a/${artist.artist.slug}`);
    const list = page.getByRole('list', { name: `Songs by ${artist.artist.name}` });
    await list.getByRole('button', { name: `Play ${first.title}` }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByText(first.title, { exact: true }).waitFor();
    await playing(page);
    await seekAudio(page, 20);
    await page.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime >= 21,
    );

    // The queue: what comes next, in the list's order; one taken out.
    await bar.getByRole('button', { name: 'Queue' }).click();
    const queue = page.getByRole('dialog', { name: 'Queue' });
    await queue.getByText('Now playing').waitFor();
    expect((await nextUp(page)).slice(0, 2)).toEqual([second.title, third.title]);
    // Moving (keys, the mouse) has a test of its own below; here, a removal.
    await screenshot(page, 'player-queue-1280');
    const moved = await nextUp(page);
    await queue
      .getByRole('button', { name: `Remove ${second.title}` })
      .first()
      .click();
    const kept = moved.filter((_, at) => at !== 0);
    await expect.poll(() => nextUp(page)).toEqual(kept);
    await page.keyboard.press('Escape');
    await queue.waitFor({ state: 'detached' });

    // A reload: the song is back, paused where it was, and plays on from there on Play; the queue as it was left.
    await page.reload();
    await bar.getByRole('button', { name: `Play ${first.title}` }).waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime >= 20,
    );
    expect((await audioState(page)).paused).toBe(true);
    await screenshot(page, 'player-restored-1280');
    await bar.getByRole('button', { name: `Play ${first.title}` }).click();
    await bar.getByRole('button', { name: `Pause ${first.title}` }).waitFor();
    await page.waitForFunction(() => !document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused);
    expect((await audioState(page)).time).toBeGreaterThanOrEqual(20);
    await bar.getByRole('button', { name: 'Queue' }).click();
    await queue.getByText('Now playing').waitFor();
    await expect.poll(() => nextUp(page)).toEqual(kept);
    await page.keyboard.press('Escape');
    await queue.waitFor({ state: 'detached' });

    // The members header's logo leads to member home without a page load: the song plays on.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('link', { name: 'HFM home' }).click();
    await page.waitForURL((url) => url.pathname === '/members/');
    await page.getByRole('heading', { level: 2, name: 'New releases' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect((await audioState(page)).paused).toBe(false);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  /**
   * Waits until dnd-kit listens for the keys that move a picked-up song: its keyboard sensor adds that listener
   * in a timer (setTimeout 0) set while Space is handled, and a browser may take the next key before any timer.
   * A timer set now runs after that one.
   */
  const sensorListening = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

  /** Drags a row's handle by the mouse (dnd-kit starts after 4 px) and drops it on the target row's upper half. */
  async function drag(page: Page, handle: Locator, target: Locator) {
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
  }

  it('a fan moves a song in the queue with the keys, then another by dragging, and Next follows the new order', async () => {
    const songs = artist.songs;
    expect(songs.length, `${artist.artist.name} has four songs at least`).toBeGreaterThanOrEqual(4);
    const [first, second, third, fourth] = songs as [ArtistPageSong, ArtistPageSong, ArtistPageSong, ArtistPageSong];
    const context = await signedInContext(DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/a/${artist.artist.slug}`);
    const list = page.getByRole('list', { name: `Songs by ${artist.artist.name}` });
    await list.getByRole('button', { name: `Play ${first.title}` }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: `Pause ${first.title}` }).waitFor();

    // Keys: the handle focused, Space picks the song up (a screen reader hears it), ArrowDown, Space drops it.
    await bar.getByRole('button', { name: 'Queue' }).click();
    const queue = page.getByRole('dialog', { name: 'Queue' });
    const said = queue.getByRole('status');
    await queue.getByText('Now playing').waitFor();
    expect((await nextUp(page)).slice(0, 3)).toEqual([second.title, third.title, fourth.title]);
    await queue
      .getByRole('button', { name: `Move ${second.title}`, exact: true })
      .first()
      .focus();
    await page.keyboard.press('Space');
    await expect.poll(() => said.textContent()).toBe(`Picked up ${second.title}.`);
    await sensorListening(page);
    await page.keyboard.press('ArrowDown');
    // The drop takes the place the list shows: wait for it (React renders the move after the key).
    await expect.poll(() => said.textContent()).toBe(`${second.title} is over the place of ${third.title}.`);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await nextUp(page)).slice(0, 3)).toEqual([third.title, second.title, fourth.title]);
    expect(await said.textContent()).toBe(`${second.title} was dropped in the place of ${third.title}.`);
    await screenshot(page, 'player-queue-moved-1280');
    await page.keyboard.press('Escape');
    await queue.waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: 'Next song' }).click();
    await bar.getByRole('button', { name: `Pause ${third.title}` }).waitFor();

    // The mouse: the fourth song dragged above the second, which is next now; Next plays it.
    await bar.getByRole('button', { name: 'Queue' }).click();
    await expect.poll(async () => (await nextUp(page)).slice(0, 2)).toEqual([second.title, fourth.title]);
    const rows = queue.getByRole('list', { name: 'Next up' }).getByRole('listitem');
    await drag(page, queue.getByRole('button', { name: `Move ${fourth.title}`, exact: true }).first(), rows.first());
    await expect.poll(async () => (await nextUp(page)).slice(0, 2)).toEqual([fourth.title, second.title]);
    await page.keyboard.press('Escape');
    await queue.waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: 'Next song' }).click();
    await bar.getByRole('button', { name: `Pause ${fourth.title}` }).waitFor();
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it('on a phone: My Music shows its play buttons on a touch screen; the compact bar opens a full-screen player', async () => {
    // A song kept in My Music: this month's HFM Picks are free to keep.
    const admin = await signedInContext(DESKTOP, { email: ADMIN });
    const picks = await admin.request.post('/api/playlists/hfm-picks');
    expect(picks.status()).toBe(200);
    const pickIds = ((await picks.json()) as HfmPicksAnswer).playlists.map((playlist) => playlist.id);
    await admin.close();
    const context = await signedInContext(MOBILE, { hasTouch: true });
    let kept: ArtistPageSong | undefined;
    for (const id of pickIds)
      kept ??= (await getJson<PlaylistPage>(context, `/api/playlists/${id}`)).songs.find((song) => song.freeToKeep);
    expect(kept, "a song of this month's HFM Picks").toBeDefined();
    const download = await context.request.get(`/api/songs/${kept!.id}/download`);
    expect(download.status()).toBe(200);

    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/members/my-music');
    const play = page.getByRole('list', { name: 'My Music' }).getByRole('button', { name: `Play ${kept!.title}` });
    await play.waitFor();
    // No hover on a touch screen: the play button shows without one.
    const icon = play.locator('.my-music__play-icon');
    expect(await icon.evaluate((svg) => getComputedStyle(svg).opacity)).toBe('1');
    await screenshot(page, 'player-my-music-touch-390');

    await play.click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: `Pause ${kept!.title}` }).waitFor();
    const height = (await bar.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(72);
    await screenshot(page, 'player-compact-390');

    const open = bar.getByRole('button', { name: `Open the player: ${kept!.title}` });
    await open.click();
    const full = page.getByRole('dialog', { name: 'Now playing' });
    await full.getByRole('slider', { name: 'Position' }).waitFor();
    const box = (await full.boundingBox())!;
    expect([box.width, box.height]).toEqual([MOBILE.width, MOBILE.height]);
    // A dialog: focus moves into it, and back to the bar when Escape closes it.
    await expect
      .poll(() =>
        full.evaluate(
          (dialog) => dialog.contains(document.activeElement) || document.activeElement?.outerHTML.slice(0, 200),
        ),
      )
      .toBe(true);
    await screenshot(page, 'player-full-390');
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        open.evaluate((button) => button === document.activeElement || document.activeElement?.outerHTML.slice(0, 200)),
      )
      .toBe(true);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it("signing out forgets the tab's queue: the next person signed in here (or a reload) finds no player", async () => {
    const context = await signedInContext(DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const [first] = previews as [ArtistPageSong];
    await page.goto(`/a/${artist.artist.slug}`);
    await page
      .getByRole('list', { name: `Songs by ${artist.artist.name}` })
      .getByRole('button', { name: `Play ${first.title}` })
      .click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: `Pause ${first.title}` }).waitFor();
    // Kept for a reload, as before.
    await page.reload();
    await bar.getByRole('button', { name: `Play ${first.title}` }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    const kept = () => page.evaluate(() => sessionStorage.getItem('hfm.player.queue'));
    expect(await kept()).not.toContain(first.id);

    // Someone else signs in in the same tab: their studio has no player, and nothing is kept of the last one.
    await page.getByLabel('Email').fill('artist@hfm.local');
    await page.getByLabel('Password', { exact: true }).fill(await server.demoPassword('artist@hfm.local'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/artist/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await kept()).toBeNull();
    expect(await bar.count()).toBe(0);
    // Back on the artist page after a reload: no player either.
    await page.goto(`/a/${artist.artist.slug}`);
    await page.getByRole('list', { name: `Songs by ${artist.artist.name}` }).waitFor();
    await page.reload();
    await page.getByRole('list', { name: `Songs by ${artist.artist.name}` }).waitFor();
    expect(await kept()).toBeNull();
    expect(await bar.count()).toBe(0);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });
});

function isPreview(song: ArtistPageSong): boolean {
  return !song.playsInFull && !song.isFullPreview && (song.duration ?? 0) > 46;
}
