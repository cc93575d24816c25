// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES } from '../area-pages';
import { PAGE_SHELLS } from '../page-shells';
import {
  EMBED_BUDGET_KB,
  EMBED_ENTRY,
  FIRST_LOAD_BUDGET_KB,
  firstLoad,
  readManifest,
  staticClosure,
  type LandingRoute,
} from '../first-load';

/**
 * The budget, checked against a fresh production build: the scripts a first visit fetches before the
 * page works (the entry, the area src/app/main.tsx picks, the screen it shows, and their static imports),
 * gzipped, at most FIRST_LOAD_BUDGET_KB (140), and less on the pages decision 0063 trimmed. The real browser's
 * count is bench/first-load.bench.ts.
 */
const PUBLIC = 'src/app/public-app.tsx';
const LANDING_BUDGET_KB = 105;
const FANS_BUDGET_KB = 128;
const FAN_APP = 'src/app/fan-app.tsx';

const LANDING_ROUTES: LandingRoute[] = [
  // The welcome, landing, about and press screens come with the public site's own chunk, and without React
  // Router's data router or React Query (99.7 KB when decision 0063 set their ceiling).
  { path: '/main/#/', modules: [PUBLIC], budgetKB: LANDING_BUDGET_KB },
  { path: '/main/#/fans', modules: [PUBLIC], budgetKB: LANDING_BUDGET_KB },
  { path: '/main/#/artists', modules: [PUBLIC], budgetKB: LANDING_BUDGET_KB },
  { path: '/main/#/user-terms', modules: [PUBLIC, 'src/features/legal/user-terms-page.tsx'] },
  { path: '/main/#/privacy-policy', modules: [PUBLIC, 'src/features/legal/privacy-policy-page.tsx'] },
  // The sign-up forms' validation (zod and the shared schemas) loads when the visitor starts on the form.
  { path: '/main/#/fan-sign-up', modules: [PUBLIC, 'src/features/signup/fan-sign-up-page.tsx'] },
  { path: '/main/#/artist-sign-up', modules: [PUBLIC, 'src/features/signup/artist-sign-up-page.tsx'] },
  { path: '/login', modules: ['src/features/auth/login-page.tsx'] },
  // The member home and an artist's page both come with the fans' area (123.1 KB when decision 0063 set their
  // ceiling).
  { path: '/members/', modules: [FAN_APP], budgetKB: FANS_BUDGET_KB },
  { path: '/a/{slug}', modules: [FAN_APP], budgetKB: FANS_BUDGET_KB },
  // The public catalogue (decision 0049): its home comes with the fans' area, its other pages load when opened.
  { path: '/discover', modules: [FAN_APP] },
  { path: '/discover/search', modules: [FAN_APP, 'src/features/members/search/search-page.tsx'] },
  { path: '/discover/genres/{id}', modules: [FAN_APP, 'src/features/members/collections/genre-page.tsx'] },
  { path: '/discover/playlists/{id}', modules: [FAN_APP, 'src/features/members/collections/playlist-page.tsx'] },
  { path: '/a/{slug}/albums/{id}', modules: [FAN_APP, 'src/features/members/artist/album-page.tsx'] },
];

/** Code for other areas (and the sign-up forms' validation); a landing page must not load it at once. */
const ELSEWHERE = [
  'src/features/signup/sign-up-validation.ts',
  'src/features/studio/studio-app.tsx',
  'src/features/admin/admin-app.tsx',
  'src/player/player-engine.tsx',
  'src/app/member-account-page.tsx',
];

const root = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-first-load-'));
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 600_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('first-load JavaScript of the landing pages (gzipped, from the build manifest)', () => {
  it.each(LANDING_ROUTES.map((route) => ({ ...route, budgetKB: route.budgetKB ?? FIRST_LOAD_BUDGET_KB })))(
    '$path loads at most $budgetKB KB',
    (route) => {
      const load = firstLoad(outDir, route);
      expect(load.gzipKB, `${route.path}: ${load.files.join(', ')}`).toBeLessThanOrEqual(route.budgetKB);
    },
  );

  it('loads no studio, admin, player-engine, account or sign-up validation code on a landing page', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const elsewhere = ELSEWHERE.map((src) => manifest[src]!.file);
    const loaded = new Set(LANDING_ROUTES.flatMap((route) => firstLoad(outDir, route).files));
    expect(elsewhere.filter((file) => loaded.has(file))).toEqual([]);
  });

  it('loads no React Query on the welcome and landing pages, which ask the API nothing (decision 0063)', () => {
    const manifest = readManifest(outDir);
    const queries = Object.values(manifest).find((chunk) => chunk.name === 'queries')!.file;
    const landings = LANDING_ROUTES.filter((route) =>
      ['/main/#/', '/main/#/fans', '/main/#/artists'].includes(route.path),
    );
    expect(landings.flatMap((route) => firstLoad(outDir, route).files)).not.toContain(queries);
    expect(firstLoad(outDir, { path: '/a/{slug}', modules: [FAN_APP] }).files).toContain(queries);
  });

  it(`the embeddable player (embed.html) loads at most ${EMBED_BUDGET_KB} KB and none of the app`, () => {
    const manifest = readManifest(outDir);
    const files = [...staticClosure(manifest, [EMBED_ENTRY])].map((key) => manifest[key]!.file);
    const bytes = files.reduce(
      (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length,
      0,
    );
    expect(bytes / 1000, files.join(', ')).toBeLessThanOrEqual(EMBED_BUDGET_KB);
    const app = ['src/app/main.tsx', ...Object.values(AREA_MODULES), ...ELSEWHERE].map((src) => manifest[src]?.file);
    expect(files.filter((file) => app.includes(file) || /\/react-/.test(file))).toEqual([]);
  });

  it.each(Object.entries(AREA_MODULES))(
    "pages/%s.html names its area's chunk for the browser to fetch at once",
    (area, module) => {
      const page = fs.readFileSync(path.join(outDir, 'pages', `${area}.html`), 'utf8');
      const chunk = readManifest(outDir)[module]!.file;
      expect(page).toContain(`<link rel="modulepreload" crossorigin href="/${chunk}">`);
      expect(page.match(/<script type="module"[^>]*>/g)).toHaveLength(1);
    },
  );

  it.each(Object.keys(PAGE_SHELLS))(
    'pages/%s.html carries every style sheet it needs at once, and links none for the browser to fetch',
    (area) => {
      const page = fs.readFileSync(path.join(outDir, 'pages', `${area}.html`), 'utf8');
      const manifest = readManifest(outDir);
      const areaModule = AREA_MODULES[area as keyof typeof AREA_MODULES];
      const sheets = new Set(
        [...staticClosure(manifest, ['index.html', areaModule])].flatMap((key) => manifest[key]!.css ?? []),
      );
      expect(sheets.size).toBeGreaterThan(1);
      for (const file of sheets) {
        expect(page).toContain(`<style>${fs.readFileSync(path.join(outDir, file), 'utf8')}</style>`);
        expect(page).toContain(`<link rel="stylesheet" crossorigin href="/${file}" disabled>`);
      }
      expect(page.match(/<link rel="stylesheet"[^>]*>/g)?.filter((link) => !link.endsWith(' disabled>'))).toEqual([]);
    },
  );
});
