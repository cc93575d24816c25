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
    // The files of a worker share one module graph and one jsdom window (decision 0052): React, the testing
    // libraries and the fetch stub's validators load once per worker instead of once per file, about 1.4 s a
    // file. What a file could leave behind in the window (storage, address, stubbed globals) is put back after
    // each file by src/test/setup.ts; no test uses vi.mock, whose mocks a shared graph would carry over.
    isolate: false,
    // As the root config's projects (this one does not extend it): vitest runs non-isolated projects of one
    // group together and refuses a group whose projects differ in workers.
    maxWorkers: 2,
    setupFiles: ['./src/test/setup.ts'],
    // Generous bounds so a loaded machine cannot fail a test that waits on conditions.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
