import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_SHELLS } from './page-shells';

/**
 * The area each page of the app opens with (src/app/main.tsx picks it from the path), by the name of the page
 * the build writes for it: dist/pages/{name}.html. The server sends that page for the area's paths.
 */
export const AREA_MODULES = {
  public: 'src/app/public-app.tsx',
  login: 'src/features/auth/login-page.tsx',
  fans: 'src/app/fan-app.tsx',
  'signed-in': 'src/app/signed-in-app.tsx',
} as const;

/**
 * Screens of an area that its chunk loads lazily, by the path in the address's hash, whose files the page
 * starts fetching at once when the address asks for them (public/screen-chunks.js): else they would be asked
 * for only once the area's code has arrived and run. Only these, so no other page fetches their bytes.
 */
export const EARLY_SCREENS: Partial<Record<keyof typeof AREA_MODULES, Record<string, string>>> = {
  public: {
    '/fan-sign-up': 'src/features/signup/fan-sign-up-page.tsx',
    '/artist-sign-up': 'src/features/signup/artist-sign-up-page.tsx',
  },
};

/** The id of the data block that names each early screen's files for public/screen-chunks.js. */
export const SCREEN_CHUNKS_ID = 'hfm-screen-chunks';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * index.html loads the entry, which imports the area's chunk only once it runs: a second round trip before
 * anything shows. For each area this writes a copy of index.html that also names the area's chunk, its static
 * imports (`modulepreload`) and its styles (`preload`), so the browser fetches them beside the entry.
 */
export function areaPages(): Plugin {
  let outDir = '';
  return {
    name: 'hfm-area-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are written (index.html and the manifest), before closeBundle compresses them.
    async writeBundle() {
      const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      await fs.mkdir(path.join(outDir, 'pages'), { recursive: true });
      for (const [name, module] of Object.entries(AREA_MODULES)) {
        const page = withPreloads(html, manifest, module, PAGE_SHELLS[name]);
        const screens = EARLY_SCREENS[name as keyof typeof AREA_MODULES];
        await fs.writeFile(
          path.join(outDir, 'pages', `${name}.html`),
          screens ? withScreenChunks(page, manifest, screens) : page,
        );
      }
    },
  };
}

/**
 * index.html with preload links for the module's chunk and its static imports that it does not name yet. With
 * a shell (page-shells.ts), the shell goes in the root element and the module's styles are linked, not only
 * preloaded: the shell is drawn with them before any script runs (the app's loader finds them linked and adds
 * none).
 */
export function withPreloads(
  html: string,
  manifest: Record<string, ManifestChunk>,
  module: string,
  shell?: string,
): string {
  const { scripts, styles } = chunkFiles(manifest, module);
  const named = (file: string) => html.includes(`"/${file}"`);
  const scriptLinks = scripts
    .filter((file) => !named(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styleLinks = styles
    .filter((file) => !named(file))
    .map((file) =>
      shell
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="preload" as="style" crossorigin href="/${file}">`,
    );
  // A shell waits for its styles only: they go first, so over HTTP/1.1 (six connections) no script is ahead.
  const links = shell ? [...styleLinks, ...scriptLinks] : [...scriptLinks, ...styleLinks];
  const page = html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  return shell ? page.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`) : page;
}

/** The files of a module's chunk and of its static imports, scripts and styles, in the order they are reached. */
function chunkFiles(manifest: Record<string, ManifestChunk>, module: string): { scripts: string[]; styles: string[] } {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return { scripts, styles };
}

/**
 * The page with, for each early screen, the files it needs that the page does not name yet, in a JSON data
 * block, and public/screen-chunks.js (async: it runs as soon as it arrives) to preload those of the screen the
 * address's hash asks for. The CSP allows both: a data block never runs, and the script is the site's own.
 */
export function withScreenChunks(
  html: string,
  manifest: Record<string, ManifestChunk>,
  screens: Record<string, string>,
): string {
  const files = Object.fromEntries(
    Object.entries(screens).map(([screen, module]) => {
      const { scripts, styles } = chunkFiles(manifest, module);
      return [screen, [...scripts, ...styles].filter((file) => !html.includes(`"/${file}"`))];
    }),
  );
  // The files' names are Vite's (letters, digits, -, _, . and /): nothing in them can close the element.
  const block = `<script type="application/json" id="${SCREEN_CHUNKS_ID}">${JSON.stringify(files)}</script>`;
  const loader = '<script src="/screen-chunks.js" async></script>';
  return html.replace('</head>', () => `  ${block}\n    ${loader}\n  </head>`);
}
