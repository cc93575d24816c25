import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/identity.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUserRow, 'id' | 'createdAt'>>;

export interface UserRelations {
  subscribedTo: { artistID: string }[];
  hiFived: { id: string; itemID: string }[];
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Emails are stored lowercased, so the lookup lowercases too. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserByUserName(db: Database, userName: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.userName, userName.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUserRow(db: Database, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

export function findUserRowsByIds(db: Database, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, ids));
}
