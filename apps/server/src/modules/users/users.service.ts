import crypto from 'node:crypto';
import { dobToIsoDate, messages, parseDob, type PublicUser, type Role, type UserStatus } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { newImageFileName } from '../../platform/media/image-uploads.js';
import type { ProcessedImage } from '../../platform/media/images.js';
import { storeProfileImage } from '../../platform/media/profile-images.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { listActiveSubscriptionsOf, listHiFivesOf } from './user-relations.repository.js';
import { toPublicUser } from './users.presenter.js';
import {
  countUsers,
  findUserByEmail as findUserRowByEmail,
  findUserByUserName,
  findUserRowsByIds,
  insertUser,
  updateUserRow,
  type UserPatch,
  type UserRelations,
  type UserRow,
} from './users.repository.js';

export type { UserPatch, UserRow };

/** What it takes to make an account; the sign-ups, the CLI, the demo seed and test factories use it. */
export interface NewAccount {
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
  status: UserStatus;
  /** ISO date (YYYY-MM-DD). */
  dob?: string | null;
  gender?: string | null;
  phoneNumber?: string | null;
  location?: string | null;
  hfmPicksOptIn?: boolean;
  profileImage?: string | null;
}

/** A sign-up form after the shared schema parsed it. */
export interface AccountForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  dob: string;
  gender: string;
  phoneNumber?: string | null | undefined;
  location?: string | null | undefined;
}

export const emailExists = (email: string) => new AppError('EMAIL_EXISTS', messages.emailExists(email));

/**
 * A failed query's error carries its parameters, which for user rows include the password hash.
 * Keep only the database's own message (which names no values) so nothing secret reaches a log.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (error instanceof AppError) return error;
  for (
    let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string') {
      return Object.assign(new Error(`Saving the user failed: ${String(e.message)}`), { code: e.code });
    }
  }
  return new Error('Saving the user failed.');
}

export const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/** The MM/DD/YYYY of a form as the ISO date the table keeps (null when absent or not a date). */
export function dobFromForm(dob: string | null | undefined): string | null {
  const parsed = parseDob(dob);
  return parsed ? dobToIsoDate(parsed) : null;
}

export function accountFromForm(form: AccountForm, role: Role, extra: Partial<NewAccount> = {}): NewAccount {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    password: form.password,
    role,
    status: 'UNCONFIRMED',
    dob: dobFromForm(form.dob),
    gender: form.gender,
    phoneNumber: emptyToNull(form.phoneNumber),
    location: emptyToNull(form.location),
    ...extra,
  };
}

/** Inserts one user; `db` may be a transaction. A taken email is a 409 EMAIL_EXISTS. */
export async function createAccount(db: Database, account: NewAccount): Promise<UserRow> {
  const email = account.email.trim().toLowerCase();
  if (await findUserRowByEmail(db, email)) throw emailExists(email);
  try {
    return await insertUser(db, {
      ...(account.id ? { id: account.id } : {}),
      firstName: account.firstName,
      lastName: account.lastName,
      email,
      userName: email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      status: account.status,
      confirmedAt: account.status === 'ACTIVE' ? new Date() : null,
      dob: account.dob ?? null,
      gender: account.gender ?? null,
      phoneNumber: account.phoneNumber ?? null,
      location: account.location ?? null,
      hfmPicksOptIn: account.hfmPicksOptIn ?? false,
      profileImage: account.profileImage ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists(email);
    throw withoutQueryParameters(error);
  }
}

/** Creates the account and, when a picture came with it, stores it under the new user's id. */
export async function createAccountWithImage(
  ctx: Pick<AppContext, 'storage'>,
  db: Database,
  account: NewAccount,
  image: ProcessedImage | null,
): Promise<UserRow> {
  const id = account.id ?? crypto.randomUUID();
  const fileName = image ? newImageFileName('profile', image) : null;
  const row = await createAccount(db, { ...account, id, profileImage: fileName });
  if (image && fileName) await storeProfileImage(ctx.storage, id, fileName, image);
  return row;
}

export async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  return (await findUserRowByEmail(db, email)) !== null;
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  return findUserRowByEmail(db, email);
}

export function findUserForLogin(db: Database, userName: string): Promise<UserRow | null> {
  return findUserByUserName(db, userName);
}

export { findUser } from './user-lookup.js';

/** Users by id, keyed by id (unknown ids are left out). */
export async function findUsersByIds(db: Database, ids: string[]): Promise<Map<string, UserRow>> {
  const rows = await findUserRowsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Writes the given fields of one account; the row after, or null when there is none. */
export function updateUserFields(db: Database, id: string, patch: UserPatch): Promise<UserRow | null> {
  return updateUserRow(db, id, patch);
}

export async function activateUser(db: Database, id: string): Promise<void> {
  await updateUserRow(db, id, { status: 'ACTIVE', confirmedAt: new Date() });
}

export function hasNoUsers(db: Database): Promise<boolean> {
  return countUsers(db).then((total) => total === 0);
}

/** Users as the API shows them, with their subscriptions and Hi Fives, in the order given. */
export async function presentUsers(db: Database, rows: UserRow[]): Promise<PublicUser[]> {
  const relations = await loadUserRelations(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicUser(row, relations.get(row.id)));
}

/** Active subscriptions and Hi Fives of the given users, keyed by user id (a read model: decision 0047). */
async function loadUserRelations(db: Database, userIds: string[]): Promise<Map<string, UserRelations>> {
  const relations = new Map<string, UserRelations>(userIds.map((id) => [id, { subscribedTo: [], hiFived: [] }]));
  const [subscribed, hiFived] = await Promise.all([listActiveSubscriptionsOf(db, userIds), listHiFivesOf(db, userIds)]);
  for (const row of subscribed) relations.get(row.memberId)?.subscribedTo.push({ artistID: row.artistId });
  for (const row of hiFived) relations.get(row.userId)?.hiFived.push({ id: row.id, itemID: row.itemId });
  return relations;
}

export async function presentUser(db: Database, row: UserRow): Promise<PublicUser> {
  const [user] = await presentUsers(db, [row]);
  return user!;
}
