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
      for (const [name, module] of Object.entries(AREA_MODULES))
        await fs.writeFile(
          path.join(outDir, 'pages', `${name}.html`),
          withPreloads(html, manifest, module, PAGE_SHELLS[name]),
        );
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
