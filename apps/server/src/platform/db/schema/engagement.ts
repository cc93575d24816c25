/** Engagement: what members do with songs (listens, favourites, Hi Fives). */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { artists } from './artists.js';
import { songs } from './catalogue.js';
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

/**
 * When a member's listen to a song last counted toward its plays: one row per member and song, so a
 * listen counts at most once in a window however fast the events come (an upsert decides, atomically).
 */
export const memberSongListens = pgTable(
  'member_song_listens',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.songId] })],
);

/**
 * Plays over time: the plays of each song per UTC month, counted in the same transaction and by the same
 * rule as `songs.plays` (docs/decisions/0011-plays.md), so an artist's monthly plays add up to what the
 * songs show (from the month this table began; earlier plays are in `songs.plays` only). The song is a plain
 * id, so a deleted song's past plays still count in its artist's months.
 */
export const songPlayMonths = pgTable(
  'song_play_months',
  {
    songId: uuid('song_id').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** The first day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.songId, t.month] }), index('song_play_months_artist_idx').on(t.artistId, t.month)],
);
