import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from './count-queries.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('countQueries', () => {
  it('counts what its task sends, not what another task sends meanwhile (the job queue polls on the same pool)', async () => {
    const db = t.app.ctx.db;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Another task, started before the count, sends its statement while the count runs.
    const other = gate.then(() => db.execute(sql`select 1`));
    const counted = await countQueries(db, async () => {
      open();
      await other;
      await db.execute(sql`select 2`);
    });
    expect(counted).toBe(1);
  });

  it('counts the statements of a request whose start waits for the await (inject answers a thenable)', async () => {
    const counted = await countQueries(t.app.ctx.db, () => t.app.inject({ url: '/api/genres' }));
    expect(counted).toBeGreaterThan(0);
  });
});
