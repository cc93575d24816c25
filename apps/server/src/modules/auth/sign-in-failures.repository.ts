import crypto from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { signInFailures } from '../../platform/db/schema/identity.js';

export interface LockoutPolicy {
  /** Wrong passwords within the window that lock the account. */
  failures: number;
  /** The window the failures are counted in, and how long a lock lasts. */
  minutes: number;
}

/** The key failures are counted under: the SHA-256 of the sign-in name as the user lookup reads it. */
export function accountKeyOf(userName: string): string {
  return crypto.createHash('sha256').update(userName.trim().toLowerCase()).digest('base64url');
}

/** Whether an account has failures on record, and the whole minutes left of its lock (0 when not locked). */
export async function findSignInFailures(db: Database, accountKey: string): Promise<{ minutesLeft: number } | null> {
  const [row] = await db
    .select({
      minutesLeft: sql<number>`coalesce(ceil(extract(epoch from (${signInFailures.lockedUntil} - now())) / 60), 0)::int`,
    })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, accountKey))
    .limit(1);
  return row ? { minutesLeft: Math.max(0, row.minutesLeft) } : null;
}

/**
 * Counts one wrong password, atomically across processes, and answers the minutes the account is now
 * locked for (0 when it is not). A window that ran out, or a lock that is over, starts the count afresh;
 * a lock still running (another process locked it a moment ago) is kept. Rows whose window and lock are
 * both over go at the same time, so the table holds only the recent ones.
 */
export async function recordSignInFailure(db: Database, accountKey: string, policy: LockoutPolicy): Promise<number> {
  const window = sql`make_interval(mins => ${policy.minutes})`;
  const t = signInFailures;
  const locked = sql`${t.lockedUntil} > now()`;
  const afresh = sql`(${t.lockedUntil} is not null or ${t.windowStartedAt} <= now() - ${window})`;
  const lockIfReached = (count: ReturnType<typeof sql>) =>
    sql`case when ${count} >= ${policy.failures} then now() + ${window} end`;
  const [row] = await db
    .insert(t)
    .values({ accountKey, failures: 1, lockedUntil: lockIfReached(sql`1`) })
    .onConflictDoUpdate({
      target: t.accountKey,
      set: {
        failures: sql`case when ${locked} then ${t.failures} + 1 when ${afresh} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${locked} then ${t.windowStartedAt} when ${afresh} then now() else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${locked} then ${t.lockedUntil} when ${afresh} then ${lockIfReached(sql`1`)} else ${lockIfReached(sql`${t.failures} + 1`)} end`,
      },
    })
    .returning({
      minutesLeft: sql<number>`coalesce(ceil(extract(epoch from (${t.lockedUntil} - now())) / 60), 0)::int`,
    });
  await db
    .delete(t)
    .where(
      and(lte(t.windowStartedAt, sql`now() - ${window}`), or(isNull(t.lockedUntil), lte(t.lockedUntil, sql`now()`))),
    );
  return Math.max(0, row?.minutesLeft ?? 0);
}

/** A successful sign-in forgets the account's failures. */
export async function clearSignInFailures(db: Database, accountKey: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey));
}
