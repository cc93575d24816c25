import { z } from 'zod';
import { idParams } from './answers.js';
import { paged } from './pagination.js';
import { releaseAtField } from './releases.js';

export const linerNotesMessage = 'Liner notes must be text.';

const albumFields = {
  name: z.string({ error: 'Please name the album.' }).trim().min(1, { error: 'Please name the album.' }).max(200),
  linerNotes: z.string({ error: linerNotesMessage }).max(20_000, { error: 'Liner notes are too long.' }).optional(),
  songs: z.array(z.string().uuid()).max(500).optional(),
  artistID: z.string().uuid().optional(),
  fileName: z.string().max(200).optional().nullable(),
  imageData: z.string().max(20_000_000).optional().nullable(),
  /** Schedules every song of the album for this minute (null: clears their schedule); docs/releases.md. */
  releaseAt: releaseAtField,
};

export const createAlbumBody = z.object(albumFields);
export type CreateAlbumBody = z.input<typeof createAlbumBody>;

export const updateAlbumBody = z.object({ ...albumFields, name: albumFields.name.optional() });
export type UpdateAlbumBody = z.input<typeof updateAlbumBody>;

export const albumArtworkBody = z.object({
  imageData: z.string().min(1).max(20_000_000),
  fileName: z.string().max(200).optional().nullable(),
  path: z.string().max(500).optional().nullable(),
});

export const publicAlbum = z.object({
  _id: z.string(),
  id: z.string(),
  artistID: z.string(),
  name: z.string(),
  artwork: z.string().nullable(),
  artworkPath: z.string(),
  linerNotes: z.string(),
  songs: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicAlbum = z.infer<typeof publicAlbum>;
export const publicAlbums = z.array(publicAlbum);
export const pagedAlbums = paged(publicAlbum);

export const albumIdParams = idParams('Not an album id.');
export const artistAlbumsParams = z.object({ artistID: z.uuid({ error: 'Not an artist id.' }) });
