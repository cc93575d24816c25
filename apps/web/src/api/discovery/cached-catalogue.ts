import type { CatalogueSong } from '@hfm/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { discoveryKeys } from './keys';

type SongPatch = (song: CatalogueSong) => CatalogueSong;

interface HoldsSongs {
  songs?: unknown;
  albums?: unknown;
}

/** Changes one song wherever a cached catalogue answer lists it (its `songs`, or its albums' `songs`). */
export function patchCatalogueSong(client: QueryClient, songId: string, patch: SongPatch): void {
  client.setQueriesData<unknown>({ queryKey: discoveryKeys.all }, (answer: unknown) =>
    patchAnswer(answer, songId, patch),
  );
}

/** The cached catalogue answers as they are now, to put back if an optimistic change fails. */
export function snapshotCatalogue(client: QueryClient): [QueryKey, unknown][] {
  return client.getQueriesData<unknown>({ queryKey: discoveryKeys.all });
}

export function restoreSnapshot(client: QueryClient, snapshot: [QueryKey, unknown][]): void {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

function patchAnswer(answer: unknown, songId: string, patch: SongPatch): unknown {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  const holder = answer as HoldsSongs;
  const songs = patchSongs(holder.songs, songId, patch);
  const albums = Array.isArray(holder.albums)
    ? mapIfChanged(holder.albums as unknown[], (album) => patchAnswer(album, songId, patch))
    : holder.albums;
  if (songs === holder.songs && albums === holder.albums) return answer;
  return { ...holder, ...(songs !== undefined && { songs }), ...(albums !== undefined && { albums }) };
}

function patchSongs(songs: unknown, songId: string, patch: SongPatch): unknown {
  if (!Array.isArray(songs)) return songs;
  return mapIfChanged(songs as CatalogueSong[], (song) => (song?.id === songId ? patch(song) : song));
}

/** The same array when nothing in it changed, so untouched queries keep their data as it was. */
function mapIfChanged<T>(items: T[], map: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    const mapped = map(item);
    if (mapped !== item) changed = true;
    return mapped;
  });
  return changed ? next : items;
}
