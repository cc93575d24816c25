import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A landing page's first-load JavaScript, gzipped, at most: issue 10's 150 KB, lowered to 140 when what every
 * page loads lost 27 KB (decision 0063). The log-in page, the heaviest (its form's validation), is at 135.
 */
export const FIRST_LOAD_BUDGET_KB = 140;

/** The embeddable player's page (decision 0056): its own entry, with its own budget. */
export const EMBED_ENTRY = 'embed.html';
export const EMBED_BUDGET_KB = 12;

/** One chunk in Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * A page of the app and the source modules it loads at once: the lazy area its path picks in
 * src/app/main.tsx and any lazy screen that area renders on that path. The entry (index.html) is always
 * loaded; each module brings its static imports.
 */
export interface LandingRoute {
  path: string;
  modules: string[];
  /** A ceiling below FIRST_LOAD_BUDGET_KB that holds a page's own win (decision 0063). */
  budgetKB?: number;
}

export interface FirstLoad {
  path: string;
  /** Sum of the gzipped (-9) sizes of the route's scripts, in KB of 1,000 bytes. */
  gzipKB: number;
  files: string[];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of the entry, the modules and everything they import statically (not dynamic imports). */
export function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not a chunk of the build (is it still loaded lazily?)`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** Scripts a first visit to the route fetches from the build in distDir, and their gzipped total. */
export function firstLoad(distDir: string, route: LandingRoute): FirstLoad {
  const manifest = readManifest(distDir);
  // The embeddable player's page (embed.html) is an entry of its own that no app page loads.
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key !== EMBED_ENTRY);
  const chunks = staticClosure(manifest, [...entries, ...route.modules]);
  const files = [...chunks].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  // Scripts index.html names outside the bundle (public/zod-jitless.js) load first too.
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g))
    if (!files.includes(src!) && fs.existsSync(path.join(distDir, src!))) files.push(src!);
  const bytes = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
  return { path: route.path, gzipKB: Math.round(bytes / 10) / 100, files: files.sort() };
}
