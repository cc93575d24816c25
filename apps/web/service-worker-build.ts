import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { AREA_MODULES } from './area-pages';

/** The worker's source; the server sends the built file at /sw.js (docs/decisions/0054). */
const WORKER_SOURCE = 'src/service-worker/sw.ts';
export const WORKER_FILE = 'sw.js';

/**
 * The modules whose chunks are stored at install (docs/decisions/0054): the app's entry (index.html), the fans'
 * area, and the lazy parts a fan uses with no network: the offline list, My Music and the player's engine. Their
 * static imports come with them; their lazy imports (shaka-player, the other pages) do not. Every other file of
 * the build is stored the first time it is used.
 */
export const OFFLINE_MODULES = [
  'index.html',
  AREA_MODULES.fans,
  'src/features/members/offline/offline-page.tsx',
  'src/features/members/my-music/my-music-page.tsx',
  'src/player/player-engine.tsx',
  // A phone in flight mode opens the full player and the queue from the compact bar: they come at install too.
  'src/player/full-player.tsx',
  'src/player/queue-panel.tsx',
];

/** A chunk of dist/.vite/manifest.json, as far as the precache reads it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The chunk's lazy imports: not followed (they are stored when used). */
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files the worker stores at install: every file of the build outside assets/ (the shell pages, the web
 * manifest, the icons) and, of assets/, the modules' chunks with their static imports, styles and assets.
 */
export function precacheFiles(files: string[], manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const needed = new Set(files.filter((file) => !file.startsWith('assets/')));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) needed.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files.filter((file) => needed.has(file));
}

/** Files of dist/ the worker does not keep: source maps, the compressed copies, the build's own records. */
function isShellFile(file: string): boolean {
  return !/\.(map|br|gz)$/.test(file) && !file.startsWith('.vite/') && file !== WORKER_FILE;
}

async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = dir ? `${dir}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(root, file) : Promise.resolve([file]);
    }),
  );
  return nested.flat();
}

/** The build's id: a hash of every file of the shell, so any change to the app is a new worker. */
async function buildId(root: string, files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await fs.readFile(path.join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The page with the build's id in a meta element: what shows which build a tab runs. */
export function withBuildId(html: string, id: string): string {
  return html.replace('</head>', () => `  <meta name="hfm-build" content="${id}" />\n  </head>`);
}

/**
 * Writes dist/sw.js once the pages are written: the worker bundled on its own (no chunk of the app's build),
 * after a line with the build's id, the files it may keep and those it stores at install; and the build's id
 * into every page.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'hfm-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last of the write hooks (after areaPages has written the pages), before closeBundle compresses them.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter(isShellFile).sort();
        const id = await buildId(outDir, files);
        const pages = files.filter((file) => file.endsWith('.html'));
        for (const page of pages) {
          const file = path.join(outDir, page);
          await fs.writeFile(file, withBuildId(await fs.readFile(file, 'utf8'), id));
        }
        const bundled = await build({
          input: path.join(root, WORKER_SOURCE),
          write: false,
          output: { format: 'iife', minify: true },
        });
        const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
          string,
          ManifestChunk
        >;
        const precache = precacheFiles(files, manifest, OFFLINE_MODULES);
        const url = (file: string) => `/${file}`;
        const shell = { id, files: files.map(url), precache: precache.map(url) };
        const code = `const HFM_BUILD = ${JSON.stringify(shell)};\n${bundled.output[0].code}`;
        await fs.writeFile(path.join(outDir, WORKER_FILE), code);
      },
    },
  };
}
