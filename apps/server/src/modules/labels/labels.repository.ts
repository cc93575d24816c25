import { asc, count, desc, eq, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { labels } from '../../platform/db/schema/catalogue.js';
import type { LabelSort } from '@hfm/shared';

export type LabelRow = typeof labels.$inferSelect;
export type NewLabelRow = Omit<typeof labels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const SORT_COLUMNS: Record<LabelSort, AnyColumn> = {
  createdAt: labels.createdAt,
  updatedAt: labels.updatedAt,
  name: labels.name,
};

export interface LabelPageQuery {
  sort: LabelSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One page, in the asked order; ties by id so pages never overlap. */
export function listLabelRows(db: Database, query: LabelPageQuery): Promise<LabelRow[]> {
  const direction = query.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(labels)
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(labels.id))
    .offset(query.offset)
    .limit(query.limit);
}

export async function countLabelRows(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(labels);
  return row?.total ?? 0;
}

export async function findLabelRow(db: Database, id: string): Promise<LabelRow | null> {
  const [row] = await db.select().from(labels).where(eq(labels.id, id)).limit(1);
  return row ?? null;
}

export async function insertLabelRow(db: Database, values: NewLabelRow): Promise<LabelRow> {
  const [row] = await db.insert(labels).values(values).returning();
  return row!;
}

export async function updateLabelRow(db: Database, id: string, patch: Partial<NewLabelRow>): Promise<LabelRow | null> {
  const [row] = await db
    .update(labels)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(labels.id, id))
    .returning();
  return row ?? null;
}

export async function deleteLabelRow(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(labels).where(eq(labels.id, id)).returning({ id: labels.id });
  return rows.length > 0;
}
