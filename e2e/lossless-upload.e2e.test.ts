import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudio } from '@hfm/test-support/audio';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

interface Song {
  id: string;
  title: string;
  status: string;
  duration: number | null;
}

const MP3_REFUSAL =
  'This is an MP3 file, which has already lost detail. Upload the lossless master: WAV, FLAC, AIFF or ALAC.';

/** Decision 0053: an artist uploads a FLAC as they would a WAV; an MP3 is refused in the browser, before upload. */
describe('lossless uploads in a real browser', () => {
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

  async function openNewSong() {
    await page.goto('/artist/');
    await page.getByRole('tab', { name: 'Songs' }).click();
    await page.getByRole('button', { name: 'Submit Music' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Song' });
    await dialog.getByRole('list', { name: 'Upload limits' }).waitFor();
    return dialog;
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`at ${viewport.width} px: refuses an MP3 before upload with the reason, and a FLAC becomes a ready song`, async () => {
      await page.setViewportSize(viewport);
      const before = await artistSongs();
      const dialog = await openNewSong();
      expect(await dialog.getByRole('list', { name: 'Upload limits' }).innerText()).toContain(
        'Lossless audio: WAV, FLAC, AIFF or ALAC (ALAC in .m4a).',
      );
      expect(await dialog.getByText('Drop your WAV, FLAC, AIFF or ALAC files here').count()).toBe(1);
      await screenshot(page, `lossless-upload-screen-${viewport.width}`);

      const sent: string[] = [];
      const watch = (request: { method(): string; url(): string }) => {
        if (request.method() !== 'GET') sent.push(request.url());
      };
      page.on('request', watch);
      const mp3 = writeAudio('Demo Mix.mp3', 2, ['-c:a', 'libmp3lame', '-b:a', '192k']);
      await dialog.getByLabel('Choose audio files').setInputFiles(mp3);
      await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(MP3_REFUSAL);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await screenshot(page, `lossless-upload-mp3-refused-${viewport.width}`);
      page.off('request', watch);
      expect(sent).toEqual([]);
      expect((await artistSongs()).length).toBe(before.length);

      const title = `Harbour Lights ${viewport.width}`;
      const flac = writeAudio(`${title}.flac`, 6, ['-c:a', 'flac']);
      await dialog.getByLabel('Choose audio files').setInputFiles(flac);
      const edit = page.getByRole('dialog', { name: 'Edit Song Info' });
      await edit.waitFor({ timeout: 60_000 });
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      const known = new Set(before.map((song) => song.id));
      await expect
        .poll(async () => (await artistSongs()).find((song) => !known.has(song.id))?.status, {
          timeout: 90_000,
          interval: 1000,
        })
        .toBe('ready');
      const song = (await artistSongs()).find((candidate) => !known.has(candidate.id))!;
      expect(song.title).toBe(title);
      expect(song.duration).toBeCloseTo(6, 1);
      // The list shows it ready with its length (after a reload, so the screenshot does not race the list's poll).
      await page.reload();
      await page.getByRole('tab', { name: 'Songs' }).click();
      await page.getByText(title).first().waitFor();
      expect(await page.getByText('Processing').count()).toBe(0);
      await screenshot(page, `lossless-upload-flac-ready-${viewport.width}`);
    });
  }
});
