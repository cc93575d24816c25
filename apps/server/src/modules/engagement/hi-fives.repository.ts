import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { hiFives } from '../../platform/db/schema/engagement.js';

export type HiFiveRow = typeof hiFives.$inferSelect;

/** The songs a member gave a Hi Five. */
export async function listHiFivedSongIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ itemId: hiFives.itemId }).from(hiFives).where(eq(hiFives.userId, userId));
  return rows.map((row) => row.itemId);
}

/** The new entry, or null when the member already gave this item a Hi Five (hi_fives_user_item_key). */
export async function insertHiFive(db: Database, userId: string, itemId: string): Promise<HiFiveRow | null> {
  const [row] = await db
    .insert(hiFives)
    .values({ userId, itemId, itemType: 'song' })
    .onConflictDoNothing({ target: [hiFives.userId, hiFives.itemId] })
    .returning();
  return row ?? null;
}

export async function findHiFive(db: Database, userId: string, itemId: string): Promise<HiFiveRow | null> {
  const [row] = await db
    .select()
    .from(hiFives)
    .where(and(eq(hiFives.userId, userId), eq(hiFives.itemId, itemId)))
    .limit(1);
  return row ?? null;
}

export async function findHiFiveById(db: Database, id: string): Promise<HiFiveRow | null> {
  const [row] = await db.select().from(hiFives).where(eq(hiFives.id, id)).limit(1);
  return row ?? null;
}

/** The deleted entry, or null when it was already gone. */
export async function deleteHiFiveRow(db: Database, id: string): Promise<HiFiveRow | null> {
  const [row] = await db.delete(hiFives).where(eq(hiFives.id, id)).returning();
  return row ?? null;
}

export async function countHiFivesOfItem(db: Database, itemId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(hiFives).where(eq(hiFives.itemId, itemId));
  return Number(row?.total ?? 0);
}

/** Removes every Hi Five the user gave; answers the items they were for. */
export async function deleteHiFivesOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db.delete(hiFives).where(eq(hiFives.userId, userId)).returning({ itemId: hiFives.itemId });
  return rows.map((row) => row.itemId);
}
