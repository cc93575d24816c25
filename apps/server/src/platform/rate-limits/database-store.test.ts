import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { rateLimitHits } from '../db/schema/rate-limits.js';
import { openTestDatabase } from '../../test/test-database.js';
import { countHit, readHits, sweepExpiredHits } from './database-store.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** Moves a key's window into the past, as if its time had gone by. */
async function endWindow(key: string): Promise<void> {
  await database.db.execute(
    sql`update rate_limit_hits set expires_at = now() - interval '1 second' where key = ${key}`,
  );
}

describe('rate-limit hits in the database', () => {
  it('counts hits on a key within its window, and the time the window has left', async () => {
    const first = await countHit(database.db, 'count', 60_000);
    const second = await countHit(database.db, 'count', 60_000);
    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(database.db, 'another', 60_000)).current).toBe(1);
  });

  it('starts a new window once the old one is over', async () => {
    for (let i = 0; i < 3; i++) await countHit(database.db, 'expiring', 60_000);
    await endWindow('expiring');
    expect(await readHits(database.db, 'expiring')).toEqual({ current: 0, ttl: 0 });
    const next = await countHit(database.db, 'expiring', 60_000);
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(50_000);
  });

  it('reads without counting', async () => {
    await countHit(database.db, 'read', 60_000);
    expect((await readHits(database.db, 'read')).current).toBe(1);
    expect((await readHits(database.db, 'read')).current).toBe(1);
    expect(await readHits(database.db, 'never')).toEqual({ current: 0, ttl: 0 });
  });

  it('counts hits arriving together once each', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countHit(database.db, 'together', 60_000)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('sweeps the rows whose window is over, and only those', async () => {
    await countHit(database.db, 'old', 60_000);
    await countHit(database.db, 'current', 60_000);
    await endWindow('old');
    expect(await sweepExpiredHits(database.db)).toBeGreaterThanOrEqual(1);
    const left = (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(left).toContain('current');
    expect(left).not.toContain('old');
  });
});
