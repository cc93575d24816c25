/**
 * First-load JavaScript of the landing pages, the member home and an artist page, as Debian's Chromium
 * fetches them from the built product on a fresh data folder with the demo catalogue: every script response
 * until the page shows its main heading and the network settles, summed as sent. The browser asks for gzip
 * only (the measure is gzipped); brotli, what Chromium asks for by default, is measured beside it.
 * Run: `npm run build && npm run bench:first-load -w @hfm/bench`. Results: bench/results/first-load.json;
 * summary in docs/performance.md ("Web: first load and Lighthouse"). The cheap check of the same budget
 * against the build's manifest is apps/web/src/first-load-budget.test.ts.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { writeResult } from './bench-kit.ts';

const BUDGET_KB = 150;
const FAN = 'fan@hfm.local';

export interface PageToMeasure {
  name: string;
  path: string;
  signedIn: boolean;
}

export const PUBLIC_PAGES: PageToMeasure[] = [
  { name: 'welcome', path: '/', signedIn: false },
  { name: 'welcome (/main/)', path: '/main/', signedIn: false },
  { name: 'fans landing', path: '/main/#/fans', signedIn: false },
  { name: 'artists landing', path: '/main/#/artists', signedIn: false },
  { name: 'fan sign-up', path: '/main/#/fan-sign-up', signedIn: false },
  { name: 'artist sign-up', path: '/main/#/artist-sign-up', signedIn: false },
  { name: 'user terms', path: '/main/#/user-terms', signedIn: false },
  { name: 'about', path: '/main/#/about', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
];

/** Signs the demo fan in through the API; answers the session cookie ("name=value"). */
export async function demoFanCookie(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: FAN, password: await server.demoPassword(FAN) }),
  });
  if (!response.ok) throw new Error(`demo fan sign-in: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** A featured artist's slug, as the member home lists it. */
export async function featuredArtistSlug(server: RunningServer, cookie: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/playlists/agg/member-home-lists`, { headers: { cookie } });
  const lists = (await response.json()) as { featuredArtists: { slug: string }[] };
  return lists.featuredArtists[0]!.slug;
}

interface ScriptLoad {
  files: number;
  /** Sum of the scripts' bodies as sent, in KB (1,000 bytes), and decoded. */
  wireKB: number;
  decodedKB: number;
  names: string[];
}

const kb = (bytes: number) => Math.round(bytes / 10) / 100;

async function newContext(browser: Browser, base: string, encoding: string, cookie?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
  }
  return context;
}

async function scriptsOf(context: BrowserContext, url: string): Promise<ScriptLoad> {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('h1').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: entry.name, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize })),
  );
  await page.close();
  return {
    files: entries.length,
    wireKB: kb(entries.reduce((sum, entry) => sum + entry.encoded, 0)),
    decodedKB: kb(entries.reduce((sum, entry) => sum + entry.decoded, 0)),
    names: entries.map((entry) => new URL(entry.name).pathname.replace(/^\/assets\//, '')).sort(),
  };
}

async function measure(browser: Browser, server: RunningServer, pages: PageToMeasure[], cookie: string) {
  const results: Record<string, unknown> = {};
  for (const page of pages) {
    const byEncoding: Record<string, ScriptLoad> = {};
    for (const encoding of ['gzip', 'gzip, deflate, br, zstd']) {
      // A fresh context per page: nothing cached from the page before.
      const context = await newContext(browser, server.baseUrl, encoding, page.signedIn ? cookie : undefined);
      byEncoding[encoding === 'gzip' ? 'gzip' : 'brotli'] = await scriptsOf(context, `${server.baseUrl}${page.path}`);
      await context.close();
    }
    const gzipKB = byEncoding.gzip!.wireKB;
    results[page.path + (page.signedIn ? ' (signed in)' : '')] = {
      name: page.name,
      gzipKB,
      brotliKB: byEncoding.brotli!.wireKB,
      decodedKB: byEncoding.gzip!.decodedKB,
      files: byEncoding.gzip!.files,
      withinBudget: gzipKB <= BUDGET_KB,
      scripts: byEncoding.gzip!.names,
    };
    console.log(`${page.path}: ${gzipKB} KB gzip, ${byEncoding.brotli!.wireKB} KB brotli`);
  }
  return results;
}

if (import.meta.main) {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const browser = await launchBrowser();
  try {
    const cookie = await demoFanCookie(server);
    const slug = await featuredArtistSlug(server, cookie);
    const pages: PageToMeasure[] = [
      ...PUBLIC_PAGES,
      { name: 'artist page', path: `/a/${slug}`, signedIn: false },
      { name: 'member home', path: '/members/', signedIn: true },
      { name: 'artist page', path: `/a/${slug}`, signedIn: true },
    ];
    const results = await measure(browser, server, pages, cookie);
    writeResult(process.env.FIRST_LOAD_OUT ?? 'first-load.json', {
      date: new Date().toISOString(),
      budgetKB: BUDGET_KB,
      pages: results,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}
