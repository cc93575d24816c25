import { z } from 'zod';
import { publicArtist } from './artists.js';
import { ARTIST_STATUSES, MIN_AUDITION_SONGS, RATING_CATEGORIES, TIERS } from './constants.js';
import { messages } from './messages.js';
import { paged, pageQuery } from './pagination.js';
import { publicUser } from './users.js';

export const artistIdParams = z.object({ id: z.guid({ error: 'Not a valid id.' }) });

export const BIO_MAX_LENGTH = 20_000;
const BIO_TOO_LONG = `The bio is too long (at most ${BIO_MAX_LENGTH.toLocaleString('en-US')} characters of text and markup).`;
const SCORE_RULE = 'Scores are whole numbers from 1 to 9 (0 while not rated).';
const SCORE_LABEL_RULE = 'Each rating category may appear once.';

const TIER_RULE = `The tier must be one of: ${TIERS.join(', ')}.`;
const tierField = z.enum(TIERS, { error: TIER_RULE });

/** The spec's genre: an id, or an object with `_id` (as the artist object carries it). */
const genreRef = z.union([z.string(), z.object({ _id: z.string() })], { error: messages.genre });

const scoreMatrixField = z
  .array(
    z.object({
      label: z.enum(RATING_CATEGORIES, { error: `The label must be one of: ${RATING_CATEGORIES.join(', ')}.` }),
      score: z
        .number({ error: SCORE_RULE })
        .int({ error: SCORE_RULE })
        .min(0, { error: SCORE_RULE })
        .max(9, { error: SCORE_RULE }),
    }),
  )
  .max(RATING_CATEGORIES.length, { error: SCORE_LABEL_RULE })
  .refine((entries) => new Set(entries.map((entry) => entry.label)).size === entries.length, {
    error: SCORE_LABEL_RULE,
  });

/**
 * The fields of PUT/PATCH /api/artists/{id} only an admin may send: approval, tier, scores, featuring,
 * searchability. Anyone else who sends one (whatever its value) is refused with 403 and nothing is saved.
 */
export const ARTIST_ADMIN_FIELDS = [
  'status',
  'tier',
  'isFeatured',
  'featuredBio',
  'featuredPosition',
  'scoreMatrix',
  'isSearchable',
  'searchStatus',
  'isExclusive',
] as const;
export type ArtistAdminField = (typeof ARTIST_ADMIN_FIELDS)[number];
export const adminOnlyField = (field: string) => `Only an admin can change ${field}.`;

/**
 * Approval (any move to ACTIVE) needs the audition's songs: MIN_AUDITION_SONGS of them ready (transcoded),
 * as the studio tells the artist. A 409 with this message otherwise.
 */
export const auditionSongsNeeded = `This artist cannot be approved yet: approval needs at least ${MIN_AUDITION_SONGS} ready audition song (uploaded and transcoded).`;

export const FEATURED_BIO_MAX_LENGTH = 5000;

/**
 * PUT/PATCH /api/artists/{id}. Every field is optional; keys not listed are dropped. The admin-only fields
 * (ARTIST_ADMIN_FIELDS) are validated for everyone and refused (403) from anyone but an admin.
 * Featuring: `isFeatured: true` appends the artist to the featured order (or puts it at `featuredPosition`
 * when that is sent too); `isFeatured: false` or `featuredPosition: -1` takes it out and the others close
 * up; `featuredPosition: n` alone moves a featured artist to n (the others shift).
 */
export const updateArtistBody = z.object({
  name: z
    .string({ error: messages.artistName })
    .trim()
    .min(1, { error: messages.artistName })
    .max(120, { error: messages.artistName })
    .optional(),
  genre: genreRef.optional(),
  bio: z.string({ error: messages.bio }).max(BIO_MAX_LENGTH, { error: BIO_TOO_LONG }).optional(),
  hfmPicksOptIn: z.boolean().optional(),
  status: z.enum(ARTIST_STATUSES).optional(),
  tier: tierField.optional(),
  isFeatured: z.boolean().optional(),
  featuredBio: z.string().max(FEATURED_BIO_MAX_LENGTH).nullable().optional(),
  featuredPosition: z.number().int().min(-1).max(10_000).optional(),
  scoreMatrix: scoreMatrixField.optional(),
  isSearchable: z.boolean().optional(),
  searchStatus: z.object({ isSearchable: z.boolean() }).optional(),
  isExclusive: z.boolean().optional(),
});
export type UpdateArtistBody = z.infer<typeof updateArtistBody>;
/** What a client may send (the genre as an id or as the artist object carries it). */
export type UpdateArtistRequest = z.input<typeof updateArtistBody>;

const flag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

export const ARTIST_SORTS = ['createdAt', 'totalScore', 'name'] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `status`, `tier`, `defaults`, `search`, `sort` and `order` are admins' (other callers always get ACTIVE,
 * searchable artists, newest first). `search` matches the name or the account's email, in any case; an
 * empty one is no search.
 */
export const artistListQuery = pageQuery.extend({
  status: z.enum(ARTIST_STATUSES).optional(),
  tier: tierField.optional(),
  defaults: flag.optional(),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(ARTIST_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
});
export type ArtistListQuery = z.infer<typeof artistListQuery>;

export const pagedArtists = paged(publicArtist);
export type PagedArtists = z.infer<typeof pagedArtists>;
/** What a client may ask the list for (page, limit, sort and order have defaults). */
export type ArtistListRequest = z.input<typeof artistListQuery>;

const featuredId = z.guid({ error: 'Not a valid id.' });

/** POST /api/artists/featured/swap: the added artist takes the removed one's place; the removed one leaves. */
export const featuredSwapBody = z
  .object({ removeID: featuredId, addID: featuredId })
  .refine((body) => body.removeID !== body.addID, {
    error: 'Choose another artist to swap in.',
    path: ['addID'],
  });
export type FeaturedSwapBody = z.infer<typeof featuredSwapBody>;

/** PUT /api/artists/featured/order: every featured artist's id, once, in the new order. */
export const featuredOrderBody = z.object({
  ids: z
    .array(featuredId)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each artist may appear once.' }),
});
export type FeaturedOrderBody = z.infer<typeof featuredOrderBody>;

/** A featured artist with the picture fans see for it (the profile image, else the first audition photo). */
export const featuredArtist = publicArtist.extend({ picture: z.string().nullable() });
export type FeaturedArtist = z.infer<typeof featuredArtist>;

/** The featured artists in their order: featuredPosition 0 (the hero artist), 1, 2... */
export const featuredArtists = z.object({ items: z.array(featuredArtist) });
export type FeaturedArtists = z.infer<typeof featuredArtists>;

const jsonPart = z.union([z.string(), z.record(z.string(), z.unknown())]);

/** POST /api/artists/create. Multipart is the spec's form; the same parts as one JSON object are accepted too. */
export const artistSignUpBody = z
  .object({
    artist: jsonPart,
    user: jsonPart,
    s3Path: z.string().max(500).optional().nullable(),
    imageData: z.string().optional().nullable(),
    bannerImageData: z.string().optional().nullable(),
  })
  .nullish()
  .describe('multipart/form-data: `artist` and `user` as JSON text, images as file parts or data URLs');
export const artistSignUpAnswer = z.object({ user: publicUser, artist: publicArtist });
export type ArtistSignUpAnswer = z.infer<typeof artistSignUpAnswer>;

const imageText = z.string({ error: messages.imageType }).min(1, { error: messages.imageType });

export const bannerUploadBody = z
  .object({
    bannerImageData: imageText,
    fileName: z.string().max(200).optional().nullable(),
    path: z.string().max(500).optional().nullable(),
  })
  .nullish()
  .describe('multipart/form-data with a `bannerImageData` file part (or data-URL field), or the same as JSON');

export const photoUploadBody = z
  .object({ imgData: imageText, path: z.string().max(500).optional().nullable() })
  .nullish()
  .describe('JSON `{ imgData: data URL }`, or multipart/form-data with an `imgData` file part');

/** The banner's path; `warning` when the image is smaller than the advised size. */
export const bannerUploadAnswer = z.object({ path: z.string(), warning: z.string().optional() });
export type BannerUploadAnswer = z.infer<typeof bannerUploadAnswer>;
export const photoUploadAnswer = z.object({ path: z.string(), photos: z.array(z.string()) });
export type PhotoUploadAnswer = z.infer<typeof photoUploadAnswer>;
export const photosAnswer = z.object({ photos: z.array(z.string()) });
export type PhotosAnswer = z.infer<typeof photosAnswer>;

export const photoDeleteBody = z.object({
  path: z
    .string({ error: 'Please name the photo to remove.' })
    .min(1, { error: 'Please name the photo to remove.' })
    .max(1000),
});
