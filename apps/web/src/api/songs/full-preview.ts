import type { FullPreviewEntry, PublicSong } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { updateCachedSongs } from './cached-songs';

export function setFullPreviewPosition(id: string, position: number, artistID: string): Promise<FullPreviewEntry[]> {
  return api.put('/songs/full-preview-position/{id}', { params: { id }, body: { position, artistID } });
}

export function removeFullPreview(id: string): Promise<FullPreviewEntry[]> {
  return api.put('/songs/full-preview-remove/{id}', { params: { id } });
}

/** Makes a song a full preview at `position`, or stops it being one; the artist's cached lists follow. */
export function useToggleFullPreview(artistID: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ song, position }: { song: PublicSong; position: number }) =>
      song.isFullPreview ? removeFullPreview(song.id) : setFullPreviewPosition(song.id, position, artistID),
    onSuccess: (entries) => updateCachedSongs(client, (items) => applyFullPreview(items, entries), artistID),
  });
}

/** The server answers every full-preview song of the artist; the rest are not full previews. */
function applyFullPreview(items: PublicSong[], entries: FullPreviewEntry[]): PublicSong[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return items.map((item) => {
    const entry = byId.get(item.id);
    return entry
      ? { ...item, isFullPreview: entry.isFullPreview, fullPreviewPosition: entry.fullPreviewPosition }
      : { ...item, isFullPreview: false, fullPreviewPosition: 0 };
  });
}
