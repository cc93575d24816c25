/** Genres: what artists and playlists are filed under. */
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

export const genres = pgTable(
  'genres',
  {
    id: id(),
    label: text('label').notNull(),
    artwork: text('artwork'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('genres_label_key').on(sql`lower(${t.label})`)],
);
