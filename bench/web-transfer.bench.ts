/**
 * Bytes over the wire for the web app's first visit to a page, as Chromium fetches it from the built
 * server: every script, style sheet and the page itself, compressed as sent and as decoded.
 * Run: `npm run build && npm run bench:web -w @hfm/bench`. Results: bench/results/web-transfer.json;
 * summary in docs/performance.md ("Web app").
 */
import fs from 'node:fs';
import { launchBrowser } from '@hfm/test-support/browser';
import { startServer } from '@hfm/test-support/server';

const PAGES = ['/main/', '/main/#/fans', '/login'];

interface Transfer {
  kind: string;
  files: number;
  wireKiB: number;
  decodedKiB: number;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measurePage(baseUrl: string, path: string): Promise<Record<string, Transfer>> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          name: timing.name,
          type: timing.initiatorType,
          encoded: timing.encodedBodySize,
          decoded: timing.decodedBodySize,
        };
      }),
    );
    const byKind: Record<string, Transfer> = {};
    for (const entry of entries) {
      const kind = /\.js$/.test(entry.name) ? 'javascript' : /\.css$/.test(entry.name) ? 'css' : entry.type;
      const total = (byKind[kind] ??= { kind, files: 0, wireKiB: 0, decodedKiB: 0 });
      total.files += 1;
      total.wireKiB += entry.encoded;
      total.decodedKiB += entry.decoded;
    }
    for (const total of Object.values(byKind)) {
      total.wireKiB = kib(total.wireKiB);
      total.decodedKiB = kib(total.decodedKiB);
    }
    return byKind;
  } finally {
    await browser.close();
  }
}

const server = await startServer({ LOG_LEVEL: 'warn' });
try {
  const results: Record<string, Record<string, Transfer>> = {};
  for (const path of PAGES) results[path] = await measurePage(server.baseUrl, path);
  fs.mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  const out = process.env.WEB_TRANSFER_OUT ?? 'web-transfer.json';
  fs.writeFileSync(new URL(`./results/${out}`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  await server.stop();
}
