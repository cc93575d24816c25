import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { matchQueries } from './search.repository.js';

/**
 * The search queries are written so the planner can answer them from the GiST trigram indexes on
 * lower(title) and lower(name), nearest first: with a catalogue large enough that a sequential scan costs
 * more, each plan uses its index and never scans the table. Songs are searched band by band (decision
 * 0019): each band's query must use that band's partial index, which the planner only does when the query
 * states the band's condition as the index's predicate. Rows are wide (bio, comment, liner notes) so a
 * scan's cost is clearly above the index's, whatever the engine's version; `vacuum analyze` gives the
 * planner statistics, as autovacuum does in production.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.app.ctx;
  await db.execute(sql`
    insert into users (first_name, last_name, email, user_name, password_hash, role, status)
    select 'Gen', 'Artist', 'gen' || i || '@example.test', 'gen' || i || '@example.test', 'x', 'ARTIST', 'ACTIVE'
    from generate_series(1, 1000) as i`);
  await db.execute(sql`
    insert into artists (user_id, name, slug, status, is_searchable, bio)
    select id, 'Artist ' || md5(email), 'gen-' || md5(email), 'ACTIVE', true, repeat(md5(email), 20)
    from users where email like 'gen%@example.test'`);
  await db.execute(sql`
    insert into songs (artist_id, title, status, comment)
    select a.id, 'Song ' || md5(a.id::text || i), 'ready', repeat(md5(a.id::text), 5)
    from artists a, generate_series(1, 5) as i`);
  await db.execute(sql`
    insert into albums (artist_id, name, liner_notes)
    select id, 'Album ' || md5(id::text), repeat(md5(id::text), 20) from artists`);
  await db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(async () => t.close());

async function planOf(
  query: (typeof matchQueries)[number]['query'],
  term: string,
  kind: 'contains' | 'startsWith',
): Promise<string> {
  // Both drivers answer `{ rows }`, one row per plan line.
  const result = (await t.app.ctx.db.execute(sql`explain ${query(t.app.ctx.db, term, kind, 10)}`)) as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row).join('')).join('\n');
}

describe('search queries and the trigram indexes', () => {
  it.each(matchQueries.map((entry) => [entry.index, entry] as const))('answer from %s', async (index, { query }) => {
    for (const [term, kind] of [
      ['zebra', 'contains'],
      ['a1b2', 'startsWith'],
      ['100%_x', 'contains'],
    ] as const) {
      const plan = await planOf(query, term, kind);
      expect(plan, `${term}:\n${plan}`).toMatch(new RegExp(`Index Scan (using|on) ${index}`));
      expect(plan, `${term}:\n${plan}`).not.toMatch(/Seq Scan on (songs|artists|albums)/);
    }
  });
});
