import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@hfm/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure helpers' tests (*.unit.test.ts) run in the root config's unit project, without jsdom.
    exclude: ['src/**/*.unit.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Generous bounds so a loaded machine cannot fail a test that waits on conditions.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
