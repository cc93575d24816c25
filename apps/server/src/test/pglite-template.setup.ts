import { ensurePgliteTemplateFile } from './test-database.js';

/** vitest global set-up of the server's database layers: the migrated PGlite template, once per run. */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  await ensurePgliteTemplateFile();
}
