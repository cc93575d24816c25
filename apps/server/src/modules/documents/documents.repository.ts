import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { documents, documentVersions } from '../../platform/db/schema/content.js';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentVersionRow = typeof documentVersions.$inferSelect;

export function listDocumentRows(db: Database): Promise<DocumentRow[]> {
  return db.select().from(documents);
}

export async function findDocumentRowById(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}

export async function findDocumentRowByKey(db: Database, key: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.key, key)).limit(1);
  return row ?? null;
}

export async function lockDocumentRow(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Inserts the document unless one with its key (or label) exists; answers the new row, or null. */
export async function insertDocumentRowIfMissing(
  db: Database,
  values: { key: string; label: string; content: string },
): Promise<DocumentRow | null> {
  const [row] = await db.insert(documents).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateDocumentRow(
  db: Database,
  id: string,
  patch: Partial<Pick<DocumentRow, 'label' | 'content' | 'version' | 'publishedAt'>>,
): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(documents.id, id))
    .returning();
  return row ?? null;
}

export async function insertVersionRow(
  db: Database,
  values: Pick<DocumentVersionRow, 'documentId' | 'version' | 'label' | 'content' | 'publishedAt' | 'publishedBy'>,
): Promise<void> {
  await db.insert(documentVersions).values(values);
}

export function listVersionRows(db: Database, documentId: string): Promise<DocumentVersionRow[]> {
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
}

/** Documents with the given keys whose current text is a change (not the first version) published after `since`. */
export function findChangedDocumentRows(db: Database, keys: string[], since: Date): Promise<DocumentRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.key, keys), gt(documents.version, 1), gt(documents.publishedAt, since)))
    .orderBy(desc(documents.publishedAt));
}
