import type { Database } from '../platform/db/client.js';

/**
 * The statements `run` sends to the database: counted at the driver (PGlite's or the pg pool's `query`), where
 * a prepared statement's every execution passes too. The read-model cache's reads of the catalogue version are
 * left out: on PostgreSQL a poll sends them on its own clock (platform/read-models/catalogue-version.ts).
 */
export async function countQueries(db: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
  const original = client.query;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!text.includes('catalogue_version')) queries += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return queries;
}
