/**
 * Releases (docs/releases.md): the release notifications. Each song whose release arrived is filed once in a
 * batch of its artist's; a batch closes after a quiet window and is fanned out to one mail row per fan, which
 * the sender jobs claim and mail. Fans' release-mail settings live here too.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { artists } from './artists.js';
import { songs } from './catalogue.js';
import { createdAt, id } from './columns.js';
import { users } from './identity.js';

/** A run of one artist's releases told to fans in one mail each. */
export const releaseBatches = pgTable(
  'release_batches',
  {
    id: id(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** The first and the latest release moment filed in it. */
    firstReleaseAt: timestamp('first_release_at', { withTimezone: true }).notNull(),
    lastReleaseAt: timestamp('last_release_at', { withTimezone: true }).notNull(),
    /** Set when the quiet window passed: no song joins it after. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The fan-out's cursor: the greatest member id given a mail row so far. */
    fanOutCursor: uuid('fan_out_cursor'),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one open batch per artist: two sweeps filing at once share it.
    uniqueIndex('release_batches_open_artist_idx')
      .on(t.artistId)
      .where(sql`${t.closedAt} is null`),
    index('release_batches_fan_out_idx')
      .on(t.closedAt)
      .where(sql`${t.fannedOutAt} is null`),
  ],
);

/** Each released song, filed once (its primary key) in the batch that tells fans of it. */
export const releaseSongs = pgTable(
  'release_songs',
  {
    songId: uuid('song_id')
      .primaryKey()
      .references(() => songs.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => releaseBatches.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('release_songs_batch_idx').on(t.batchId)],
);

/** One mail per fan and batch (the unique key), claimed and sent by the sender jobs. */
export const releaseMails = pgTable(
  'release_mails',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => releaseBatches.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** When a sender took it, and which claim: a claim older than RELEASE_CLAIM_STALE_SECONDS is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last attempt, or not sent because the fan turned the mails off meanwhile. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    skipped: boolean('skipped').notNull().default(false),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('release_mails_batch_member_idx').on(t.batchId, t.memberId),
    index('release_mails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('release_mails_member_idx').on(t.memberId),
  ],
);

/** A fan who turned every release mail off. */
export const releaseMailsOff = pgTable('release_mails_off', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A fan's release mails of one artist turned off. */
export const releaseMailsArtistOff = pgTable(
  'release_mails_artist_off',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.artistId] })],
);
