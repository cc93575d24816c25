import { messages, ROUTE_BY_ROLE } from '@hfm/shared';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { useSession } from '../api/session';
import { errorMessage } from '../api/server-errors';
import { AccountPage } from '../features/account/account-page';
import { BillingSections } from '../features/billing/billing-sections';
import { ArtistPage } from '../features/discover/artist-page';
import { GenrePage } from '../features/discover/genre-page';
import { MembersNav } from '../features/discover/header-search';
import { MemberHomePage } from '../features/discover/member-home-page';
import { MyMusicPage } from '../features/discover/my-music-page';
import { PageNotFound } from '../features/discover/page-header';
import { PlaylistPage } from '../features/discover/playlist-page';
import { SearchPage } from '../features/discover/search-page';
import { ViewerProvider } from '../features/discover/viewer';
import { AppShell, ShellMessage } from '../features/shells/app-shell';
import { PublicShell } from '../features/shells/public-shell';
import { Button } from '../ui/button';
import { ErrorBoundary } from '../ui/error-boundary';
import { loginHref } from '../ui/return-address';

/**
 * The fans' side of the app under one router: the members area (/members/...) and the artists' public
 * pages (/a/{slug}). Moving between them never loads a page, so the player plays on. A signed-in fan sees
 * the members header (Home, search) on both; anyone else sees the public header on an artist's page.
 */
export const fanRoutes: RouteObject[] = [
  {
    element: <FanRoot />,
    children: [
      {
        path: '/members',
        element: <MembersGate />,
        children: [
          { index: true, element: <MemberHomePage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'my-music', element: <MyMusicPage /> },
          { path: 'genres/:id', element: <GenrePage /> },
          { path: 'playlists/:id', element: <PlaylistPage /> },
          { path: 'account', element: <MemberAccountPage /> },
          { path: '*', element: <PageNotFound what="page" /> },
        ],
      },
      { path: '/a/:slug', element: <ArtistPage /> },
    ],
  },
];

function FanRoot() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const { pathname, search, hash } = useLocation();
  const page = (
    <ErrorBoundary name={`screen ${pathname}`}>
      <Outlet />
    </ErrorBoundary>
  );
  return (
    <ViewerProvider user={user} pending={session.isPending}>
      {user?.role === 'SUBSCRIBER' ? (
        <AppShell area="members" user={user} nav={<MembersNav />}>
          {page}
        </AppShell>
      ) : (
        <PublicShell user={session.isPending ? undefined : user} returnTo={`${pathname}${search}${hash}`}>
          {page}
        </PublicShell>
      )}
      <ScrollRestoration />
      <Toaster position="top-center" richColors />
    </ViewerProvider>
  );
}

/** The account page with billing's Saved cards and Subscriptions in its slot. */
function MemberAccountPage() {
  const memberId = useSession().data?.user?.id;
  return <AccountPage billingSections={memberId ? <BillingSections memberId={memberId} /> : undefined} />;
}

/** The members area is a signed-in fan's: others sign in (and come back) or go to their own area. */
function MembersGate() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const user = session.data?.user;
  const away =
    session.data &&
    (!user ? loginHref(`${pathname}${search}`) : user.role !== 'SUBSCRIBER' && ROUTE_BY_ROLE[user.role]);

  useEffect(() => {
    if (away) window.location.replace(away);
  }, [away]);

  if (session.isPending) return <ShellMessage>{messages.loading}</ShellMessage>;
  if (session.isError)
    return (
      <ShellMessage>
        <p>{errorMessage(session.error)}</p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </ShellMessage>
    );
  if (away)
    return <ShellMessage>{user ? 'Taking you to your own area…' : 'Taking you to the login page…'}</ShellMessage>;
  return <Outlet />;
}
