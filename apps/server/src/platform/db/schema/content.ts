/** Content: the site's own documents (terms, policies) and every version of them ever published. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './identity.js';

export const documents = pgTable(
  'documents',
  {
    id: id(),
    /** The stable name pages and notices use ('user-terms'); the label is the admin's to rename. */
    key: text('key').notNull(),
    label: text('label').notNull(),
    content: text('content').notNull().default(''),
    /** The number of the published version the content is (1: the text first published). */
    version: integer('version').notNull().default(1),
    /** When the current content was published. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('documents_label_key').on(t.label), uniqueIndex('documents_key_key').on(t.key)],
);

/**
 * Every published version of a document, kept for good: what someone agreed to, and when, stays known.
 * `published_by` is the admin who published it (null for the text first published at seeding).
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    label: text('label').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('document_versions_document_version_key').on(t.documentId, t.version),
    index('document_versions_published_idx').on(t.publishedAt),
  ],
);
