/** Content: the site's own documents (terms, policies). */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

export const documents = pgTable(
  'documents',
  {
    id: id(),
    label: text('label').notNull(),
    content: text('content').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('documents_label_key').on(t.label)],
);
