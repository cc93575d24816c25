import { readFileSync } from 'node:fs';
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
      const styleText = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
      await fs.mkdir(path.join(outDir, 'pages'), { recursive: true });
      for (const [name, module] of Object.entries(AREA_MODULES)) {
        const shell = PAGE_SHELLS[name];
        await fs.writeFile(
          path.join(outDir, 'pages', `${name}.html`),
          withPreloads(html, manifest, module, shell ? { markup: shell, styleText } : undefined),
        );
      }
    },
  };
}

/** A page shell (page-shells.ts) and how to read a style sheet of the build, to write it into the page. */
export interface ShellPage {
  markup: string;
  styleText: (file: string) => string;
}

/**
 * index.html with preload links for the module's chunk and its static imports that it does not name yet. With
 * a shell, the shell goes in the root element and every style sheet the page needs at once is written into it
 * (`inlineStyle`): the shell is drawn as soon as the HTML is in, without a request for each sheet (decision
 * 0044).
 */
export function withPreloads(
  html: string,
  manifest: Record<string, ManifestChunk>,
  module: string,
  shell?: ShellPage,
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
      shell ? inlineStyle(file, shell.styleText) : `<link rel="preload" as="style" crossorigin href="/${file}">`,
    );
  if (!shell) {
    const links = [...scriptLinks, ...styleLinks];
    return html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  }
  // The entry's own sheets (index.html links them) are written in where they stand, so the order holds.
  const page = html
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_link, file: string) =>
      inlineStyle(file, shell.styleText),
    )
    .replace('</head>', () => `  ${[...styleLinks, ...scriptLinks].join('\n    ')}\n  </head>`);
  return page.replace('<div id="root"></div>', () => `<div id="root">${shell.markup}</div>`);
}

/**
 * A style sheet written into the page, and a disabled link to it that the browser does not fetch: Vite's loader
 * adds a sheet that a lazy chunk needs unless a `<link rel="stylesheet">` to it is already in the document, so
 * the link tells it the sheet is there. The CSP allows inline styles (`style-src 'self' 'unsafe-inline'`).
 */
export function inlineStyle(file: string, styleText: (file: string) => string): string {
  const css = styleText(file);
  if (/<\/style/i.test(css)) throw new Error(`${file} cannot be written into a page: it contains "</style"`);
  return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
}
