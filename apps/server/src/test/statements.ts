import type { TestApp } from './test-app.js';

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The SQL texts a piece of work sends to the test app's database, in order: PGlite's `query`, or the pool's
 * (every read that is not in a transaction goes through it). For tests that count a route's statements.
 */
export async function recordStatements(t: Pick<TestApp, 'app'>, work: () => Promise<unknown>): Promise<string[]> {
  const database = t.app.ctx.platform.database;
  const target = (database.pglite ?? database.pool) as unknown as { query: Query };
  const original = target.query;
  const texts: string[] = [];
  target.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    texts.push(typeof first === 'string' ? first : first.text);
    return original.apply(target, args);
  };
  try {
    await work();
  } finally {
    target.query = original;
  }
  return texts;
}
