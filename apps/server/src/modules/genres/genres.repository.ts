import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { preparedRead } from '../../platform/db/prepared.js';
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

/** Lists ask this for their page's genres: prepared once per database handle, the ids one array parameter. */
const genreRowsByIds = preparedRead(
  (db, name) =>
    db
      .select()
      .from(genres)
      .where(sql`${genres.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  'genres_by_ids',
);

export function findGenreRowsByIds(db: Database, ids: string[]): Promise<GenreRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return genreRowsByIds(db).execute({ ids });
}

/** Inserts one genre; a label taken in any case violates `genres_label_key` (the caller answers 409). */
export async function insertGenreRow(db: Database, label: string): Promise<GenreRow> {
  const [row] = await db.insert(genres).values({ label }).returning();
  return row!;
}

/** Inserts the labels that are free and answers the rows made; taken labels are skipped, not errors. */
export function insertGenreRowsSkippingTaken(db: Database, labels: string[]): Promise<GenreRow[]> {
  if (labels.length === 0) return Promise.resolve([]);
  return db
    .insert(genres)
    .values(labels.map((label) => ({ label })))
    .onConflictDoNothing()
    .returning();
}

export async function updateGenreRow(
  db: Database,
  id: string,
  patch: Partial<Pick<GenreRow, 'label' | 'artwork'>>,
): Promise<GenreRow | null> {
  const [row] = await db
    .update(genres)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(genres.id, id))
    .returning();
  return row ?? null;
}

export async function lockGenreRow(db: Database, id: string): Promise<GenreRow | null> {
  const [row] = await db.select().from(genres).where(eq(genres.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function deleteGenreRow(db: Database, id: string): Promise<GenreRow | null> {
  const [row] = await db.delete(genres).where(eq(genres.id, id)).returning();
  return row ?? null;
}

/** Labels containing the term (any case), those that start with it first, then by label. */
export function searchGenreRows(db: Database, term: string, limit: number): Promise<GenreRow[]> {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  const lower = sql`lower(${genres.label})`;
  return db
    .select()
    .from(genres)
    .where(sql`${lower} like ${`%${escaped}%`}`)
    .orderBy(sql`case when ${lower} like ${`${escaped}%`} then 0 else 1 end`, asc(lower), asc(genres.label))
    .limit(limit);
}
