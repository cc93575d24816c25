import { useState } from 'react';
import { addToFront, newAlbumDraft, removeUnsaved, type AlbumEntry } from './album-list';

export interface AlbumEditor {
  drafts: AlbumEntry[];
  editing: AlbumEntry | null;
  openNew: (songs?: string[]) => void;
  openExisting: (album: AlbumEntry) => void;
  /** Closing removes the unsaved albums from the list. */
  close: () => void;
  /** The draft became a saved album (the saved one is put in the list by the caller). */
  saved: (draftKey?: string) => void;
}

/** Which album the modal shows, and the new (unsaved) albums at the front of the list. */
export function useAlbumEditor(artistID: string): AlbumEditor {
  const [drafts, setDrafts] = useState<AlbumEntry[]>([]);
  const [editing, setEditing] = useState<AlbumEntry | null>(null);
  return {
    drafts,
    editing,
    openNew: (songs = []) => {
      const draft = newAlbumDraft(artistID, songs);
      setDrafts((current) => addToFront(current, draft));
      setEditing(draft);
    },
    openExisting: setEditing,
    close: () => {
      setEditing(null);
      setDrafts(removeUnsaved);
    },
    saved: (draftKey) => {
      setDrafts((current) => current.filter((draft) => draft.draftKey !== draftKey));
      setEditing(null);
    },
  };
}
