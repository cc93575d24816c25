/** Engagement: what members do with songs (listens, favourites, Hi Fives). */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './identity.js';

export const events = pgTable(
  'events',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    itemType: text('item_type').notNull().default('song'),
    action: text('action').notNull(),
    clientTime: timestamp('client_time', { withTimezone: true }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_item_idx').on(t.itemId, t.action),
    check('events_action_check', sql`${t.action} in ('favorite', 'listen')`),
  ],
);

export const hiFives = pgTable(
  'hi_fives',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    itemType: text('item_type').notNull().default('song'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('hi_fives_user_item_key').on(t.userId, t.itemId), index('hi_fives_item_idx').on(t.itemId)],
);
