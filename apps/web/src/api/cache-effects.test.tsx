import type { Paged, PublicAlbum, PublicArtist, PublicSong } from '@hfm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { artistFixture } from '../test/artists';
import { songFixture } from '../test/songs';
import { useDeleteAlbum } from './albums/delete-album';
import { albumKeys } from './albums/get-artist-albums';
import { useSaveAlbum } from './albums/save-album';
import { useDeleteArtistPhoto, useUploadArtistPhoto } from './artists/artist-photos';
import { artistQuery } from './artists/get-artist';
import { useUpdateArtist } from './artists/update-artist';
import { useLogout } from './session';
import { useDeleteSong } from './songs/delete-song';
import { useToggleFullPreview } from './songs/full-preview';
import { artistSongsQuery } from './songs/get-artist-songs';
import { songKeys } from './songs/keys';
import { useUpdateSong } from './songs/update-song';
import { stubFetch } from '../test/test-utils';

/** Each mutation hook, run against a stubbed server, leaves the cache as the screens need it: no component edits it. */
const ARTIST = '00000000-0000-4000-8000-0000000000aa';
const songs = [1, 2, 3].map((n) =>
  songFixture({ id: `00000000-0000-4000-8000-00000000000${n}`, title: `Song ${n}`, artistID: ARTIST }),
);
const album = (n: number, name = `Album ${n}`): PublicAlbum => ({
  _id: `album-${n}`,
  id: `album-${n}`,
  artistID: ARTIST,
  name,
  artwork: null,
  artworkPath: '',
  linerNotes: '',
  songs: [],
  createdAt: '2025-05-01T00:00:00.000Z',
  updatedAt: '2025-05-01T00:00:00.000Z',
});

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const pageKey = artistSongsQuery(ARTIST, 1).queryKey;
const cachedTitles = () => client.getQueryData<Paged<PublicSong>>(pageKey)?.items.map((song) => song.title);

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(pageKey, {
    items: songs,
    pagination: { page: 1, limit: 12, total: 3, pageCount: 1, hasMore: false },
  });
  client.setQueryData(albumKeys.artist(ARTIST), [album(1), album(2)]);
});

afterEach(() => vi.unstubAllGlobals());

describe('song mutations', () => {
  it('an edited song takes its place on the cached page', async () => {
    stubFetch([
      { method: 'PUT', path: `/api/songs/${songs[1]!.id}`, reply: { body: { ...songs[1], title: 'Renamed' } } },
    ]);
    const { result } = renderHook(() => useUpdateSong(), { wrapper });
    await act(() => result.current.mutateAsync({ id: songs[1]!.id, body: { title: 'Renamed' } }));
    expect(cachedTitles()).toEqual(['Song 1', 'Renamed', 'Song 3']);
  });

  it('a deleted song leaves the cached page, and its peaks the cache', async () => {
    stubFetch([
      {
        method: 'DELETE',
        path: `/api/songs/remove/${songs[0]!.id}`,
        reply: { body: { id: songs[0]!.id, deleted: true } },
      },
    ]);
    client.setQueryData(songKeys.peaks(songs[0]!.id), [0.5]);
    const { result } = renderHook(() => useDeleteSong(), { wrapper });
    await act(() => result.current.mutateAsync(songs[0]!.id));
    expect(cachedTitles()).toEqual(['Song 2', 'Song 3']);
    expect(client.getQueryData(songKeys.peaks(songs[0]!.id))).toBeUndefined();
  });

  it('full-preview changes mark exactly the songs the server names', async () => {
    const entry = { id: songs[2]!.id, updatedAt: '', isFullPreview: true, fullPreviewPosition: 0 };
    stubFetch([{ method: 'PUT', path: `/api/songs/full-preview-position/${songs[2]!.id}`, reply: { body: [entry] } }]);
    const { result } = renderHook(() => useToggleFullPreview(ARTIST), { wrapper });
    await act(() => result.current.mutateAsync({ song: songs[2]!, position: 0 }));
    const marked = client.getQueryData<Paged<PublicSong>>(pageKey)!.items.map((song) => song.isFullPreview);
    expect(marked).toEqual([false, false, true]);
  });
});

describe('album mutations', () => {
  const names = () => client.getQueryData<PublicAlbum[]>(albumKeys.artist(ARTIST))!.map((entry) => entry.name);

  it('a new album goes to the front of the cached list, a saved one takes its place', async () => {
    stubFetch([
      { method: 'POST', path: '/api/albums/create', reply: { status: 201, body: album(3) } },
      { method: 'PATCH', path: '/api/albums/update/album-2', reply: { body: album(2, 'Second, renamed') } },
    ]);
    const { result } = renderHook(() => useSaveAlbum(), { wrapper });
    await act(() => result.current.mutateAsync({ body: { name: 'Album 3', artistID: ARTIST, songs: [] } }));
    await act(() => result.current.mutateAsync({ id: 'album-2', body: { name: 'x', artistID: ARTIST, songs: [] } }));
    expect(names()).toEqual(['Album 3', 'Album 1', 'Second, renamed']);
  });

  it('a deleted album leaves the cached list', async () => {
    stubFetch([{ method: 'DELETE', path: '/api/albums/album-1', reply: { body: { id: 'album-1', deleted: true } } }]);
    const { result } = renderHook(() => useDeleteAlbum(), { wrapper });
    await act(() => result.current.mutateAsync('album-1'));
    expect(names()).toEqual(['Album 2']);
  });
});

describe('artist and session mutations', () => {
  const artist = artistFixture({ id: ARTIST, name: 'Old', photos: ['/a.jpg'] });

  it('the saved artist and its photo list replace the cached artist', async () => {
    client.setQueryData(artistQuery(ARTIST).queryKey, artist);
    stubFetch([
      { method: 'PATCH', path: `/api/artists/${ARTIST}`, reply: { body: { ...artist, name: 'New' } } },
      {
        method: 'POST',
        path: `/api/artist-photo/upload/${ARTIST}`,
        reply: { body: { path: '/b.jpg', photos: ['/a.jpg', '/b.jpg'] } },
      },
      { method: 'DELETE', path: `/api/artist-photo/${ARTIST}`, reply: { body: { photos: ['/b.jpg'] } } },
    ]);
    const cached = () => client.getQueryData<PublicArtist>(artistQuery(ARTIST).queryKey);
    const update = renderHook(() => useUpdateArtist(ARTIST), { wrapper }).result;
    await act(() => update.current.mutateAsync({ name: 'New' }));
    expect(cached()?.name).toBe('New');
    const upload = renderHook(() => useUploadArtistPhoto(ARTIST), { wrapper }).result;
    await act(() => upload.current.mutateAsync('data:image/png;base64,AAAA'));
    expect(cached()?.photos).toEqual(['/a.jpg', '/b.jpg']);
    const remove = renderHook(() => useDeleteArtistPhoto(ARTIST), { wrapper }).result;
    await act(() => remove.current.mutateAsync('/a.jpg'));
    expect(cached()).toMatchObject({ name: 'New', photos: ['/b.jpg'] });
  });

  it('signing out forgets the session, even when the server answers an error', async () => {
    client.setQueryData(['session', 'profile', { redirectOn401: false }], { user: { id: 'u' } });
    stubFetch([]);
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(client.getQueryData(['session', 'profile', { redirectOn401: false }])).toBeUndefined();
  });
});
