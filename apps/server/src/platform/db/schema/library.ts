/** Library: what members downloaded, and so keep (My Music). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { songs } from './catalogue.js';
import { id } from './columns.js';
import { users } from './identity.js';

/**
 * One row per download of one song in one format (a song in an album zip is one row too). `kept` is true
 * when the member was subscribed to the song's artist at that moment: such a song is theirs for good
 * (docs/decisions/0016-downloads-you-keep.md). Downloads by the artist or an admin are recorded with
 * `kept` false, as are later downloads of a song already kept.
 */
export const songDownloads = pgTable(
  'song_downloads',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    kept: boolean('kept').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My Music and the "kept" check read a member's rows per song; the time orders My Music.
    index('song_downloads_member_song_idx').on(t.memberId, t.songId, t.downloadedAt),
    index('song_downloads_song_idx').on(t.songId),
    check(
      'song_downloads_format_check',
      sql`${t.format} in ('flac', 'alac', 'aiff', 'wav', 'mp3', 'mp3-v0', 'aac', 'vorbis', 'opus')`,
    ),
  ],
);
