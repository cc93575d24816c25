import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    // Guards against hangs only: a busy machine runs a browser test several times slower, never wrongly.
    testTimeout: 5 * 60_000,
    hookTimeout: 12 * 60_000,
    fileParallelism: false,
    // One first start (demo accounts and catalogue) per run, copied by each file's server: support/server.ts.
    globalSetup: ['./support/global-setup.ts'],
  },
});
