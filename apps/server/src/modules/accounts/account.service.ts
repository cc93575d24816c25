import { messages, type PublicUser, type UpdateUserBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { requireAccess, type Actor } from '../access/index.js';
import { deleteOtherSessions } from '../auth/index.js';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.js';
import {
  profileImagePath,
  dobFromForm,
  emptyToNull,
  findUser,
  presentUser,
  updateUserFields,
  withoutQueryParameters,
  type UserPatch,
  type UserRow,
} from '../users/index.js';
import { newImageFileName, readImage } from '../../platform/media/image-uploads.js';
import { profileImageKey, storeProfileImage } from '../../platform/media/profile-images.js';

export const EMAIL_CANNOT_CHANGE = 'Email address cannot be changed.';

async function loadUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const row = await findUser(ctx.db, userId);
  if (!row) throw notFound(messages.notFound);
  return row;
}

/** Date of birth and email may be sent back as they are, never changed. */
function assertUnchangeable(row: UserRow, body: UpdateUserBody): void {
  if (body.dob !== undefined && body.dob !== null && body.dob !== '') {
    if (dobFromForm(body.dob) !== row.dob)
      throw badRequest(messages.dobCannotChange, { dob: messages.dobCannotChange });
  }
  if (body.email !== undefined && body.email !== null && body.email.trim().toLowerCase() !== row.email) {
    throw badRequest(EMAIL_CANNOT_CHANGE, { email: EMAIL_CANNOT_CHANGE });
  }
}

function patchFrom(body: UpdateUserBody): UserPatch {
  const patch: UserPatch = {};
  if (body.firstName !== undefined) patch.firstName = body.firstName;
  if (body.lastName !== undefined) patch.lastName = body.lastName;
  if (body.phoneNumber !== undefined) patch.phoneNumber = emptyToNull(body.phoneNumber);
  if (body.location !== undefined) patch.location = emptyToNull(body.location);
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.hfmPicksOptIn !== undefined) patch.hfmPicksOptIn = body.hfmPicksOptIn;
  return patch;
}

/** GET /api/users/{id}: the account as its owner sees it, for the user themself or an admin (others 403). */
export async function getUser(ctx: AppContext, actor: Actor, userId: string): Promise<PublicUser> {
  await requireAccess(ctx, actor, 'user.manage', [userId]);
  return presentUser(ctx.db, await loadUser(ctx, userId));
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  body: UpdateUserBody,
): Promise<PublicUser> {
  await requireAccess(ctx, actor, 'user.manage', [userId]);
  const row = await loadUser(ctx, userId);
  assertUnchangeable(row, body);
  const patch = patchFrom(body);
  const updated = Object.keys(patch).length > 0 ? await updateUserFields(ctx.db, userId, patch) : row;
  return presentUser(ctx.db, updated ?? row);
}

export interface ChangePassword {
  currentPassword: string;
  password: string;
}

/** Only the user themself, with the current password; every other session of theirs ends. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  body: ChangePassword,
): Promise<void> {
  const self = await requireAccess(ctx, actor, 'user.password', [userId]);
  const row = await loadUser(ctx, userId);
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(body.password);
  await updateUserFields(ctx.db, userId, { passwordHash }).catch((error: unknown) => {
    throw withoutQueryParameters(error);
  });
  await deleteOtherSessions(ctx.db, userId, self.sessionId);
}

async function deleteStoredImage(ctx: AppContext, userId: string, fileName: string | null): Promise<void> {
  if (!fileName) return;
  await ctx.storage.delete(profileImageKey(userId, fileName)).catch((error: unknown) => {
    ctx.log.warn({ err: error, userId }, 'could not delete an old profile image');
  });
}

export async function uploadProfileImage(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  imageData: string | Buffer,
): Promise<{ path: string }> {
  await requireAccess(ctx, actor, 'user.manage', [userId]);
  const row = await loadUser(ctx, userId);
  const image = await readImage(imageData);
  const fileName = newImageFileName('profile', image);
  await storeProfileImage(ctx.storage, userId, fileName, image);
  await updateUserFields(ctx.db, userId, { profileImage: fileName });
  await deleteStoredImage(ctx, userId, row.profileImage);
  return { path: profileImagePath(userId, fileName)! };
}

export async function removeProfileImage(ctx: AppContext, actor: Actor, userId: string): Promise<PublicUser> {
  await requireAccess(ctx, actor, 'user.manage', [userId]);
  const row = await loadUser(ctx, userId);
  const updated = await updateUserFields(ctx.db, userId, { profileImage: null });
  await deleteStoredImage(ctx, userId, row.profileImage);
  return presentUser(ctx.db, updated ?? row);
}
