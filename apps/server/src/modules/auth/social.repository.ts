import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { socialAccounts, socialPrefills, socialSignInErrors } from '../../platform/db/schema/identity.js';

export type SocialPrefillRow = typeof socialPrefills.$inferSelect;
export type NewSocialPrefillRow = typeof socialPrefills.$inferInsert;
export type NewSocialSignInError = typeof socialSignInErrors.$inferInsert;

/** The user a provider account is linked to, or null. */
export async function findLinkedUserId(db: Database, provider: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

/** Links a provider account to a user; a provider account already linked keeps its user. */
export async function insertLink(db: Database, provider: string, subject: string, userId: string): Promise<void> {
  await db.insert(socialAccounts).values({ provider, subject, userId }).onConflictDoNothing();
}

/** Every provider account linked to a user (a deleted account forgets them: the provider's ids are personal data). */
export async function deleteLinksOf(db: Database, userId: string): Promise<void> {
  await db.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
}

export async function touchLink(db: Database, provider: string, subject: string): Promise<void> {
  await db
    .update(socialAccounts)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
}

/** Stores a prefill, clearing expired ones on the way (they hold names, emails and pictures). */
export async function insertPrefill(db: Database, row: NewSocialPrefillRow): Promise<void> {
  await db.delete(socialPrefills).where(lt(socialPrefills.expiresAt, new Date()));
  await db.insert(socialPrefills).values(row);
}

/** Marks a live, unread prefill read and answers it: one read per token, whoever asks twice at once. */
export async function readPrefillOnce(db: Database, tokenHash: string): Promise<SocialPrefillRow | null> {
  const [row] = await db
    .update(socialPrefills)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(socialPrefills.tokenHash, tokenHash),
        isNull(socialPrefills.readAt),
        gt(socialPrefills.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Takes (deletes and answers) a live prefill for the sign-up it led to. */
export async function takePrefill(db: Database, tokenHash: string): Promise<SocialPrefillRow | null> {
  const [row] = await db
    .delete(socialPrefills)
    .where(and(eq(socialPrefills.tokenHash, tokenHash), gt(socialPrefills.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

const ERRORS_KEPT_DAYS = 90;

/** Stores a failed sign-in; errors older than 90 days go on the way. */
export async function insertSignInError(db: Database, row: NewSocialSignInError): Promise<void> {
  await db
    .delete(socialSignInErrors)
    .where(lt(socialSignInErrors.createdAt, sql`now() - make_interval(days => ${ERRORS_KEPT_DAYS})`));
  await db.insert(socialSignInErrors).values(row);
}
