/**
 * The server's entry as one ES module (dist/main.js), made after `tsc -b`: a cold start then reads a few
 * files instead of resolving about 1,700, each of whose packages' `package.json` Node would parse again
 * (drizzle-orm's is 179 KB). What only some routes need (S3, Stripe, social sign-in, zips, CSV) is split
 * into chunks loaded on first use. docs/performance.md, "Cold start"; docs/decisions/0062.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const srcDir = path.join(root, 'src');
const distDir = path.join(root, 'dist');
const CHUNK_PREFIX = 'lazy-';

/**
 * Every file of the bundle lands in dist/, beside tsc's output: an app file's `import.meta.url` is
 * rewritten to the address tsc gives its own copy (dist/platform/db/client.js), so
 * `new URL('../../../migrations', import.meta.url)` finds the same folder from the bundle.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!args.path.startsWith(srcDir + path.sep) || !text.includes('import.meta.url')) return undefined;
      const emitted = path.relative(srcDir, args.path).replace(/\.ts$/, '.js').split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(`./${emitted}`)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * A bundled CommonJS package that reads files beside itself (`__dirname`: @fastify/swagger-ui's pages) is given
 * its own folder, found from the bundle's place, since the bundle is an ES module without one.
 */
const ownDirname: Plugin = {
  name: 'own-dirname',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
      const relative = (to: string) => JSON.stringify(path.relative(distDir, to).split(path.sep).join('/'));
      const own =
        `var __dirname = __bundlePath.join(__bundleDir, ${relative(path.dirname(args.path))}); ` +
        `var __filename = __bundlePath.join(__bundleDir, ${relative(args.path)});\n`;
      return { contents: own + text, loader: 'js' };
    });
  },
};

/**
 * Built beside dist/ (the same depth, so the source maps' paths hold), then each file renamed into dist/ and
 * the chunks no longer named removed: a process started from dist/ meanwhile (the tests build while other
 * tests' servers run) never finds a chunk missing. Chunk names carry their content's hash, so the same code
 * builds to the same names.
 */
fs.mkdirSync(distDir, { recursive: true });
const staging = fs.mkdtempSync(path.join(root, '.dist-bundle-'));
try {
  await bundleInto(staging);
  const made = new Set(fs.readdirSync(staging));
  for (const name of made) fs.renameSync(path.join(staging, name), path.join(distDir, name));
  for (const name of fs.readdirSync(distDir)) {
    if (name.startsWith(CHUNK_PREFIX) && !made.has(name)) fs.rmSync(path.join(distDir, name), { force: true });
  }
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}

async function bundleInto(outdir: string): Promise<void> {
  await build({
    entryPoints: { main: path.join(srcDir, 'main.ts') },
    outdir,
    chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    allowOverwrite: true,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl, ownDirname],
    // Native code, or packages that read files beside themselves; each still loads only where it is needed.
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp', '@node-rs/argon2', '@aws-sdk/*', 'pg-native'],
    // CommonJS packages inside an ES module call require() for Node's own modules, and some read __dirname.
    banner: {
      js: [
        "import { createRequire as __bundleRequire } from 'node:module';",
        "import __bundlePath from 'node:path';",
        "import { fileURLToPath as __bundleFilePath } from 'node:url';",
        'const require = __bundleRequire(import.meta.url);',
        'const __bundleDir = __bundlePath.dirname(__bundleFilePath(import.meta.url));',
      ].join(' '),
    },
  });
}
