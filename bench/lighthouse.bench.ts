/**
 * Lighthouse (performance and accessibility, mobile and desktop presets) on the landing pages, the member
 * home (signed in as the demo fan: the session cookie goes in Lighthouse's extraHeaders) and an artist
 * page, against the built product on a fresh data folder with the demo catalogue, in Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium).
 * Run: `npm run build && npm run bench:lighthouse -w @hfm/bench`. Results: bench/results/lighthouse.json
 * (LIGHTHOUSE_OUT names another file); summary in docs/performance.md ("Web: first load and Lighthouse").
 * LIGHTHOUSE_PAGES=/,/members/ runs only those paths; LIGHTHOUSE_PRESETS=mobile only that preset.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { startServer } from '@hfm/test-support/server';
import { writeResult } from './bench-kit.ts';
import { demoFanCookie, featuredArtistSlug } from './first-load.bench.ts';

const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Audited {
  path: string;
  signedIn: boolean;
}

interface Scores {
  performance: number;
  accessibility: number;
  /** Core timings in ms (CLS unitless), for seeing what moved a score. */
  metrics: Record<string, number>;
  /** Audits under 0.9 that weigh on a category, with their display value. */
  failing: string[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

function scoresOf(lhr: Result): Scores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000]),
  );
  const weighed = new Set(
    CATEGORIES.flatMap((id) => lhr.categories[id]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)),
  );
  const failing = Object.values(lhr.audits)
    .filter((audit) => weighed.has(audit.id) && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return { performance: score('performance'), accessibility: score('accessibility'), metrics, failing };
}

async function audit(url: string, preset: 'mobile' | 'desktop', cookie: string | null): Promise<Scores> {
  // A fresh browser per run: nothing cached or warmed up from the run before.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return scoresOf(result.lhr);
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, "Please run Lighthouse again"): such a
 * run has no scores, so it is made once more, in a fresh browser, and said so.
 */
async function auditOnceMore(url: string, preset: 'mobile' | 'desktop', cookie: string | null): Promise<Scores> {
  try {
    return await audit(url, preset, cookie);
  } catch (error) {
    console.log(`${url} ${preset}: ${(error as Error).message}; running it once more`);
    return audit(url, preset, cookie);
  }
}

const server = await startServer({ LOG_LEVEL: 'warn' });
try {
  const cookie = await demoFanCookie(server);
  const slug = await featuredArtistSlug(server, cookie);
  const pages: Audited[] = [
    { path: '/main/', signedIn: false },
    { path: '/main/#/fans', signedIn: false },
    { path: '/main/#/artists', signedIn: false },
    { path: '/main/#/fan-sign-up', signedIn: false },
    { path: '/login', signedIn: false },
    { path: '/members/', signedIn: true },
    { path: `/a/${slug}`, signedIn: false },
    { path: `/a/${slug}`, signedIn: true },
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const presets = (['mobile', 'desktop'] as const).filter(
    (preset) => !process.env.LIGHTHOUSE_PRESETS || process.env.LIGHTHOUSE_PRESETS.split(',').includes(preset),
  );
  const results: Record<string, Record<string, Scores>> = {};
  for (const page of pages.filter((entry) => !only || only.includes(entry.path))) {
    const key = `${page.path}${page.signedIn ? ' (signed in)' : ''}`;
    results[key] = {};
    for (const preset of presets) {
      const scores = await auditOnceMore(`${server.baseUrl}${page.path}`, preset, page.signedIn ? cookie : null);
      results[key][preset] = scores;
      console.log(`${key} ${preset}: performance ${scores.performance}, accessibility ${scores.accessibility}`);
    }
  }
  const below = Object.entries(results).flatMap(([key, presets]) =>
    Object.entries(presets).flatMap(([preset, scores]) =>
      CATEGORIES.filter((id) => scores[id as 'performance' | 'accessibility'] < TARGET).map(
        (id) => `${key} ${preset} ${id}`,
      ),
    ),
  );
  writeResult(process.env.LIGHTHOUSE_OUT ?? 'lighthouse.json', {
    date: new Date().toISOString(),
    chromium: CHROME_PATH,
    target: TARGET,
    below,
    pages: results,
  });
} finally {
  await server.stop();
}
