import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { writeWav } from '@hfm/test-support/wav';

interface Song {
  id: string;
  title: string;
  status: string;
}

describe('the artist studio in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('artist@hfm.local');
    await page.getByLabel('Password', { exact: true }).fill(await server.demoPassword('artist@hfm.local'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/artist/');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = <T>(path: string) =>
    page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), path) as Promise<T>;

  async function artistSongs(): Promise<Song[]> {
    const { artist } = await api<{ artist: { id: string } }>('/api/users/session/profile');
    return (await api<{ items: Song[] }>(`/api/songs/artist/${artist.id}`)).items;
  }

  it('uploads two WAVs through the modal with progress, edits the info, and the songs become ready and play', async () => {
    // The demo artist starts with its seeded songs: the test follows the two it uploads.
    const seeded = new Set((await artistSongs()).map((song) => song.id));
    const uploaded = async () => (await artistSongs()).filter((song) => !seeded.has(song.id));
    await page.getByRole('tab', { name: 'Songs' }).click();
    await page.getByRole('button', { name: 'Submit Music' }).click();
    // Slow the upload down so the progress bar is there to be seen, as on a real line.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 50 * 1024 * 1024,
      uploadThroughput: 4 * 1024 * 1024,
    });
    await page
      .getByLabel('Choose audio files')
      .setInputFiles([writeWav('Night Drive.wav', 36, 440), writeWav('Dawn Chorus.wav', 20, 660)]);
    await page.getByText('Uploading Track...').waitFor();
    await screenshot(page, 'studio-uploading-1280');
    await page.getByRole('dialog', { name: 'Edit Song Info' }).waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const dialog = page.getByRole('dialog', { name: 'Edit Song Info' });
    await dialog.getByLabel('Title').first().fill('Night Drive (Radio Edit)');
    await dialog.getByLabel('Track Number').first().fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect
      .poll(async () => (await uploaded()).map((song) => song.status).sort(), { timeout: 90_000, interval: 1000 })
      .toEqual(['ready', 'ready']);
    // The list (newest first) shows the batch in the order the files were chosen.
    const titles = (await uploaded()).map((song) => song.title);
    expect(titles).toEqual(['Night Drive (Radio Edit)', 'Dawn Chorus']);

    await page.reload();
    await page.getByRole('tab', { name: 'Songs' }).click();
    await page.getByRole('button', { name: 'Play Night Drive (Radio Edit)' }).click();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll('audio, video')].some((m) => (m as HTMLMediaElement).currentTime > 0.5),
          ),
        {
          timeout: 20_000,
          interval: 500,
        },
      )
      .toBe(true);
    await screenshot(page, 'studio-songs-playing-1280');
  });

  it('the row menu opens upward rather than under the player bar', async () => {
    await page.setViewportSize({ width: DESKTOP.width, height: 560 });
    try {
      const bar = page.locator('.player-bar');
      await bar.waitFor();
      const rows = page.getByRole('button', { name: /^Options for / });
      await rows.last().scrollIntoViewIfNeeded();
      await rows.last().click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const menuBox = (await menu.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(barBox.y);
      expect(menuBox.y).toBeGreaterThanOrEqual(0);
      await screenshot(page, 'studio-row-menu-above-player-1280');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('states the limits first, and refuses an MP3 named .wav or random bytes at once with the reason and no Retry', async () => {
    const before = (await artistSongs()).length;
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto('/artist/');
      await page.getByRole('tab', { name: 'Songs' }).click();
      await page.getByRole('button', { name: 'Submit Music' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Song' });
      const limits = dialog.getByRole('list', { name: 'Upload limits' });
      await limits.waitFor();
      expect(await limits.innerText()).toMatch(/22,050 Hz or more[\s\S]*Up to 2 h a song and .+ a file\./);
      const mp3 = Buffer.from([
        0x49,
        0x44,
        0x33,
        4,
        0,
        0,
        0,
        0,
        0,
        0,
        0xff,
        0xfb,
        0x90,
        0x64,
        ...new Array(400).fill(0),
      ]);
      const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
      await dialog.getByLabel('Choose audio files').setInputFiles([
        { name: 'demo.wav', mimeType: 'audio/wav', buffer: mp3 },
        { name: 'noise.wav', mimeType: 'audio/wav', buffer: noise },
      ]);
      await expect.poll(() => dialog.getByText('This file is not a WAV audio file.').count()).toBe(1);
      expect(await dialog.getByText(/^This is an MP3 file, which has already lost detail/).count()).toBe(1);
      expect(await dialog.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await screenshot(page, `studio-upload-refused-${viewport.width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(DESKTOP);
    expect((await artistSongs()).length).toBe(before);
  });

  it('creates an album and puts its songs in order by dragging and by the keys', async () => {
    await page.getByRole('tab', { name: 'Albums' }).click();
    await page.getByRole('button', { name: 'New Album' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Album' });
    await dialog.getByLabel('Album Name').fill('Night Drives');
    await dialog.getByRole('button', { name: 'Add Night Drive (Radio Edit)' }).click();
    await dialog.getByRole('button', { name: 'Add Dawn Chorus' }).click();
    const order = dialog.getByRole('list', { name: 'Album song order' });
    await expect.poll(() => order.locator('li').allInnerTexts(), { timeout: 30_000 }).toHaveLength(2);

    const handle = dialog.getByRole('button', { name: 'Move Dawn Chorus', exact: true });
    const target = dialog.getByRole('button', { name: 'Move Night Drive (Radio Edit)', exact: true });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(
        async () =>
          (await order.locator('li').allInnerTexts()).map((text) => (text.includes('Dawn') ? 'Dawn' : 'Night')),
        { timeout: 30_000 },
      )
      .toEqual(['Dawn', 'Night']);
    // The keys: Dawn Chorus's handle focused, Space picks it up (a screen reader hears so), ArrowDown, Space.
    const said = dialog.getByRole('status').filter({ hasText: /Dawn Chorus/ });
    await dialog.getByRole('button', { name: 'Move Dawn Chorus', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => said.textContent()).toBe('Picked up Dawn Chorus.');
    // dnd-kit's keyboard sensor starts listening for the arrow keys from a timer set while Space was handled,
    // which a loaded machine may run after the announcement: an arrow pressed before it is not heard, so it is
    // pressed again until the move is announced (once over the last place, another ArrowDown stays there).
    await vi.waitFor(
      async () => {
        await page.keyboard.press('ArrowDown');
        // The drop takes the place the list shows: wait for it (React renders the move after the key).
        await expect
          .poll(() => said.textContent(), { timeout: 3_000 })
          .toBe('Dawn Chorus is over the place of Night Drive (Radio Edit).');
      },
      { timeout: 30_000, interval: 0 },
    );
    await page.keyboard.press('Space');
    await expect
      .poll(
        async () =>
          (await order.locator('li').allInnerTexts()).map((text) => (text.includes('Dawn') ? 'Dawn' : 'Night')),
        { timeout: 30_000 },
      )
      .toEqual(['Night', 'Dawn']);
    expect(await said.textContent()).toBe('Dawn Chorus was dropped in the place of Night Drive (Radio Edit).');
    await screenshot(page, 'studio-album-modal-1280');
    // Escape asks before the new order is dropped; Keep editing keeps it.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor();
    await screenshot(page, 'studio-album-discard-ask-1280');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Save Album' }).click();
    await dialog.waitFor({ state: 'detached' });

    const { artist } = await api<{ artist: { id: string } }>('/api/users/session/profile');
    const [album] = await api<{ name: string; songs: string[] }[]>(`/api/albums/artist/${artist.id}`);
    const songs = await artistSongs();
    const titleOf = (id: string) => songs.find((song) => song.id === id)?.title;
    expect(album?.name).toBe('Night Drives');
    expect(album?.songs.map(titleOf)).toEqual(['Night Drive (Radio Edit)', 'Dawn Chorus']);
  });

  /** A PNG drawn by the browser's own canvas: two colours, so a crop of it is not blank. */
  async function pngFile(name: string, width: number, height: number) {
    const dataUrl = await page.evaluate(
      ([w, h]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w!;
        canvas.height = h!;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#1d4ed8';
        context.fillRect(0, 0, w!, h!);
        context.fillStyle = '#f59e0b';
        context.fillRect(w! / 4, h! / 4, w! / 2, h! / 2);
        return canvas.toDataURL('image/png');
      },
      [width, height],
    );
    return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
  }

  async function saveImage(button: string, file: Awaited<ReturnType<typeof pngFile>>, toast: string) {
    await page.getByRole('button', { name: button }).click();
    const editor = page.getByRole('dialog', { name: 'Crop Image' });
    await editor.getByLabel('Image file').setInputFiles(file);
    const save = editor.getByRole('button', { name: 'Save Image' });
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    await save.click();
    await page.getByText(toast).waitFor();
  }

  it('saves a banner and a profile image that fans then see on the public artist page', async () => {
    await page.goto('/artist/');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await saveImage('Change banner', await pngFile('stage.png', 2400, 1200), 'Banner saved.');
    await saveImage('Change image', await pngFile('face.png', 600, 600), 'Profile image saved.');
    const panel = page.getByRole('tabpanel', { name: 'Profile' });
    await expect
      .poll(() => panel.getByRole('img', { name: 'Your banner' }).getAttribute('src'))
      .toMatch(/banner-images/);
    await screenshot(page, 'studio-images-saved-1280');

    const { artist, user } = await api<{ artist: { id: string }; user: { id: string } }>('/api/users/session/profile');
    const { slug } = await api<{ slug: string }>(`/api/bff/members/artist-summary/${artist.id}`);
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      const fan = await context.newPage();
      await fan.goto(`/a/${slug}`);
      const banner = fan.locator('.artist-header__banner img');
      await banner.waitFor();
      expect(await banner.getAttribute('src')).toMatch(new RegExp(`/banner-images/${artist.id}/`));
      // Loaded and decoded, not only attached: the page may be drawn before the image arrives.
      await expect
        .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 30_000,
        })
        .toBe(true);
      const photo = fan.locator('.artist-header__photo img');
      expect(await photo.getAttribute('src')).toMatch(new RegExp(`/profile-images/${user.id}/`));
      await screenshot(fan, `artist-page-banner-${viewport.width}`);
      await context.close();
    }
  });

  it('looks right at 390 px', async () => {
    const context = await browser.newContext({
      viewport: MOBILE,
      baseURL: server.baseUrl,
      storageState: await page.context().storageState(),
    });
    const mobile = await context.newPage();
    for (const tab of ['Dashboard', 'Songs', 'Albums', 'Profile', 'Bio & Photos']) {
      await mobile.goto('/artist/');
      await mobile.getByRole('tab', { name: tab }).click();
      await mobile.getByRole('tabpanel', { name: tab }).waitFor();
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${tab} at 390 px scrolls sideways`).toBeLessThanOrEqual(1);
      await screenshot(mobile, `studio-${tab.replace(/\W+/g, '-').toLowerCase()}-390`);
    }
  });
});
