/** Artists: the artist behind an ARTIST account, and its photos. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { genres } from './genres.js';
import { users } from './identity.js';

export const artists = pgTable(
  'artists',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The readable, unique part of the artist's public address (/a/{slug}); set from the name. */
    slug: text('slug'),
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
    /** When an admin first approved the artist (status ACTIVE). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * When the licence was terminated (status CANCELLED): by the artist's request or an admin. From then on no
     * new subscriptions and no renewals; subscribers keep access to the end of their terms.
     */
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    /** The user who terminated it: the artist's own user or an admin. */
    terminatedBy: uuid('terminated_by'),
    terminationReason: text('termination_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_user_key').on(t.userId),
    uniqueIndex('artists_slug_key').on(t.slug),
    index('artists_name_trgm_idx').using('gist', sql`lower(${t.name}) gist_trgm_ops`),
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
