import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/identity.js';
import type { UserRow } from '../users/index.js';

export interface UserListFilter {
  role?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
}

export interface UserListPage extends UserListFilter {
  sort: 'createdAt' | 'name' | 'email';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Listed accounts: never the tombstones of deleted ones. */
function listed(filter: UserListFilter): SQL | undefined {
  const search = filter.search?.trim();
  const pattern = search ? containing(search) : null;
  return and(
    ne(users.status, 'DELETED'),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    pattern
      ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
      : undefined,
  );
}

export function listUserRows(db: Database, page: UserListPage): Promise<UserRow[]> {
  const direction = page.order === 'asc' ? asc : desc;
  const order =
    page.sort === 'name'
      ? [direction(sql`lower(${users.firstName} || ' ' || ${users.lastName})`)]
      : page.sort === 'email'
        ? [direction(users.email)]
        : [direction(users.createdAt)];
  return db
    .select()
    .from(users)
    .where(listed(page))
    .orderBy(...order, direction(users.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countUserRows(db: Database, filter: UserListFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(listed(filter));
  return row?.total ?? 0;
}

export async function setUserStatus(db: Database, id: string, status: string): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.id, id), inArray(users.status, ['UNCONFIRMED', 'ACTIVE', 'SUSPENDED'])))
    .returning();
  return row ?? null;
}
