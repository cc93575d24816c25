import crypto from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimitHits } from '../db/schema/rate-limits.js';

/** What the rate-limit plugin wants back: hits so far in the window, and the milliseconds it has left. */
export interface HitCount {
  current: number;
  ttl: number;
}

/** How often one process deletes rows whose window is over (on a write, never on a timer). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts one hit on `key` in one statement, so hits from every API process add up. The database's clock
 * decides when a window ends, so processes whose clocks differ still agree. A hit after the window
 * starts a new one.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<HitCount> {
  const t = rateLimitHits;
  const over = sql`${t.expiresAt} <= now()`;
  const [row] = await db
    .insert(t)
    .values({ key, hits: 1, expiresAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${over} then 1 else ${t.hits} + 1 end`,
        expiresAt: sql`case when ${over} then excluded.expires_at else ${t.expiresAt} end`,
      },
    })
    .returning({ current: t.hits, ttl: millisecondsLeft() });
  return { current: row?.current ?? 1, ttl: Math.max(0, row?.ttl ?? windowMs) };
}

/** The hits on `key` in its running window, counting none. */
export async function readHits(db: Database, key: string): Promise<HitCount> {
  const t = rateLimitHits;
  const [row] = await db
    .select({ current: t.hits, ttl: millisecondsLeft() })
    .from(t)
    .where(sql`${eq(t.key, key)} and ${gt(t.expiresAt, sql`now()`)}`);
  return row ? { current: row.current, ttl: Math.max(0, row.ttl) } : { current: 0, ttl: 0 };
}

/** Deletes the rows whose window is over; answers how many went. */
export async function sweepExpiredHits(db: Database): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.expiresAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}

function millisecondsLeft() {
  return sql<number>`ceil(extract(epoch from (${rateLimitHits.expiresAt} - now())) * 1000)::int`;
}

/**
 * The plugin's `store` option: counters in the database instead of each process's memory
 * (docs/decisions/0026). The plugin makes one child per limited route (and per `createRateLimit`);
 * a route's child prefixes its keys with the route, as the plugin's own store keeps one map per route.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  async function sweepIfDue(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await sweepExpiredHits(db);
  }

  class DatabaseStore implements FastifyRateLimitStore {
    // The plugin builds the root store with its options (unused here); children get their route.
    constructor(
      _options: object,
      private readonly scope = '',
    ) {}

    incr(key: string, done: (error: Error | null, result?: HitCount) => void, timeWindow: number): void {
      countHit(db, this.keyOf(key), timeWindow)
        .then(async (count) => {
          // A failed sweep only leaves old rows for the next one; the hit itself was counted.
          await sweepIfDue().catch(() => undefined);
          done(null, count);
        })
        .catch((error: Error) => done(error));
    }

    read(key: string, done: (error: Error | null, result?: HitCount) => void): void {
      readHits(db, this.keyOf(key)).then(
        (count) => done(null, count),
        (error: Error) => done(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseStore({}, routeScope(routeOptions));
    }

    private keyOf(key: string): string {
      return crypto.createHash('sha256').update(`${this.scope}\n${key}`).digest('base64url');
    }
  }
  return DatabaseStore;
}

/** "POST /api/auth" for a route's limit; empty for a `createRateLimit` check (its keys name the route). */
function routeScope(routeOptions: object): string {
  const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
  if (!route?.url) return '';
  const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
  return `${method} ${route.url}`;
}
