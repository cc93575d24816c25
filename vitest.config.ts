import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const processTests = [
  'apps/server/src/roles.test.ts',
  'apps/server/src/backup-restore.test.ts',
  'apps/server/src/test/faults/**/*.test.ts',
  'deploy/**/*.test.ts',
];
const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@hfm/shared': shared } },
  test: {
    // Vitest leaves one core free by default, which on a 2-core machine means one test file at a time;
    // the files wait on databases, ffmpeg and child servers often enough that two at a time pays.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // The benchmarks' own rules (bench/soak/memory.ts), not the benchmarks: those run with `npm run bench`.
        test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: processTests,
          environment: 'node',
          // One worker runs file after file: the server's module graph is imported once per worker, not per
          // file (that import was most of the run). Every test file builds its own app and database, so
          // nothing a file leaves in a module carries over. The web tests stay isolated (jsdom, stubs).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Tests that start, kill and restart real server processes, or dump and restore a database. They run
          // on the PostgreSQL server whatever TEST_DATABASE_URL says, so CI's PostgreSQL pass (`--project server`) leaves them out.
          name: 'processes',
          include: processTests,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
