import { z } from 'zod';
import { publicArtist } from './artists.js';
import { ARTIST_STATUSES, RATING_CATEGORIES } from './constants.js';
import { messages } from './messages.js';
import { paged, pageQuery } from './pagination.js';
import { publicUser } from './users.js';

export const artistIdParams = z.object({ id: z.guid({ error: 'Not a valid id.' }) });

export const BIO_MAX_LENGTH = 20_000;
const BIO_TOO_LONG = `The bio is too long (at most ${BIO_MAX_LENGTH.toLocaleString('en-US')} characters of text and markup).`;
const SCORE_RULE = 'Scores are whole numbers from 1 to 9 (0 while not rated).';
const SCORE_LABEL_RULE = 'Each rating category may appear once.';

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
 * PUT/PATCH /api/artists/{id}. Every field is optional; keys not listed (the rest of a PublicArtist sent
 * back whole) are dropped. The admin-only fields are validated for everyone and applied for admins only.
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
  tier: z.string().trim().min(1).max(60).optional(),
  isFeatured: z.boolean().optional(),
  featuredBio: z.string().max(5000).nullable().optional(),
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

/** `status`, `tier` and `defaults` are admin filters; other callers always get ACTIVE, searchable artists. */
export const artistListQuery = pageQuery.extend({
  status: z.enum(ARTIST_STATUSES).optional(),
  tier: z.string().trim().min(1).max(60).optional(),
  defaults: flag.optional(),
});
export type ArtistListQuery = z.infer<typeof artistListQuery>;

export const pagedArtists = paged(publicArtist);
export type PagedArtists = z.infer<typeof pagedArtists>;

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
