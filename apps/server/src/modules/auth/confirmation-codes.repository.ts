import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { confirmationCodes } from '../../platform/db/schema/identity.js';

export type ConfirmationCodeRow = typeof confirmationCodes.$inferSelect;

/** One live code per user: a new one replaces the old and resets the attempt count. */
export async function replaceCode(db: Database, userId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .insert(confirmationCodes)
    .values({ userId, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: confirmationCodes.userId,
      set: { codeHash, expiresAt, attempts: 0, createdAt: new Date() },
    });
}

export async function findCode(db: Database, userId: string): Promise<ConfirmationCodeRow | null> {
  const [row] = await db.select().from(confirmationCodes).where(eq(confirmationCodes.userId, userId)).limit(1);
  return row ?? null;
}

/** Counts a wrong try atomically and answers the new count (null when the code is gone). */
export async function countWrongAttempt(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .update(confirmationCodes)
    .set({ attempts: sql`${confirmationCodes.attempts} + 1` })
    .where(eq(confirmationCodes.userId, userId))
    .returning({ attempts: confirmationCodes.attempts });
  return row?.attempts ?? null;
}

export async function deleteCode(db: Database, userId: string): Promise<void> {
  await db.delete(confirmationCodes).where(eq(confirmationCodes.userId, userId));
}
