import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { useSession } from '../api/session';
import { renderWithClient } from './test-utils';
import { usePlayer } from '../player/player-context';
import { AlbumPage } from '../features/members/artist/album-page';
import { ArtistPage } from '../features/members/artist/artist-page';
import { DiscoverHomePage } from '../features/members/home/discover-home-page';
import { GenrePage } from '../features/members/collections/genre-page';
import { MembersNav } from '../features/members/search/header-search';
import { MemberHomePage } from '../features/members/home/member-home-page';
import { MyMusicPage } from '../features/members/my-music/my-music-page';
import { PlaylistPage } from '../features/members/collections/playlist-page';
import { SearchPage } from '../features/members/search/search-page';
import { ViewerProvider } from '../features/members/viewer';
import { DeferredToaster } from '../ui/deferred-toaster';

/** Test-only: the discover screens under a memory router, with the viewer read from the session as app/ does. */
function TestLayout() {
  const session = useSession();
  return (
    <ViewerProvider user={session.data?.user ?? null} pending={session.isPending}>
      <MembersNav />
      <Outlet />
      <QueueProbe />
      <DeferredToaster />
    </ViewerProvider>
  );
}

/** Shows what the player holds, so a test can read the song and its queue. */
function QueueProbe() {
  const { song, queue } = usePlayer();
  return (
    <output data-testid="player-queue" data-song={song?.title ?? ''}>
      {queue.map((entry) => entry.title).join(' | ')}
    </output>
  );
}

const routes: RouteObject[] = [
  {
    element: <TestLayout />,
    children: [
      { path: '/members', element: <MemberHomePage /> },
      { path: '/members/search', element: <SearchPage /> },
      { path: '/members/my-music', element: <MyMusicPage /> },
      { path: '/members/genres/:id', element: <GenrePage /> },
      { path: '/members/playlists/:id', element: <PlaylistPage /> },
      { path: '/a/:slug', element: <ArtistPage /> },
      { path: '/a/:slug/albums/:id', element: <AlbumPage /> },
      { path: '/discover', element: <DiscoverHomePage /> },
      { path: '/discover/genres/:id', element: <GenrePage /> },
      { path: '/discover/playlists/:id', element: <PlaylistPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
  },
];

export function renderDiscover(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithClient(<RouterProvider router={router} />) };
}

/** jsdom has no media playback: the player's own stand-in for the audio element. */
export { stubMediaElement } from './player';
