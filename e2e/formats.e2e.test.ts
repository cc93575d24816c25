import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PagedMyMusic } from '@hfm/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, signInThroughApi } from '@hfm/test-support/api';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

const DEMO_FAN = 'fan@hfm.local';
const SHOTS = '/tmp/formats';

/** ffprobe's codec and duration of a file the browser saved. */
function probe(file: string): { codec: string; duration: number } {
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  const parsed = JSON.parse(json.toString()) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string }[];
  };
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  return { codec: audio?.codec_name ?? '', duration: Number(parsed.format.duration) };
}

/**
 * A fan downloads a kept song in ALAC and in Opus from its download menu (formats made on first request,
 * decision 0051): the menu shows every format with its size (estimated with ~ before it is made), choosing
 * one says 'Preparing your download…' and then the browser gets the file, whose audio decodes with the
 * song's duration. The album menu and My Music's filter, sort and per-artist zips are shot at both widths.
 */
describe('downloads in any format in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let kept: PagedMyMusic['items'];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await signInThroughApi(context, server, DEMO_FAN);
    const session = await getJson<{ user: { id: string } }>(context, '/api/auth/session');
    kept = (await getJson<PagedMyMusic>(context, `/api/members/${session.user.id}/my-music?limit=50`)).items;
    await context.close();
    expect(kept.length, "the demo fan's kept songs").toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function shot(page: Page, name: string, { viewport = false } = {}) {
    if (viewport) return void (await page.screenshot({ path: path.join(SHOTS, `${name}.png`) }));
    fs.copyFileSync(await screenshot(page, name), path.join(SHOTS, `${name}.png`));
  }

  /** Chooses a format in a kept song's menu on My Music: 'Preparing…', then the browser's download. */
  async function downloadIn(page: Page, title: string, label: RegExp, name: string) {
    const row = page.getByRole('list', { name: 'My Music' }).getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: `Download ${title}` }).click();
    const item = page.getByRole('menuitem', { name: label });
    await expect.poll(() => item.textContent(), { timeout: 60_000 }).toMatch(/· ~/);
    await shot(page, `${name}-menu`, { viewport: true });
    const downloaded = page.waitForEvent('download', { timeout: 120_000 });
    await item.click();
    await page.getByText('Preparing your download…').waitFor();
    await shot(page, `${name}-preparing`, { viewport: true });
    const download = await downloaded;
    await page.getByText('Preparing your download…').waitFor({ state: 'detached' });
    return download;
  }

  for (const [label, viewport, index] of [
    ['1280', DESKTOP, 0],
    ['390', MOBILE, 1],
  ] as const) {
    it(`at ${label} px: a kept song in ALAC and in Opus, prepared then saved, decodes with its duration`, async () => {
      const context: BrowserContext = await browser.newContext({
        viewport,
        baseURL: server.baseUrl,
        acceptDownloads: true,
      });
      await signInThroughApi(context, server, DEMO_FAN);
      const page = await context.newPage();
      await page.goto('/members/my-music');
      await page.getByRole('heading', { level: 1, name: 'My Music' }).waitFor();
      await page.getByRole('region', { name: 'Download everything kept' }).waitFor();
      await shot(page, `my-music-${label}`);

      const song = kept[index]!;
      for (const [format, pattern, codec, extension] of [
        ['alac', /^ALAC · /, 'alac', '.m4a'],
        ['opus', /^Opus · /, 'opus', '.opus'],
      ] as const) {
        const download = await downloadIn(page, song.title, pattern, `song-${format}-${label}`);
        expect(download.suggestedFilename()).toMatch(new RegExp(`\\${extension}$`));
        const saved = path.join(SHOTS, `saved-${label}${extension}`);
        await download.saveAs(saved);
        const probed = probe(saved);
        expect(probed.codec, format).toBe(codec);
        expect(Math.abs(probed.duration - song.duration!), `${format} duration`).toBeLessThan(0.1);
      }

      // Made once: the menu now shows the exact size, without '~', and the file comes at once.
      const row = page.getByRole('list', { name: 'My Music' }).getByRole('listitem').filter({ hasText: song.title });
      await page.reload();
      await row.getByRole('button', { name: `Download ${song.title}` }).click();
      const opus = page.getByRole('menuitem', { name: /^Opus · / });
      await expect.poll(() => opus.textContent(), { timeout: 60_000 }).toMatch(/^Opus · \d/);
      await page.keyboard.press('Escape');

      // The filter and sort, and the artist's zip menu.
      const artistName = song.artistName;
      const artistFilter = page.getByRole('combobox', { name: 'Artist' });
      const option = artistFilter.locator('option', { hasText: artistName }).first();
      await artistFilter.selectOption((await option.getAttribute('value'))!);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title');
      const zips = page.getByRole('region', { name: 'Download everything kept' });
      await zips.getByRole('button', { name: `Download all by ${artistName}` }).click();
      await page.getByRole('menuitem', { name: /^AAC 256 · / }).waitFor();
      await shot(page, `my-music-zip-menu-${label}`, { viewport: true });
      await page.keyboard.press('Escape');

      // The album menu on the artist's page: each format with the zip's size.
      if (song.album && song.artistSlug) {
        await page.goto(`/a/${song.artistSlug}`);
        const album = page.getByRole('button', { name: `Download the album ${song.album.name}` });
        await album.scrollIntoViewIfNeeded();
        await album.click();
        await page.getByRole('menuitem', { name: /^Ogg Vorbis · / }).waitFor();
        await shot(page, `album-menu-${label}`, { viewport: true });
      }
      await context.close();
    });
  }
});
