import type { PublicAlbum } from '@hfm/shared';

/** An album in the studio's list: saved ones have a string id; a new one has none until it is saved. */
export type AlbumEntry = Omit<PublicAlbum, '_id' | 'id'> & { _id?: string; id?: string; draftKey?: string };

let draftCounter = 0;

export function isSaved(album: AlbumEntry): album is PublicAlbum {
  return typeof album._id === 'string';
}

export function newAlbumDraft(artistID: string, songs: string[] = []): AlbumEntry {
  const now = new Date().toISOString();
  return {
    draftKey: `draft-${++draftCounter}`,
    artistID,
    name: '',
    artwork: null,
    artworkPath: '',
    linerNotes: '',
    songs,
    createdAt: now,
    updatedAt: now,
  };
}

/** A new album goes to the front of the list. */
export function addToFront(list: AlbumEntry[], album: AlbumEntry): AlbumEntry[] {
  return [album, ...list];
}

/** Closing the modal removes every unsaved album. */
export function removeUnsaved(list: AlbumEntry[]): AlbumEntry[] {
  return list.filter(isSaved);
}

/** A saved album replaces its old self, or its draft; otherwise it goes to the front. */
export function putSaved(list: AlbumEntry[], saved: PublicAlbum, draftKey?: string): AlbumEntry[] {
  const index = list.findIndex((album) => album._id === saved._id || (draftKey && album.draftKey === draftKey));
  if (index === -1) return [saved, ...list];
  return list.map((album, position) => (position === index ? saved : album));
}

export function albumKey(album: AlbumEntry): string {
  return album._id ?? album.draftKey ?? 'draft';
}
