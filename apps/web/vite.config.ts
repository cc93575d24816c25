import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { areaPages } from './area-pages';
import { CHUNK_GROUPS, chunkGroupsChecked } from './chunk-groups';
import { precompress } from './precompress';
import { serviceWorker } from './service-worker-build';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
/**
 * React Router's package points every import at its development build (the same code with its dev warnings
 * switched on); the build takes its production build, which the minifier trims (0.6 KB gzipped, decision 0035).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  // areaPages writes its pages, then serviceWorker its worker, before precompress compresses every text file.
  plugins: [react(), chunkGroupsChecked(), areaPages(), serviceWorker(), precompress()],
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
    // Every browser the app supports preloads modules itself (Safari since 17): no polyfill in the first load.
    modulePreload: { polyfill: false },
    // Vite warns of any chunk over 500 kB minified, lazy ones included. The budget this project enforces is
    // the first load (140 KB gzipped, decisions 0030 and 0063, src/first-load-budget.test.ts), which fails the tests when
    // passed. The largest chunk, shaka-player's DASH build (575 kB, 193 kB gzipped), loads only when a browser
    // without native HLS plays a song; a chunk that grows past it still warns.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app, and the embeddable player's own small page (src/embed/, decision 0056).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        embed: fileURLToPath(new URL('embed.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // A group takes only the modules it names, not their imports: those stay where the pages that share
          // them load them (with the imports, the fans' group took zod, React Router and TanStack Query's core).
          includeDependenciesRecursively: false,
          groups: [
            // React, its JSX runtime, React DOM and its scheduler: every page loads them all; one chunk, not four.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            ...CHUNK_GROUPS,
          ],
        },
      },
    },
  },
}));
