import { LEGAL, messages, type DeleteAccountBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { accountDeletedMail } from './accounts.mails.js';
import { requireAccess, type Actor } from '../access/index.js';
import { deleteAllSessions, forgetSocialLinksOf } from '../auth/index.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { endSubscriptionsOfDeletedMember } from '../billing/index.js';
import { forgetEngagementOfDeletedMember } from '../engagement/index.js';
import { forgetDownloadsOfDeletedMember } from '../library/index.js';
import {
  anonymiseUserRow,
  deleteConfirmationCodeOf,
  deleteExpiredDeletedAccounts,
  findDeletedAccount,
  insertDeletedAccount,
  lockUserRow,
} from './deleted-accounts.repository.js';
import { findUser, type UserRow } from '../users/index.js';

/** Mails the address a deleted account had; the job carries only the id (the record holds the address). */
export const ACCOUNT_DELETED_MAIL_JOB = 'users.account-deleted-mail';

/** The complaint record's end: the terms keep complaint records 6 years after the account is deleted. */
export function retentionEnd(deletedAt: Date): Date {
  const end = new Date(deletedAt);
  end.setUTCFullYear(end.getUTCFullYear() + LEGAL.complaintRecordYears);
  return end;
}

/** Who may be deleted here: fans. Artists terminate their licence (in the studio); admins are not deleted. */
function assertDeletable(row: UserRow): void {
  if (row.role === 'ARTIST') throw conflict(messages.artistAccountTermination);
  if (row.role === 'ADMIN') throw conflict(messages.adminAccountCannotBeDeleted);
}

async function loadLiveUser(db: Database, userId: string): Promise<UserRow> {
  const row = await findUser(db, userId);
  if (!row || row.status === 'DELETED') throw notFound(messages.notFound);
  return row;
}

/**
 * Deletes an account (docs/decisions/0014-deleting-an-account.md): the account's owner or an admin, who
 * confirms with their own current password. In one transaction every session ends, the user row becomes
 * a tombstone without personal data, the complaint record is written, billing stops renewals and removes
 * the saved cards, engagement forgets the member's Hi Fives (recounting the artists') and events, the
 * library forgets their downloads, and the mail is queued. The profile pictures are deleted from storage after the commit.
 */
export async function deleteAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  body: DeleteAccountBody,
): Promise<{ id: string; deleted: true }> {
  const caller = await requireAccess(ctx, actor, 'user.manage', [userId]);
  const target = await loadLiveUser(ctx.db, userId);
  assertDeletable(target);
  const callerRow = caller.id === target.id ? target : await loadLiveUser(ctx.db, caller.id);
  if (!(await verifyPassword(callerRow.passwordHash, body.currentPassword))) {
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }

  await transactionWithRetry(ctx.db, async (tx) => {
    const row = await lockUserRow(tx, userId);
    if (!row || row.status === 'DELETED') throw notFound(messages.notFound);
    const deletedAt = new Date();
    await insertDeletedAccount(tx, {
      userId,
      email: row.email,
      role: row.role,
      accountCreatedAt: row.createdAt,
      deletedAt,
      deletedBy: caller.id,
      retainUntil: retentionEnd(deletedAt),
    });
    await deleteAllSessions(tx, userId);
    await deleteConfirmationCodeOf(tx, userId);
    await forgetSocialLinksOf(tx, userId);
    await endSubscriptionsOfDeletedMember(ctx, tx, userId);
    await forgetEngagementOfDeletedMember(tx, userId);
    await forgetDownloadsOfDeletedMember(tx, userId);
    await anonymiseUserRow(tx, userId);
    await ctx.jobs.send(ACCOUNT_DELETED_MAIL_JOB, { userId }, { db: tx });
  });

  // After the commit: a failure here leaves files nobody can reach by name, never a half-deleted account.
  await ctx.storage.deletePrefix(`profile-images/${userId}/`).catch((error: unknown) => {
    ctx.log.warn({ err: error, userId }, 'could not delete the profile images of a deleted account');
  });
  return { id: userId, deleted: true };
}

/** The mail job's work: tells the address the account had; skipped when there is no record of it. */
export async function mailAccountDeleted(ctx: Pick<AppContext, 'db' | 'mailer'>, userId: string): Promise<boolean> {
  const record = await findDeletedAccount(ctx.db, userId);
  if (!record) return false;
  await ctx.mailer.send(
    accountDeletedMail({
      to: record.email,
      retentionYears: LEGAL.complaintRecordYears,
      contactEmail: LEGAL.contactEmail,
    }),
  );
  return true;
}

/** Complaint records past their retention go (run when a worker starts working the mail job). */
export async function purgeExpiredDeletedAccounts(db: Database, now = new Date()): Promise<number> {
  return deleteExpiredDeletedAccounts(db, now);
}
