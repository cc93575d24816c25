import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { placeholderValues, preparedStatement } from '../../platform/db/prepared.js';
import { paymentReceipts } from '../../platform/db/schema/billing.js';

export type ReceiptRow = typeof paymentReceipts.$inferSelect;
export type NewReceiptRow = typeof paymentReceipts.$inferInsert;

/** What a receipt is written with (the number, id and currency are the table's own; not mailed yet). */
const RECEIPT_COLUMNS = [
  'kind',
  'sourceKey',
  'memberId',
  'subscriptionId',
  'artistId',
  'artistName',
  'amountCents',
  'cardBrand',
  'cardLast4',
  'termNumber',
  'periodStart',
  'periodEnd',
  'failureReason',
  'retryAt',
  'createdAt',
] as const;
export type ReceiptValues = Pick<NewReceiptRow, (typeof RECEIPT_COLUMNS)[number]> &
  Required<Pick<NewReceiptRow, 'createdAt'>>;

/** Prepared, also in transactions: every money movement writes one in the transaction that records it. */
const insertReceiptStatement = preparedStatement(
  (db, name) =>
    db
      .insert(paymentReceipts)
      .values(placeholderValues<NewReceiptRow>(RECEIPT_COLUMNS))
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  'billing_insert_receipt',
);

/** Adds the receipt unless one records the same thing already (its source key): answers the new row, or null. */
export async function insertReceipt(db: Database, values: ReceiptValues): Promise<ReceiptRow | null> {
  const [row] = await insertReceiptStatement(db).execute(
    Object.fromEntries(RECEIPT_COLUMNS.map((column) => [column, values[column] ?? null])),
  );
  return row ?? null;
}

export async function findReceipt(db: Database, id: string): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.id, id));
  return row ?? null;
}

export async function findReceiptBySource(db: Database, sourceKey: string): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.sourceKey, sourceKey));
  return row ?? null;
}

/** The member's receipts, newest first, one page. */
export async function listReceiptsOfMember(
  db: Database,
  memberId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ReceiptRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentReceipts)
      .where(eq(paymentReceipts.memberId, memberId))
      .orderBy(desc(paymentReceipts.createdAt), desc(paymentReceipts.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(paymentReceipts).where(eq(paymentReceipts.memberId, memberId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Takes the receipt's mail to send: true for the one caller that found it unsent (a retried job finds it taken). */
export async function claimReceiptMail(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(paymentReceipts)
    .set({ mailedAt: new Date() })
    .where(and(eq(paymentReceipts.id, id), isNull(paymentReceipts.mailedAt)))
    .returning({ id: paymentReceipts.id });
  return rows.length > 0;
}

/** The mail could not be sent: its next attempt may take it again. */
export async function releaseReceiptMail(db: Database, id: string): Promise<void> {
  await db.update(paymentReceipts).set({ mailedAt: null }).where(eq(paymentReceipts.id, id));
}
