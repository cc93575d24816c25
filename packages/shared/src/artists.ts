import { z } from 'zod';
import { ARTIST_STATUSES } from './constants.js';

export const publicGenre = z.object({
  _id: z.string(),
  id: z.string(),
  label: z.string(),
  artwork: z.string().nullable(),
});
export type PublicGenre = z.infer<typeof publicGenre>;
export const publicGenres = z.array(publicGenre);

export const scoreEntry = z.object({ label: z.string(), score: z.number() });

/** The account behind an artist, as admins see it beside the artist (nobody else is shown it). */
export const artistAccount = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.string(),
});
export type ArtistAccount = z.infer<typeof artistAccount>;

/** What the server says about an artist. */
export const publicArtist = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  userID: z.string(),
  genre: publicGenre.nullable(),
  genreID: z.string().nullable(),
  bio: z.string(),
  hfmPicksOptIn: z.boolean(),
  isExclusive: z.boolean(),
  isFeatured: z.boolean(),
  featuredBio: z.string().nullable(),
  featuredPosition: z.number(),
  tier: z.string(),
  photos: z.array(z.string()),
  hifives: z.number(),
  status: z.enum(ARTIST_STATUSES),
  scoreMatrix: z.array(scoreEntry),
  totalScore: z.number(),
  /** The banner's URL (under /media/ or MEDIA_PUBLIC_URL); the storage key is in no answer. */
  bannerImagePath: z.string().nullable(),
  songDirectory: z.string(),
  searchStatus: z.object({ isSearchable: z.boolean() }),
  /** When the licence was terminated (status CANCELLED), else null. */
  terminatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When an admin first approved the artist; null while it never was. */
  approvedAt: z.string().nullable(),
  /** The artist's account: in admins' answers only. */
  user: artistAccount.optional(),
  /** How many of its songs are ready (approval needs MIN_AUDITION_SONGS): in admins' answers only. */
  readySongs: z.number().int().optional(),
});
export type PublicArtist = z.infer<typeof publicArtist>;

/** Song directory name: artist id plus name with quotes, commas and backticks removed, spaces as underscores. */
export function songDirectoryName(artistId: string, name: string): string {
  return `${artistId}${name.replace(/['",`]/g, '').replace(/ /g, '_')}`;
}

export function totalScore(scoreMatrix: { score: number }[]): number {
  return scoreMatrix.reduce((sum, entry) => sum + (Number.isFinite(entry.score) ? entry.score : 0), 0);
}

/** Longest readable part of an artist's public address. */
export const SLUG_MAX_LENGTH = 60;

/**
 * The readable part of an artist's public address (/a/{slug}): the name without accents, in lower case,
 * with every run of other characters as one hyphen ('Björk & The Sugarcubes' -> 'bjork-the-sugarcubes').
 */
export function artistSlug(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
  return plain || 'artist';
}

/** Slugs as they appear in addresses: what artistSlug makes, optionally with a '-suffix' that keeps it unique. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
