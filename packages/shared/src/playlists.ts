/**
 * Curated playlists as admins edit them (modules/playlists): the spec's Playlist entity, the bodies of its
 * routes, HFM Picks generation, and the exact toasts. What fans read is in discovery.ts (playlistCard,
 * playlistPage).
 */
import { z } from 'zod';
import { idParams } from './answers.js';
import { messages } from './messages.js';
import { paged } from './pagination.js';

/** The spec's toasts for playlists, quoted exactly. */
export const playlistMessages = {
  saved: 'Playlist saved!',
  saveFailed: 'Error saving playlist!',
  deleted: 'Playlist deleted!',
  picksGenerated: 'HFM Picks generated!',
} as const;

/** The spec's curated generation: these three titles, all HFM Picks, at HFMPicksPosition 1, 2 and 3. */
export const HFM_PICKS_TITLES = ['Summer Driving', 'Night Driving', 'Fall Driving'] as const;
/** "a monthly curated five-song playlist with one track per artist per month" (the hfmPicksOptIn text). */
export const HFM_PICKS_SONGS = 5;
export const DEFAULT_PLAYLIST_TITLE = 'Untitled';
export const DEFAULT_PLAYLIST_TYPE = 'SONGS';
/** Most songs one playlist holds. */
export const MAX_PLAYLIST_SONGS = 500;
export const MAX_PLAYLIST_TAGS = 30;

export const playlistFieldMessages = {
  title: 'Please give the playlist a title.',
  position: 'The position must be a whole number, -1 (no place) or more.',
  picksPosition: 'The HFM Picks position must be a whole number of 1 or more.',
  tooManySongs: `A playlist holds at most ${MAX_PLAYLIST_SONGS} songs.`,
  duplicateSong: 'A song can be on a playlist only once.',
  tooManyPicks: `An HFM Picks playlist holds at most ${HFM_PICKS_SONGS} songs.`,
  onePickPerArtist: 'An HFM Picks playlist holds at most one track per artist.',
} as const;

const uuid = (message: string) => z.uuid({ error: message });
const songIds = z
  .array(uuid('Not a song id.'), { error: 'Songs must be a list of song ids.' })
  .max(MAX_PLAYLIST_SONGS, { error: playlistFieldMessages.tooManySongs });

/**
 * The editable fields. A missing title is the spec's default, 'Untitled'; a title that is sent must not be
 * blank. `songs` is the whole list in order (so the modal's Save is one request). `listType` is the
 * spec's other name for `type`.
 */
const playlistFields = {
  title: z
    .string({ error: playlistFieldMessages.title })
    .trim()
    .min(1, { error: playlistFieldMessages.title })
    .max(200, { error: 'A title has at most 200 characters.' }),
  songs: songIds,
  type: z.string().trim().min(1).max(40),
  listType: z.string().trim().min(1).max(40),
  /** The genre's id, or null for none. */
  genre: uuid('Not a genre id.').nullable(),
  showOnFrontPage: z.boolean(),
  position: z
    .number({ error: playlistFieldMessages.position })
    .int({ error: playlistFieldMessages.position })
    .min(-1, { error: playlistFieldMessages.position })
    .max(1_000_000, { error: playlistFieldMessages.position }),
  tags: z
    .array(z.string().trim().min(1).max(50))
    .max(MAX_PLAYLIST_TAGS, { error: `At most ${MAX_PLAYLIST_TAGS} tags.` }),
  isHFMPicks: z.boolean(),
  HFMPicksPosition: z
    .number({ error: playlistFieldMessages.picksPosition })
    .int({ error: playlistFieldMessages.picksPosition })
    .min(1, { error: playlistFieldMessages.picksPosition })
    .max(1000, { error: playlistFieldMessages.picksPosition })
    .nullable(),
  isHFMRadio: z.boolean(),
  /** The record label's id, or null for none. */
  label: uuid('Not a label id.').nullable(),
};

/** POST /api/playlists/create (and POST /api/playlists): every field optional; the title defaults to 'Untitled'. */
export const createPlaylistBody = z.object(playlistFields).partial();
export type CreatePlaylistBody = z.input<typeof createPlaylistBody>;

/** PUT or PATCH /api/playlists/{id}: only the fields sent change. */
export const updatePlaylistBody = createPlaylistBody;
export type UpdatePlaylistBody = z.input<typeof updatePlaylistBody>;

/** POST /api/playlists/{id}/songs: add one song at the end. */
export const addPlaylistSongBody = z.object({ songID: uuid('Not a song id.') });
export type AddPlaylistSongBody = z.input<typeof addPlaylistSongBody>;

/** PUT /api/playlists/{id}/songs: the playlist's songs in their new order (the same songs, moved). */
export const reorderPlaylistSongsBody = z.object({ songIDs: songIds });
export type ReorderPlaylistSongsBody = z.input<typeof reorderPlaylistSongsBody>;

/** PUT or POST /api/playlists/upload/artwork/{id}: JSON, or multipart with an `imageData` file part. */
export const playlistArtworkBody = z
  .object({
    imageData: z.string({ error: messages.imageType }).min(1, { error: messages.imageType }),
    fileName: z.string().max(200).optional().nullable(),
    path: z.string().max(500).optional().nullable(),
  })
  .nullish()
  .describe('JSON `{ imageData: data URL }`, or multipart/form-data with an `imageData` file part (or data-URL field)');
export type PlaylistArtworkBody = z.input<typeof playlistArtworkBody>;

export const playlistIdParams = idParams('Not a playlist id.');
export const playlistSongParams = z.object({
  id: uuid('Not a playlist id.'),
  songId: uuid('Not a song id.'),
});

/** A song of a playlist as the editor shows it. */
export const playlistTrack = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  artistID: z.string(),
  artistName: z.string(),
  duration: z.number().nullable(),
  explicit: z.boolean(),
  plays: z.number(),
  hifives: z.number(),
  /** Fans can hear it now (released: ready, active, its date come, by an ACTIVE artist). */
  released: z.boolean(),
  /** Its artist opted in to HFM Picks and Radio (hfmPicksOptIn). */
  optedIn: z.boolean(),
});
export type PlaylistTrack = z.infer<typeof playlistTrack>;

/** The spec's Playlist, as admins see it in the list. */
export const adminPlaylistSummary = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  /** The song ids in order. */
  songs: z.array(z.string()),
  type: z.string(),
  listType: z.string(),
  genre: z.string().nullable(),
  showOnFrontPage: z.boolean(),
  position: z.number(),
  /** The stored image's file name, else null. */
  artwork: z.string().nullable(),
  /** The image's URL, else null. */
  artworkPath: z.string().nullable(),
  tags: z.array(z.string()),
  userID: z.string().nullable(),
  isHFMPicks: z.boolean(),
  HFMPicksPosition: z.number().nullable(),
  isHFMRadio: z.boolean(),
  label: z.string().nullable(),
  /** The month ('YYYY-MM', UTC) HFM Picks generation made it for; null for playlists made by hand. */
  picksMonth: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPlaylistSummary = z.infer<typeof adminPlaylistSummary>;

/** One playlist for the 'Edit Playlist' modal: the fields and its songs (`tracks`, in order). */
export const adminPlaylist = adminPlaylistSummary.extend({ tracks: z.array(playlistTrack) });
export type AdminPlaylist = z.infer<typeof adminPlaylist>;

/** GET /api/playlists?page&limit: newest first. */
export const pagedAdminPlaylists = paged(adminPlaylistSummary);
export type PagedAdminPlaylists = z.infer<typeof pagedAdminPlaylists>;

/**
 * POST /api/playlists/hfm-picks: the current month's three playlists by HFMPicksPosition. `generated` is
 * false when the month's playlists were there already (nothing changed). `notice` says when there were
 * not enough opted-in artists to fill every playlist with five songs of different artists.
 */
/** POST /api/playlists/hfm-picks?regenerate=true: this month's generated Picks are replaced by three new ones. */
export const hfmPicksQuery = z.object({
  regenerate: z
    .enum(['true', 'false'], { error: 'regenerate is true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});

export const hfmPicksAnswer = z.object({
  playlists: z.array(adminPlaylist),
  generated: z.boolean(),
  month: z.string(),
  notice: z.string().nullable(),
});
export type HfmPicksAnswer = z.infer<typeof hfmPicksAnswer>;
