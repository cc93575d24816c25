import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; source maps are left alone (only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/**
 * Writes a .br (brotli, best quality) and a .gz (gzip -9) beside every text file of the build, for the
 * server to send as they are (`preCompressed` in @fastify/static): no compression work per request. A copy is
 * kept only when it is smaller than the file: tiny files (a few bytes of HTML) go as they are, but the small
 * chunks a page loads by the dozen are sent compressed too (decision 0035).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hfm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}

export async function precompressFolder(folder: string): Promise<void> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files) {
    const content = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([
      br.length < content.length && fs.writeFile(`${file}.br`, br),
      gz.length < content.length && fs.writeFile(`${file}.gz`, gz),
    ]);
  }
}
