/**
 * The admin's curation: genres (list, create, bulk add, rename, artwork, type-ahead search) and record labels
 * (list, create, update, delete). Spec 000 sections 3 and 8; 001 sections 4, 7.2 and 7.3.
 */
import { z } from 'zod';
import { publicGenre } from './artists.js';
import { paged, pageQuery } from './pagination.js';

export const GENRE_LABEL_MAX = 60;
/** Most genres one bulk add takes. */
export const MAX_GENRES_PER_ADD = 100;
/** Most genres the type-ahead answers. */
export const GENRE_SEARCH_LIMIT = 20;

export const genreMessages = {
  label: 'Please enter a genre name.',
  labelTooLong: `A genre name has at most ${GENRE_LABEL_MAX} characters.`,
  exists: (label: string) => `The genre ${label} already exists.`,
  noSuchGenre: 'No such genre.',
  inUse: (label: string, artists: number) =>
    `${artists === 1 ? '1 artist is' : `${artists} artists are`} filed under ${label}. Move ${artists === 1 ? 'it' : 'them'} to another genre first.`,
  noSuchMoveTarget: 'The genre to move the artists to does not exist.',
  moveToItself: 'Choose another genre to move the artists to.',
  nothingToAdd: 'Please enter at least one genre name.',
  tooMany: `Add at most ${MAX_GENRES_PER_ADD} genres at once.`,
} as const;

const genreLabel = z
  .string({ error: genreMessages.label })
  .trim()
  .min(1, { error: genreMessages.label })
  .max(GENRE_LABEL_MAX, { error: genreMessages.labelTooLong });

export const genreIdParams = z.object({ id: z.guid({ error: genreMessages.noSuchGenre }) });

/** DELETE /api/genres/{id}?moveArtistsTo={genreId}: its artists go to that genre, then it is deleted (one transaction). */
export const deleteGenreQuery = z.object({
  moveArtistsTo: z.guid({ error: genreMessages.noSuchMoveTarget }).optional(),
});
export type DeleteGenreQuery = z.infer<typeof deleteGenreQuery>;

/** The deleted genre, and how many artists moved from it to the genre named in moveArtistsTo (0 without it). */
export const deletedGenreAnswer = z.object({
  id: z.string(),
  deleted: z.literal(true),
  artistsMoved: z.number().int(),
});
export type DeletedGenreAnswer = z.infer<typeof deletedGenreAnswer>;

/** POST /api/genres/create, PATCH /api/genres/{id}. */
export const saveGenreBody = z.object({ label: genreLabel });
export type SaveGenreBody = z.infer<typeof saveGenreBody>;

/** POST /api/genres: the spec's bulk save (addGenres), labels as objects or plain text. */
export const addGenresBody = z.object({
  genres: z
    .array(z.union([genreLabel, z.object({ label: genreLabel })]), { error: genreMessages.nothingToAdd })
    .min(1, { error: genreMessages.nothingToAdd })
    .max(MAX_GENRES_PER_ADD, { error: genreMessages.tooMany }),
});
export type AddGenresBody = z.infer<typeof addGenresBody>;

/** What a bulk add did: the genres it made, and the labels it skipped because they exist (or repeat). */
export const addGenresAnswer = z.object({ added: z.array(publicGenre), skipped: z.array(z.string()) });
export type AddGenresAnswer = z.infer<typeof addGenresAnswer>;

/** GET /api/genres/search/{search}: a term that is not a search term (isSearchTerm) answers an empty list. */
export const genreSearchParams = z.object({ search: z.string().max(200) });

/**
 * PUT or POST /api/genres/upload/artwork/{id}: the genre plus its image (the spec's "genre plus path"),
 * as JSON with `imageData` (a data URL) or as a multipart form with an `imageData` file.
 */
export const genreArtworkBody = z
  .object({
    imageData: z.string().max(28_000_000).optional().nullable(),
    fileName: z.string().max(1024).optional().nullable(),
    path: z.string().max(1024).optional().nullable(),
    label: z.string().max(200).optional(),
    _id: z.string().max(100).optional(),
    id: z.string().max(100).optional(),
    artwork: z.string().max(1024).optional().nullable(),
  })
  .nullish()
  .describe(
    'The genre plus `imageData` (a PNG or JPEG data URL), or multipart/form-data with an `imageData` file part',
  );

/** The genre with its new artwork; `path` is where the artwork is served (the same as `artwork`). */
export const genreArtworkAnswer = publicGenre.extend({ path: z.string() });
export type GenreArtworkAnswer = z.infer<typeof genreArtworkAnswer>;

// Labels ------------------------------------------------------------------------------------------------------

export const LABEL_NAME_MAX = 120;
export const LABEL_SORTS = ['createdAt', 'updatedAt', 'name'] as const;
export type LabelSort = (typeof LABEL_SORTS)[number];

export const labelMessages = {
  name: 'Please enter the label’s name.',
  website: 'Please enter a website address starting with http:// or https://.',
  genres: 'Please choose genres from the list.',
  location: `A location has at most ${LABEL_NAME_MAX} characters.`,
  noSuchLabel: 'No such label.',
} as const;

export const publicLabel = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  /** Genre ids. */
  genres: z.array(z.string()),
  location: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicLabel = z.infer<typeof publicLabel>;
export const labelsPage = paged(publicLabel);

export const labelIdParams = z.object({ id: z.guid({ error: labelMessages.noSuchLabel }) });

/** Empty text is "none". */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((value) => (value ? value : null));

/** An absolute http(s) address with a host name that has a dot: `https://label.example/about`. */
const WEB_ADDRESS = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i;

function isWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

const labelFields = {
  name: z
    .string({ error: labelMessages.name })
    .trim()
    .min(1, { error: labelMessages.name })
    .max(LABEL_NAME_MAX, { error: labelMessages.name }),
  website: optionalText(300, labelMessages.website).refine((value) => value === null || isWebAddress(value), {
    error: labelMessages.website,
  }),
  genres: z.array(z.guid({ error: labelMessages.genres }), { error: labelMessages.genres }).max(50, {
    error: labelMessages.genres,
  }),
  location: optionalText(LABEL_NAME_MAX, labelMessages.location),
  active: z.boolean(),
};

/** POST /api/labels/create (and POST /api/labels): a label with no id; active defaults to true. */
export const createLabelBody = z.object({
  ...labelFields,
  genres: labelFields.genres.default([]),
  active: labelFields.active.default(true),
});
export type CreateLabelBody = z.input<typeof createLabelBody>;
/** A label's fields once checked (empty text as null, active and genres filled in). */
export type LabelFields = z.output<typeof createLabelBody>;

/** PUT or PATCH /api/labels/{id}: the fields to change (the whole label, as the spec's save sends it, is fine). */
export const updateLabelBody = z.object({
  name: labelFields.name.optional(),
  website: labelFields.website.optional(),
  genres: labelFields.genres.optional(),
  location: labelFields.location.optional(),
  active: labelFields.active.optional(),
});
export type UpdateLabelBody = z.input<typeof updateLabelBody>;

/** GET /api/labels: sorted by createdAt (newest first) unless asked otherwise. */
export const labelsQuery = pageQuery.extend({
  sort: z.enum(LABEL_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type LabelsQuery = z.input<typeof labelsQuery>;
