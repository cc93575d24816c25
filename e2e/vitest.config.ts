import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    // Guards against hangs only: a busy machine runs a browser test several times slower, never wrongly.
    testTimeout: 5 * 60_000,
    hookTimeout: 12 * 60_000,
    // Two files at a time: a file spends most of its time waiting on its own server, browser and ffmpeg, so two
    // share the machine's two cores well (decision 0037). Each has its own server, DATA_DIR, database and ports;
    // the run's seeded template is made once (@hfm/test-support/server) and ports are claimed (deploy/processes.ts).
    fileParallelism: true,
    maxWorkers: 2,
    // One first start (demo accounts and catalogue) per run, copied by each file's server: @hfm/test-support/server.
    globalSetup: ['@hfm/test-support/global-setup'],
    // Every test fails on a console warning printed by any page it opened.
    setupFiles: ['@hfm/test-support/console-guard'],
  },
});
