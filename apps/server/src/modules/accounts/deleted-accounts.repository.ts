import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { confirmationCodes, deletedAccounts, users } from '../../platform/db/schema/identity.js';
import type { UserRow } from '../users/index.js';

export type DeletedAccountRow = typeof deletedAccounts.$inferSelect;
export type NewDeletedAccountRow = typeof deletedAccounts.$inferInsert;

/**
 * The user row, locked until the transaction ends (`FOR NO KEY UPDATE`): a second deletion of the same
 * account waits here, then finds it DELETED. Rows that reference the user (Hi Fives, events) take only
 * `KEY SHARE` on it, so they are not blocked by this lock.
 */
export async function lockUserRow(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row ?? null;
}

/** The address a tombstone keeps: unique, and under `.invalid` (RFC 2606), so no mail can ever reach it. */
export function tombstoneEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Turns the user row into a tombstone: status DELETED, no personal data, no password (an empty hash
 * verifies nothing, so sign-in is impossible), and a placeholder email so the real one may sign up again.
 */
export async function anonymiseUserRow(db: Database, id: string): Promise<void> {
  const placeholder = tombstoneEmail(id);
  await db
    .update(users)
    .set({
      status: 'DELETED',
      firstName: 'Deleted',
      lastName: 'account',
      email: placeholder,
      userName: placeholder,
      passwordHash: '',
      phoneNumber: null,
      dob: null,
      location: null,
      gender: null,
      profileImage: null,
      hfmPicksOptIn: false,
      confirmedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

export async function deleteConfirmationCodeOf(db: Database, userId: string): Promise<void> {
  await db.delete(confirmationCodes).where(eq(confirmationCodes.userId, userId));
}

export async function insertDeletedAccount(db: Database, values: NewDeletedAccountRow): Promise<void> {
  await db.insert(deletedAccounts).values(values);
}

export async function findDeletedAccount(db: Database, userId: string): Promise<DeletedAccountRow | null> {
  const [row] = await db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** Removes the records whose retention has run out; answers how many. */
export async function deleteExpiredDeletedAccounts(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(deletedAccounts)
    .where(lt(deletedAccounts.retainUntil, now))
    .returning({ userId: deletedAccounts.userId });
  return rows.length;
}
