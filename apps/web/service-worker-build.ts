import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

/** The worker's source; the server sends the built file at /sw.js (docs/decisions/0054). */
const WORKER_SOURCE = 'src/service-worker/sw.ts';
export const WORKER_FILE = 'sw.js';

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
 * after a line with the build's id and the files it keeps, and the build's id into every page.
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
        const shell = { id, files: files.map((file) => `/${file}`) };
        const code = `const HFM_BUILD = ${JSON.stringify(shell)};\n${bundled.output[0].code}`;
        await fs.writeFile(path.join(outDir, WORKER_FILE), code);
      },
    },
  };
}
