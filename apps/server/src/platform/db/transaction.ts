import type { Database } from './client.js';

/**
 * Runs `fn` in one transaction: the context it receives is the caller's with `db` bound to the
 * transaction, so services keep taking only a context and every write inside (rows, and jobs sent
 * with `{ db: ctx.db }`) commits or rolls back together. A nested call is a savepoint of the outer one.
 */
export async function withTransaction<Ctx extends { db: Database }, Result>(
  ctx: Ctx,
  fn: (ctx: Ctx) => Promise<Result>,
): Promise<Result> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx as unknown as Database }));
}
