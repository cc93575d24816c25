import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { genres } from '../../platform/db/schema/genres.js';

export type GenreRow = typeof genres.$inferSelect;

export function listGenreRows(db: Database): Promise<GenreRow[]> {
  return db
    .select()
    .from(genres)
    .orderBy(asc(sql`lower(${genres.label})`), asc(genres.label));
}

export async function findGenreRowById(db: Database, id: string): Promise<GenreRow | null> {
  const [row] = await db.select().from(genres).where(eq(genres.id, id)).limit(1);
  return row ?? null;
}

export async function findGenreRowByLabel(db: Database, label: string): Promise<GenreRow | null> {
  const [row] = await db
    .select()
    .from(genres)
    .where(eq(sql`lower(${genres.label})`, label.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export function findGenreRowsByIds(db: Database, ids: string[]): Promise<GenreRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(genres).where(inArray(genres.id, ids));
}
