/** Catalogue: songs, albums, record labels and playlists. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { artists } from './artists.js';
import { createdAt, id, updatedAt } from './columns.js';
import { genres } from './genres.js';
import { users } from './identity.js';

/**
 * Song titles in bands by their number of distinct trigrams (pg_trgm's `show_trgm`), each band with a GiST
 * trigram index of its own (migration 0011, decision 0019). A title with n trigrams is at least
 * `1 - m / n` away from a term with m trigrams (similarity is shared / all, at most m / n), so a search walks
 * the bands from the shortest titles up and stops once the next band cannot hold a nearer title. On the
 * 200,000-song bench catalogue the bands hold about 23, 32, 25 and 18% of the titles.
 */
export const TITLE_BANDS = [
  { name: 'short', fewest: 0, most: 13 },
  { name: 'medium', fewest: 14, most: 16 },
  { name: 'long', fewest: 17, most: 19 },
  { name: 'longest', fewest: 20, most: null },
] as const;

export type TitleBand = (typeof TITLE_BANDS)[number];

/** The number of distinct trigrams of the lowercased text, as pg_trgm's similarity counts them. */
export function trigramCount(text: AnyColumn | SQL): SQL {
  return sql`coalesce(array_length(show_trgm(lower(${text})), 1), 0)`;
}

/**
 * The band's condition, written exactly as its partial index's predicate (constants inline), so the planner
 * proves the index applies.
 */
export function inTitleBand(title: AnyColumn, band: TitleBand): SQL {
  const count = trigramCount(title);
  const fewest = sql.raw(String(band.fewest));
  return band.most === null
    ? sql`${count} >= ${fewest}`
    : sql`(${count} >= ${fewest} and ${count} <= ${sql.raw(String(band.most))})`;
}

export const songs = pgTable(
  'songs',
  {
    id: id(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('Untitled'),
    additionalArtists: text('additional_artists'),
    publisher: text('publisher'),
    songWriters: text('song_writers'),
    isrc: text('isrc'),
    streamFile: text('stream_file'),
    dashManifest: text('dash_manifest'),
    previewFile: text('preview_file'),
    downloadFile: text('download_file'),
    embedCode: text('embed_code'),
    explicit: boolean('explicit').notNull().default(false),
    releaseDate: date('release_date', { mode: 'string' }),
    /**
     * A scheduled release (the minute the artist chose), or null. Set, it decides alone when the song is out
     * (release_date then holds its UTC day, for lists); null, the release date does (modules/access/released.ts).
     */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    trackNumber: integer('track_number'),
    isExclusive: boolean('is_exclusive').notNull().default(false),
    comment: text('comment'),
    isFullPreview: boolean('is_full_preview').notNull().default(false),
    fullPreviewPosition: integer('full_preview_position').notNull().default(0),
    plays: integer('plays').notNull().default(0),
    hifives: integer('hifives').notNull().default(0),
    status: text('status').notNull().default('pending'),
    duration: real('duration'),
    active: boolean('active').notNull().default(true),
    failureReason: text('failure_reason'),
    /** Storage folder holding every file made from this song. */
    mediaPrefix: text('media_prefix'),
    originalKey: text('original_key'),
    originalFileName: text('original_file_name'),
    originalSize: bigint('original_size', { mode: 'number' }),
    uploadId: text('upload_id'),
    downloadFiles: jsonb('download_files').$type<{ flac: string; mp3: string; wav: string }>(),
    /** Bytes of each download file, written with them (or read from storage once and kept). */
    downloadSizes: jsonb('download_sizes').$type<{ flac: number; mp3: number; wav: number }>(),
    peaks: jsonb('peaks').$type<number[]>(),
    loudness: jsonb('loudness').$type<{ integratedLufs: number; truePeakDb: number; lra: number }>(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('songs_artist_created_idx').on(t.artistId, t.createdAt),
    // The next release to come (platform/read-models/catalogue-version.ts): cached lists expire at it.
    index('songs_release_at_idx').on(t.releaseAt),
    index('songs_release_date_idx').on(t.releaseDate),
    ...TITLE_BANDS.map((band) =>
      index(`songs_title_${band.name}_trgm_idx`)
        .using('gist', sql`lower(${t.title}) gist_trgm_ops`)
        .where(inTitleBand(t.title, band)),
    ),
    check('songs_status_check', sql`${t.status} in ('pending', 'uploading', 'ready', 'failed')`),
  ],
);

/**
 * The download formats made on first request (ALAC, AIFF, MP3 V0, AAC, Vorbis, Opus) from the song's FLAC
 * master: one row per song and format, made by the first request (the unique key lets only one request
 * start the job), `ready` with its storage key and size once stored, and reused by every later download
 * (docs/decisions/0051-formats-made-on-first-request.md). FLAC, MP3 320 and WAV stay on the song's row.
 */
export const songFormats = pgTable(
  'song_formats',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    state: text('state').notNull().default('preparing'),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('song_formats_song_format_key').on(t.songId, t.format),
    check('song_formats_state_check', sql`${t.state} in ('preparing', 'ready', 'failed')`),
    check('song_formats_format_check', sql`${t.format} in ('alac', 'aiff', 'mp3-v0', 'aac', 'vorbis', 'opus')`),
  ],
);

export const albums = pgTable(
  'albums',
  {
    id: id(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    artwork: text('artwork'),
    artworkKey: text('artwork_key'),
    linerNotes: text('liner_notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('albums_artist_idx').on(t.artistId, t.createdAt),
    index('albums_name_trgm_idx').using('gist', sql`lower(${t.name}) gist_trgm_ops`),
  ],
);

export const albumSongs = pgTable(
  'album_songs',
  {
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.songId] }), index('album_songs_song_idx').on(t.songId)],
);

export const labels = pgTable('labels', {
  id: id(),
  name: text('name').notNull(),
  website: text('website'),
  genres: jsonb('genres').$type<string[]>().notNull().default([]),
  location: text('location'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const playlists = pgTable(
  'playlists',
  {
    id: id(),
    title: text('title').notNull().default('Untitled'),
    type: text('type').notNull().default('SONGS'),
    genreId: uuid('genre_id').references(() => genres.id, { onDelete: 'set null' }),
    showOnFrontPage: boolean('show_on_front_page').notNull().default(false),
    position: integer('position').notNull().default(-1),
    /** Storage key of the artwork (playlist-images/{id}/...), or null. */
    artwork: text('artwork'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    isHfmPicks: boolean('is_hfm_picks').notNull().default(false),
    hfmPicksPosition: integer('hfm_picks_position'),
    isHfmRadio: boolean('is_hfm_radio').notNull().default(false),
    labelId: uuid('label_id').references(() => labels.id, { onDelete: 'set null' }),
    /**
     * The month ('YYYY-MM', UTC) HFM Picks generation made this playlist for; null for playlists made by
     * hand. Unique with the title, so a month has one of each of the three (docs/decisions/0022).
     */
    picksMonth: text('picks_month'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('playlists_picks_month_title_idx').on(t.picksMonth, t.title),
    index('playlists_created_idx').on(t.createdAt),
  ],
);

export const playlistSongs = pgTable(
  'playlist_songs',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  // The access policy asks "is this song on an HFM Radio or HFM Picks playlist" by song.
  (t) => [primaryKey({ columns: [t.playlistId, t.songId] }), index('playlist_songs_song_idx').on(t.songId)],
);
