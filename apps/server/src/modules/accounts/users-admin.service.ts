import { paginate, userAdminMessages, type AdminUser, type Paged, type Role, type adminUsersQuery } from '@hfm/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors/app-error.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { findArtistsOfUsers, type ArtistOfUser } from '../artists/index.js';
import { deleteAllSessions } from '../auth/index.js';
import { lockUserRow } from './deleted-accounts.repository.js';
import { countUserRows, listUserRows, setUserStatus } from './users-admin.repository.js';
import { profileImagePath, type UserRow } from '../users/index.js';

type AdminUsersQuery = z.output<typeof adminUsersQuery>;

function toAdminUser(row: UserRow, artist: ArtistOfUser | undefined): AdminUser {
  return {
    _id: row.id,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    role: row.role as Role,
    status: row.status,
    profileImagePath: profileImagePath(row.id, row.profileImage),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    artist: artist ? { _id: artist.id, ...artist } : null,
  };
}

async function presentAdminUsers(ctx: AppContext, rows: UserRow[]): Promise<AdminUser[]> {
  const artists = await findArtistsOfUsers(
    ctx.db,
    rows.filter((row) => row.role === 'ARTIST').map((row) => row.id),
  );
  return rows.map((row) => toAdminUser(row, artists.get(row.id)));
}

/**
 * GET /api/paged/users: accounts a page at a time (never deleted ones), by role, status and a search of name or
 * email, newest first unless asked otherwise (the spec's subscribers by createdAt, artists by role).
 */
export async function listUsersForAdmin(
  ctx: AppContext,
  actor: Actor,
  query: AdminUsersQuery,
): Promise<Paged<AdminUser>> {
  requireAdmin(actor);
  const filter = { role: query.role, status: query.status, search: query.search };
  const [rows, total] = await Promise.all([
    listUserRows(ctx.db, {
      ...filter,
      sort: query.sort,
      order: query.order,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
    countUserRows(ctx.db, filter),
  ]);
  return { items: await presentAdminUsers(ctx, rows), pagination: paginate(query.page, query.limit, total) };
}

/**
 * Disables an account (SUSPENDED) and ends every session of it in the same transaction, so its next request
 * is a 401 and signing in is refused until an admin enables it again. Admin accounts cannot be disabled (nor
 * the caller's own); deleted accounts are a 404.
 */
export async function disableUser(ctx: AppContext, actor: Actor, userId: string): Promise<AdminUser> {
  requireAdmin(actor);
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user || user.status === 'DELETED') throw notFound(userAdminMessages.noSuchUser);
    if (user.role === 'ADMIN') throw conflict(userAdminMessages.adminCannotBeDisabled);
    await deleteAllSessions(tx, userId);
    return user.status === 'SUSPENDED' ? user : setUserStatus(tx, userId, 'SUSPENDED');
  });
  if (!row) throw notFound(userAdminMessages.noSuchUser);
  return (await presentAdminUsers(ctx, [row]))[0]!;
}

/** Enables a disabled account again: ACTIVE, or UNCONFIRMED when its email was never confirmed. */
export async function enableUser(ctx: AppContext, actor: Actor, userId: string): Promise<AdminUser> {
  requireAdmin(actor);
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user || user.status === 'DELETED') throw notFound(userAdminMessages.noSuchUser);
    if (user.status !== 'SUSPENDED') return user;
    return setUserStatus(tx, userId, user.confirmedAt ? 'ACTIVE' : 'UNCONFIRMED');
  });
  if (!row) throw notFound(userAdminMessages.noSuchUser);
  return (await presentAdminUsers(ctx, [row]))[0]!;
}
