import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../platform/db/client.js';

/** Marks the statements a counted task sends, apart from those of timers that run meanwhile (the job queue's polls). */
const counting = new AsyncLocalStorage<symbol>();

/**
 * Runs `run` with `isMine()` true only inside its own calls (a statement sent by another task meanwhile is not
 * its). Awaited inside: `inject` answers a thenable that starts its request only when awaited.
 */
export async function runCounted(run: () => Promise<unknown>, use: (isMine: () => boolean) => void): Promise<void> {
  const mine = Symbol('counted');
  use(() => counting.getStore() === mine);
  await counting.run(mine, async () => await run());
}

/**
 * The statements `run` sends to the database: counted at the driver (PGlite's or the pg pool's `query`), where
 * a prepared statement's every execution passes too. Only statements sent from `run`'s own calls count: the job
 * queue shares the pool and polls on its own clock. The read-model cache's reads of the catalogue version are
 * left out: on PostgreSQL a poll sends them on its own clock (platform/read-models/catalogue-version.ts).
 */
export async function countQueries(db: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
  const original = client.query;
  let isMine = () => false;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (isMine() && !text.includes('catalogue_version')) queries += 1;
    return original.apply(this, args);
  };
  try {
    await runCounted(run, (check) => (isMine = check));
  } finally {
    client.query = original;
  }
  return queries;
}
