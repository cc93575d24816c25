import { sql } from 'drizzle-orm';
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

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    dob: date('dob', { mode: 'string' }),
    location: text('location'),
    gender: text('gender'),
    status: text('status').notNull().default('UNCONFIRMED'),
    role: text('role').notNull(),
    hfmPicksOptIn: boolean('hfm_picks_opt_in').notNull().default(false),
    profileImage: text('profile_image'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'ARTIST', 'SUBSCRIBER')`),
    check('users_status_check', sql`${t.status} in ('UNCONFIRMED', 'ACTIVE', 'SUSPENDED')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const confirmationCodes = pgTable('confirmation_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

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

export const artists = pgTable(
  'artists',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    genreId: uuid('genre_id').references(() => genres.id, { onDelete: 'set null' }),
    bio: text('bio').notNull().default(''),
    hfmPicksOptIn: boolean('hfm_picks_opt_in').notNull().default(true),
    paymentServiceId: text('payment_service_id'),
    isExclusive: boolean('is_exclusive').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    featuredBio: text('featured_bio'),
    featuredPosition: integer('featured_position').notNull().default(-1),
    tier: text('tier').notNull().default('In Review'),
    hifives: integer('hifives').notNull().default(0),
    status: text('status').notNull().default('PENDING'),
    scoreMatrix: jsonb('score_matrix').$type<{ label: string; score: number }[]>().notNull().default([]),
    bannerImage: text('banner_image'),
    isSearchable: boolean('is_searchable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_user_key').on(t.userId),
    index('artists_status_created_idx').on(t.status, t.createdAt),
    check('artists_status_check', sql`${t.status} in ('PENDING', 'ACTIVE', 'INACTIVE', 'CANCELLED')`),
  ],
);

export const artistPhotos = pgTable(
  'artist_photos',
  {
    id: id(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('artist_photos_artist_idx').on(t.artistId, t.position)],
);

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
    peaks: jsonb('peaks').$type<number[]>(),
    loudness: jsonb('loudness').$type<{ integratedLufs: number; truePeakDb: number; lra: number }>(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('songs_artist_created_idx').on(t.artistId, t.createdAt),
    check('songs_status_check', sql`${t.status} in ('pending', 'uploading', 'ready', 'failed')`),
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
  (t) => [index('albums_artist_idx').on(t.artistId, t.createdAt)],
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

export const playlists = pgTable('playlists', {
  id: id(),
  title: text('title').notNull().default('Untitled'),
  type: text('type').notNull().default('SONGS'),
  genreId: uuid('genre_id').references(() => genres.id, { onDelete: 'set null' }),
  showOnFrontPage: boolean('show_on_front_page').notNull().default(false),
  position: integer('position').notNull().default(-1),
  artwork: text('artwork'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  isHfmPicks: boolean('is_hfm_picks').notNull().default(false),
  hfmPicksPosition: integer('hfm_picks_position'),
  isHfmRadio: boolean('is_hfm_radio').notNull().default(false),
  labelId: uuid('label_id').references(() => labels.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  (t) => [primaryKey({ columns: [t.playlistId, t.songId] })],
);

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

export const paymentCards = pgTable(
  'payment_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    cardName: text('card_name').notNull(),
    postalCode: text('postal_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_cards_user_idx').on(t.userId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    priceCents: integer('price_cents').notNull().default(999),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_member_idx').on(t.memberId), index('subscriptions_artist_idx').on(t.artistId)],
);

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
