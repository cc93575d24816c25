/**
 * What fans browse: member home, artist pages, genre and playlist pages, search. Every entity carries
 * `_id` and `id` (the same string). Lists carry no waveform peaks and no storage keys.
 */
import { z } from 'zod';
import { publicGenre } from './artists.js';
import { PRICE_CENTS_PER_ARTIST_YEAR } from './money.js';

/** A song as fans see it in any list: enough to show its row and play it. */
export const catalogueSong = z.object({
  _id: z.string(),
  id: z.string(),
  artistID: z.string(),
  artistName: z.string(),
  artistSlug: z.string(),
  title: z.string(),
  duration: z.number().nullable(),
  explicit: z.boolean(),
  releaseDate: z.string().nullable(),
  trackNumber: z.number().nullable(),
  /** Plays in full for everyone (the artist's choice); other songs play their preview to non-subscribers. */
  isFullPreview: z.boolean(),
  /**
   * Everyone hears the whole song: the artist's full preview, or a song of an opted-in artist on HFM Radio or
   * a current HFM Pick (docs/decisions/0022). False: a preview, except to subscribers and those who keep it.
   */
  playsInFull: z.boolean(),
  /** A current HFM Pick: any signed-in member may download it and keep it (docs/decisions/0022). */
  freeToKeep: z.boolean(),
  fullPreviewPosition: z.number(),
  plays: z.number(),
  hifives: z.number(),
  albumIDs: z.array(z.string()),
  createdAt: z.string(),
});
export type CatalogueSong = z.infer<typeof catalogueSong>;

/** An artist in a row of cards (featured, new releases, a genre's artists). */
export const artistCard = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  genre: publicGenre.nullable(),
  /** The first photo's URL, else null. */
  photo: z.string().nullable(),
  bannerImagePath: z.string().nullable(),
  featuredBio: z.string().nullable(),
  featuredPosition: z.number(),
  hifives: z.number(),
  createdAt: z.string(),
});
export type ArtistCard = z.infer<typeof artistCard>;

/** GET /api/bff/members/hero-artist: the artist member home leads with, or null in an empty catalogue. */
export const heroArtist = artistCard.extend({ bio: z.string(), photos: z.array(z.string()) });
export type HeroArtist = z.infer<typeof heroArtist>;
export const heroArtistAnswer = heroArtist.nullable();

/** GET /api/bff/members/artist-summary/{artistId}: the artist and their released songs. */
export const artistSummary = heroArtist.extend({ songs: z.array(catalogueSong) });
export type ArtistSummary = z.infer<typeof artistSummary>;

export const playlistCard = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  type: z.string(),
  artworkPath: z.string().nullable(),
  genre: publicGenre.nullable(),
  showOnFrontPage: z.boolean(),
  position: z.number(),
  isHFMPicks: z.boolean(),
  HFMPicksPosition: z.number().nullable(),
  isHFMRadio: z.boolean(),
  songCount: z.number(),
});
export type PlaylistCard = z.infer<typeof playlistCard>;

/** GET /api/playlists/agg/member-home-lists. */
export const memberHomeLists = z.object({
  /** Playlists shown on the front page, by position. */
  frontPage: z.array(playlistCard),
  /** HFM Picks playlists, by HFMPicksPosition. */
  hfmPicks: z.array(playlistCard),
  hfmRadio: z.array(playlistCard),
  /** Featured artists, by featuredPosition. */
  featuredArtists: z.array(artistCard),
  genres: z.array(publicGenre),
  /** The 9 most recently created ACTIVE artists. */
  newReleases: z.array(artistCard),
});
export type MemberHomeLists = z.infer<typeof memberHomeLists>;

/**
 * A song on an artist's page (GET /api/artist-pages/{slug}, an HFM call the spec does not name): a catalogue
 * song without what the page says once for all of them, its artist (artistID, artistName, artistSlug), nor the
 * `_id` copy of `id`. `expandArtistPage` puts them back.
 */
export const artistPageSong = catalogueSong.omit({ _id: true, artistID: true, artistName: true, artistSlug: true });
export type ArtistPageSong = z.infer<typeof artistPageSong>;

/**
 * An album on an artist's page: `songs` are the ids of its songs in album order (as the spec's Album holds
 * them), each one of the page's `songs` (only those the viewer may see); no `_id` copy of `id`.
 */
export const artistPageAlbum = z.object({
  id: z.string(),
  artistID: z.string(),
  name: z.string(),
  artworkPath: z.string(),
  linerNotes: z.string(),
  songs: z.array(z.string()),
  createdAt: z.string(),
});
export type ArtistPageAlbum = z.infer<typeof artistPageAlbum>;

/** What the viewer has with this artist: the price, and whether they subscribe already. */
export const subscriptionOffer = z.object({
  priceCents: z.literal(PRICE_CENTS_PER_ARTIST_YEAR),
  subscribed: z.boolean(),
  /** False when the artist takes no new subscribers (not ACTIVE). */
  available: z.boolean(),
});
export type SubscriptionOffer = z.infer<typeof subscriptionOffer>;

/**
 * GET /api/artist-pages/{slug}: everything an artist's public page shows, in one call, each song once (an album
 * names its songs by id). Answers an ETag; a repeat visit with If-None-Match gets a 304.
 */
export const artistPage = z.object({
  artist: heroArtist,
  albums: z.array(artistPageAlbum),
  /** Every released song, full-preview songs first (by position), then newest first. */
  songs: z.array(artistPageSong),
  offer: subscriptionOffer,
  /**
   * Set when the artist has left HFM (licence terminated): the page shows the notice, and lists songs and
   * albums only to subscribers in term (and to the artist and admins); null while the artist is on HFM.
   */
  termination: z.object({ terminatedAt: z.string() }).nullable(),
});
export type ArtistPage = z.infer<typeof artistPage>;

/** GET /api/genres/{id}/page: a genre, its active artists and their newest songs. */
export const genrePage = z.object({
  genre: publicGenre,
  artists: z.array(artistCard),
  songs: z.array(catalogueSong),
});
export type GenrePage = z.infer<typeof genrePage>;

/** GET /api/playlists/{id}: a playlist and its songs in order (songs of artists no longer active are left out). */
export const playlistPage = z.object({ playlist: playlistCard, songs: z.array(catalogueSong) });
export type PlaylistPage = z.infer<typeof playlistPage>;

export const slugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'No such artist.' }),
});

// Search ---------------------------------------------------------------------------------------------

/** The shortest term: SEARCH_MIN_LENGTH and isSearchTerm (search-term.ts). */
/** Longest term the server looks for; longer terms are a 400. */
export const SEARCH_MAX_LENGTH = 100;
/** Most results of each type. */
export const SEARCH_LIMIT_PER_TYPE = 10;

export const searchQuery = z.object({
  s: z
    .string()
    .max(SEARCH_MAX_LENGTH, { error: `Search for at most ${SEARCH_MAX_LENGTH} characters.` })
    .optional()
    .default(''),
});

export const songResult = z.object({
  type: z.literal('song'),
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  artistID: z.string(),
  artistName: z.string(),
  artistSlug: z.string(),
  duration: z.number().nullable(),
  isFullPreview: z.boolean(),
});
export const artistResult = z.object({
  type: z.literal('artist'),
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  photo: z.string().nullable(),
  genre: z.string().nullable(),
});
export const albumResult = z.object({
  type: z.literal('album'),
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  artistID: z.string(),
  artistName: z.string(),
  artistSlug: z.string(),
  artworkPath: z.string(),
});
export const searchResult = z.discriminatedUnion('type', [songResult, artistResult, albumResult]);
export type SearchResult = z.infer<typeof searchResult>;
/** GET /api/search?s={term}: best matches first (exact, then prefix, then similarity) within each type. */
export const searchResults = z.array(searchResult);
