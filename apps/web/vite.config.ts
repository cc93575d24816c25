import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { areaPages } from './area-pages';
import { precompress } from './precompress';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
/**
 * React Router's package points every import at its development build (the same code with its dev warnings
 * switched on); the build takes its production build, which the minifier trims (0.6 KB gzipped, decision 0035).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  // areaPages writes its pages before precompress compresses every text file.
  plugins: [react(), areaPages(), precompress()],
  resolve: {
    alias: [
      { find: '@hfm/shared', replacement: shared },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what each page loads at once (src/first-load-budget.test.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small zod-free modules the fans' pages use get chunks of their own: left to share a chunk with a
          // module that defines schemas, they would bring zod to those pages (decision 0030).
          groups: [
            { name: 'shared-display', test: /packages[\\/]shared[\\/]src[\\/]display\.ts$/ },
            { name: 'query-keys', test: /src[\\/]api[\\/][^\\/]+[\\/]keys\.ts$/ },
            // React, its JSX runtime, React DOM and its scheduler: every page loads them all; one chunk, not four.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
}));
