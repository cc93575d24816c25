import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { PagedMyMusic } from '@hfm/shared';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoArtist, getJson, signInThroughApi } from '@hfm/test-support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, launchBrowser, MOBILE } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';

const DEMO_FAN = 'fan@hfm.local';
const SHOTS = '/tmp/pwa';
const BUILT_WEB_APP = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** Seconds of audio a test waits to hear advance: enough to tell playing from a stuck element. */
const ADVANCE_SECONDS = 1.5;

/**
 * The installable app and the songs a fan keeps on the device (docs/decisions/0054): Chromium's own
 * installability check passes; a kept song marked available offline plays with the network cut, the page
 * itself coming from the service worker's shell; a preview the fan does not own is never stored; a new build's
 * worker takes over on the next navigation and drops the old build's cache. The server reads a copy of the
 * built app, so the last test can make a 'new build' of it without building again.
 */
describe('the installable app, offline', () => {
  let server: RunningServer;
  let browser: Browser;
  let webDist: string;
  let kept: PagedMyMusic['items'];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-offline-web-'));
    fs.cpSync(BUILT_WEB_APP, webDist, { recursive: true });
    server = await startServer({ WEB_DIST_DIR: webDist });
    browser = await launchBrowser();
    const context = await signedIn(DESKTOP);
    const session = await getJson<{ user: { id: string } }>(context, '/api/auth/session');
    kept = (await getJson<PagedMyMusic>(context, `/api/members/${session.user.id}/my-music?limit=50`)).items;
    await context.close();
    expect(kept.length, "the demo fan's kept songs").toBeGreaterThanOrEqual(1);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function signedIn(viewport: { width: number; height: number }): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    await signInThroughApi(context, server, DEMO_FAN);
    return context;
  }

  /** Waits until the service worker controls the page (it claims the pages open when it first activates). */
  const controlled = (page: Page) =>
    page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

  /** Every URL in the page's Cache Storage, by cache. */
  const cachedUrls = (page: Page) =>
    page.evaluate(async () => {
      const entries: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        entries[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
      }
      return entries;
    });

  /** The build's files and those its worker stores at install: the line service-worker-build.ts writes first. */
  function builtWorker(): { files: string[]; precache: string[] } {
    const [line = ''] = fs.readFileSync(path.join(webDist, 'sw.js'), 'utf8').split('\n', 1);
    return JSON.parse(line.replace(/^const HFM_BUILD = /, '').replace(/;$/, '')) as {
      files: string[];
      precache: string[];
    };
  }

  /** The app shells in Cache Storage whose worker has finished storing them (an installing one is not yet full). */
  const shellCaches = (page: Page) =>
    page.evaluate(async (precache) => {
      const names = (await caches.keys()).filter((name) => name.startsWith('hfm-shell-'));
      const stored = await Promise.all(
        names.map(async (name) => {
          const urls = new Set(
            (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
          );
          return precache.every((file) => urls.has(file));
        }),
      );
      return names.filter((_, index) => stored[index]);
    }, builtWorker().precache);

  const buildOf = (page: Page) =>
    page.evaluate(() => document.querySelector('meta[name="hfm-build"]')?.getAttribute('content') ?? null);

  /** Waits until the audio element has played ADVANCE_SECONDS past where it was. */
  async function advances(page: Page) {
    const audio = page.locator('[data-testid="player-audio"]');
    await page.waitForFunction(
      () => {
        const element = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
        return element !== null && !element.paused && element.currentTime > 0;
      },
      null,
      { timeout: 60_000 },
    );
    const from = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    await page.waitForFunction(
      ([start, seconds]) =>
        document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime >= start + seconds,
      [from, ADVANCE_SECONDS] as const,
      { timeout: 60_000 },
    );
  }

  it("passes Chromium's installability check: manifest, icons and a service worker that answers offline", async () => {
    // A profile of its own: Chromium installs nothing from an off-the-record context (browser.newContext's).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-offline-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: DESKTOP,
      baseURL: server.baseUrl,
    });
    await signInThroughApi(context, server, DEMO_FAN);
    const page = await context.newPage();
    await page.goto('/members/my-music');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { errors, data } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as { display: string; start_url: string; icons: { src: string }[] };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/members/' });
    for (const icon of manifest.icons) {
      const response = await context.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
    }
    const worker = await context.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px: a kept song marked available offline plays with the network cut`, async () => {
      const song = kept[0]!;
      const context = await signedIn(viewport);
      const page = await context.newPage();
      await page.goto('/members/my-music');
      await controlled(page);
      const row = page.getByRole('list', { name: 'My Music' }).getByRole('listitem').filter({ hasText: song.title });
      await row.getByRole('button', { name: `Make ${song.title} available offline` }).click();
      await row.getByRole('button', { name: `Remove ${song.title} from this device` }).waitFor({ timeout: 120_000 });
      const summary = page.getByRole('region', { name: 'On this device' });
      await summary.getByText(/1 song available offline · [\d.]+ MB/).waitFor();
      await summary.getByText(/this browser allows HFM in use/).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, `my-music-${label}.png`) });

      await context.setOffline(true);
      await page.reload();
      // The server is out of reach: the page is the worker's shell, and the members' gate says so.
      const toOffline = page.getByRole('link', { name: 'Play the songs on this device' });
      await toOffline.waitFor();
      await page.screenshot({ path: path.join(SHOTS, `gate-offline-${label}.png`) });
      await toOffline.click();
      const list = page.getByRole('list', { name: 'Offline songs' });
      await list.getByText(song.title).waitFor();
      // The play answer is the stored one (the worker's fetch failed): the song's own file, in full.
      const answer = await page.evaluate(
        async (id) => (await fetch(`/api/songs/${id}/play`)).json() as Promise<{ preview: string; full: boolean }>,
        song.id,
      );
      expect(answer).toMatchObject({ preview: `/offline/songs/${song.id}`, full: true });
      await list.getByRole('button', { name: `Play ${song.title}` }).click();
      await advances(page);
      await page.screenshot({ path: path.join(SHOTS, `offline-${label}.png`) });

      // Back online, signing out leaves nothing of the fan's on the device.
      await context.setOffline(false);
      await page.goto('/members/my-music');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login|\/main/);
      const left = await cachedUrls(page);
      expect(Object.keys(left).filter((name) => !name.startsWith('hfm-shell-'))).toEqual([]);
      await context.close();
    });
  }

  it('never stores a preview: a song the fan does not own, played, is in no cache', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
    const found = await findDemoArtist(context, (artistPage) => {
      const preview = artistPage.songs.find(
        (song) => !song.playsInFull && !song.isFullPreview && (song.duration ?? 0) > 46,
      );
      return preview ? { artistPage, preview } : undefined;
    });
    expect(found, 'a demo artist with a preview song').toBeDefined();
    const { artistPage, preview } = found!;
    const page = await context.newPage();
    await page.goto(`/a/${artistPage.artist.slug}`);
    await controlled(page);
    const list = page.getByRole('list', { name: `Songs by ${artistPage.artist.name}` });
    await list.getByRole('button', { name: `Play ${preview.title}` }).click();
    await advances(page);
    const cached = Object.values(await cachedUrls(page)).flat();
    expect(cached.length, 'the shell is cached').toBeGreaterThan(0);
    expect(cached.filter((url) => url.includes(preview.id) || /^\/(api|media|offline)\//.test(url))).toEqual([]);
    await context.close();
  });

  it("stores at install a fan's app, not shaka-player or the studio; a file used online joins the build's cache", async () => {
    const song = kept[0]!;
    const context = await signedIn(DESKTOP);
    // This Chromium plays HLS itself; without it, as most browsers, the player streams DASH through shaka-player.
    await context.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type === 'application/vnd.apple.mpegurl' ? '' : canPlayType.call(this, type);
      };
    });
    const page = await context.newPage();
    await page.goto('/members/my-music');
    await controlled(page);
    const build = await buildOf(page);
    const shell = `hfm-shell-${build}`;
    await expect.poll(() => shellCaches(page), { timeout: 60_000 }).toEqual([shell]);
    const installed = (await cachedUrls(page))[shell]!;
    const { files, precache } = builtWorker();
    expect(precache.length).toBeLessThan(files.length);
    expect(installed.filter((url) => /shaka-player|studio-app|admin-app|rich-text|month-chart/.test(url))).toEqual([]);
    // Online, a full song plays from the stream, DASH through shaka-player: every file of the build the page loads
    // from then on, shaka-player's chunk among them, is kept in the build's cache.
    const since = await page.evaluate(() => performance.now());
    const row = page.getByRole('list', { name: 'My Music' }).getByRole('listitem').filter({ hasText: song.title });
    await row.getByRole('button', { name: `Play ${song.title}` }).click();
    await advances(page);
    const loaded = await page.evaluate(
      ([buildFiles, from]) => {
        const paths = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= from)
          .map((entry) => new URL(entry.name).pathname);
        return [...new Set(paths)].filter((file) => buildFiles.includes(file));
      },
      [files, since] as const,
    );
    expect(loaded.filter((url) => /shaka-player/.test(url)).length, "shaka-player's chunk").toBe(1);
    await expect
      .poll(async () => {
        const cached = new Set((await cachedUrls(page))[shell]);
        return loaded.filter((url) => !cached.has(url));
      })
      .toEqual([]);
    await context.close();
  });

  /** The copy of the built app the server reads, as a new build would leave it: every file naming `to`. */
  function deployBuild(from: string, to: string) {
    const files = [
      'sw.js',
      'index.html',
      ...fs.readdirSync(path.join(webDist, 'pages')).map((page) => `pages/${page}`),
    ];
    for (const relative of files.filter((file) => !/\.(br|gz)$/.test(file))) {
      const file = path.join(webDist, relative);
      const text = fs.readFileSync(file, 'utf8').replaceAll(from, to);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
  }

  it('a new build takes over on the next navigation, and the old build is gone from the device', async () => {
    const context = await signedIn(DESKTOP);
    const page = await context.newPage();
    await page.goto('/members/my-music');
    await controlled(page);
    const before = await buildOf(page);
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    await expect.poll(() => shellCaches(page), { timeout: 60_000 }).toEqual([`hfm-shell-${before}`]);

    const after = 'e2e0newbuild0001';
    deployBuild(before!, after);
    await page.goto('/members/my-music');
    expect(await buildOf(page)).toBe(after);
    // The new worker installs, takes over and deletes the old build's cache.
    await expect.poll(() => shellCaches(page), { timeout: 60_000 }).toEqual([`hfm-shell-${after}`]);
    // With the network cut, the page the worker answers is the new build's.
    await context.setOffline(true);
    await page.reload();
    expect(await buildOf(page)).toBe(after);
    await context.close();
  });
});
