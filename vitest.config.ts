import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One vitest project per test layer, told apart by file name (docs/ARCHITECTURE.md, "Tests"):
//   *.unit.test.ts         unit: pure code, no database, HTTP, ffmpeg or child process; runs in seconds
//   *.permissions.test.ts  permissions: the permission matrix (src/test/matrix/) on a real app
//   *.routes.test.ts       routes: requests through inject() (or a raw socket) on a real app and database
//   other server tests     service: services, jobs, repositories and adapters on a real database and real parts
// plus processes (real server processes), web (jsdom) and bench (the benchmarks' own rules).
const unitTests = '**/*.unit.test.ts';
const serverTests = 'apps/server/src/**/*.test.ts';
const permissionTests = 'apps/server/src/**/*.permissions.test.ts';
const routeTests = 'apps/server/src/**/*.routes.test.ts';
const processTests = [
  'apps/server/src/roles.test.ts',
  'apps/server/src/cold-start.test.ts',
  'apps/server/src/backup-restore.test.ts',
  'apps/server/src/platform/db/postgres-pool.test.ts',
  'apps/server/src/test/faults/**/*.test.ts',
  'deploy/**/*.test.ts',
];
const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

// The server's database-backed layers run file after file in one worker: the server's module graph is imported
// once per worker, not per file (that import was most of the run). Every test file builds its own app and
// database, so nothing a file leaves in a module carries over.
const serverLayer = {
  environment: 'node',
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The migrated PGlite template is built before any file starts (apps/server/src/test/test-database.ts).
  globalSetup: ['apps/server/src/test/pglite-template.setup.ts'],
} as const;

export default defineConfig({
  resolve: { alias: { '@hfm/shared': shared } },
  test: {
    // Vitest leaves one core free by default, which on a 2-core machine means one test file at a time;
    // the files wait on databases, ffmpeg and child servers often enough that two at a time pays.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure tests leave no state behind, so one module graph serves them all (4 s instead of 30).
          include: [`packages/shared/src/${unitTests}`, `apps/server/src/${unitTests}`, `apps/web/src/${unitTests}`],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: [serverTests],
          exclude: [unitTests, permissionTests, routeTests, ...processTests],
          ...serverLayer,
        },
      },
      {
        extends: true,
        test: { name: 'routes', include: [routeTests], exclude: processTests, ...serverLayer },
      },
      {
        extends: true,
        test: { name: 'permissions', include: [permissionTests], ...serverLayer },
      },
      {
        extends: true,
        test: {
          // Tests that start, kill and restart real server processes, or dump and restore a database. They run
          // on the PostgreSQL server whatever TEST_DATABASE_URL says, so CI's PostgreSQL pass leaves them out.
          name: 'processes',
          include: processTests,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The benchmarks' own rules (bench/soak/memory.ts), not the benchmarks: those run with `npm run bench`.
        test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
