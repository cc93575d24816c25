import type { AdminPlaylist, PagedAdminPlaylists, PlaylistTrack, SearchResult } from '@hfm/shared';
import { Toaster } from 'sonner';
import { renderWithClient } from './test-utils';
import { AdminOptionsProvider } from '../features/admin/admin-options';
import { PlaylistsSection } from '../features/admin/playlists/playlists-section';

/** Test-only: admin playlists as the server answers them, with the given fields changed. */

export const PLAYLIST_ID = '00000000-0000-4000-8000-0000000000c1';

export function track(change: Partial<PlaylistTrack> & { id: string; title: string }): PlaylistTrack {
  return {
    artistID: '00000000-0000-4000-8000-0000000000a1',
    artistName: 'Nina Simone',
    duration: 200,
    explicit: false,
    plays: 12,
    hifives: 3,
    released: true,
    optedIn: true,
    ...change,
    _id: change.id,
  };
}

export const tracks = ['Alpha', 'Bravo', 'Charlie'].map((title, index) =>
  track({ id: `00000000-0000-4000-8000-00000000010${index + 1}`, title }),
);

export function adminPlaylist(change: Partial<AdminPlaylist> & { id: string; title: string }): AdminPlaylist {
  const songs = change.tracks ?? [];
  return {
    songs: songs.map((song) => song.id),
    tracks: songs,
    type: 'SONGS',
    listType: 'SONGS',
    genre: null,
    showOnFrontPage: false,
    position: -1,
    artwork: null,
    artworkPath: null,
    tags: [],
    userID: '00000000-0000-4000-8000-0000000000ad',
    isHFMPicks: false,
    HFMPicksPosition: null,
    isHFMRadio: false,
    label: null,
    picksMonth: null,
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    ...change,
    _id: change.id,
  };
}

export function page(items: AdminPlaylist[], at = 1, pageCount = 1): PagedAdminPlaylists {
  return {
    items: items.map(({ tracks: _tracks, ...summary }) => summary),
    pagination: { page: at, limit: 12, total: items.length, pageCount, hasMore: at < pageCount },
  };
}

export function songFound(id: string, title: string): SearchResult {
  return {
    type: 'song',
    _id: id,
    id,
    title,
    artistID: '00000000-0000-4000-8000-0000000000a2',
    artistName: 'Odetta',
    artistSlug: 'odetta',
    duration: 150,
    isFullPreview: false,
  };
}

/** The section as the admin area mounts it, with the admin options (on unless stored off) and toasts. */
export function renderSection() {
  return renderWithClient(
    <AdminOptionsProvider>
      <PlaylistsSection />
      <Toaster />
    </AdminOptionsProvider>,
  );
}

/** jsdom has no layout: each sortable song gets a place in a column, so the keyboard sensor can move between them. */
export function sortableSongBox(element: Element, original: () => DOMRect): DOMRect {
  const item = element.closest('[data-song-id]');
  if (!item?.parentElement) return original();
  const index = [...item.parentElement.children].indexOf(item);
  const top = index * 50;
  return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 44, width: 300, height: 44, toJSON: () => ({}) };
}
