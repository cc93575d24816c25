import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@hfm/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)) },
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
          ],
        },
      },
    },
  },
});
