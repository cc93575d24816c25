import { messages, ROUTE_BY_ROLE } from '@hfm/shared';
import { useEffect, type ComponentType } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, type RouteObject } from 'react-router';
import { useSession } from '../api/session';
import { errorMessage } from '../api/server-errors';
import { ArtistPage } from '../features/members/artist/artist-page';
import { MembersNav } from '../features/members/search/header-search';
import { MemberHomePage } from '../features/members/home/member-home-page';
import { PageNotFound } from '../features/members/page-header';
import { ViewerProvider } from '../features/members/viewer';
import { AppShell, ShellMessage } from '../features/shells/app-shell';
import { PublicShell } from '../features/shells/public-shell';
import { Button } from '../ui/button';
import { DeferredToaster } from '../ui/deferred-toaster';
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
          // The pages a fan lands on (home, an artist) come with the area; the others load when first opened.
          {
            path: 'search',
            ...lazyPage(async () => (await import('../features/members/search/search-page')).SearchPage),
          },
          {
            path: 'my-music',
            ...lazyPage(async () => (await import('../features/members/my-music/my-music-page')).MyMusicPage),
          },
          {
            path: 'genres/:id',
            ...lazyPage(async () => (await import('../features/members/collections/genre-page')).GenrePage),
          },
          {
            path: 'playlists/:id',
            ...lazyPage(async () => (await import('../features/members/collections/playlist-page')).PlaylistPage),
          },
          { path: 'account', ...lazyPage(async () => (await import('./member-account-page')).MemberAccountPage) },
          {
            path: 'account/receipts/:id',
            ...lazyPage(async () => (await import('../features/billing/receipt-page')).ReceiptPage),
          },
          { path: '*', element: <PageNotFound what="page" /> },
        ],
      },
      { path: '/a/:slug', element: <ArtistPage /> },
    ],
  },
];

/**
 * A route whose page loads when it is first opened. Opened first (a reload on /members/account), the router
 * waits for it before its first render and shows its HydrateFallback meanwhile (without one React Router warns).
 */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return { lazy: async () => ({ Component: await load() }), HydrateFallback: PageLoading };
}

function PageLoading() {
  return <div className="page-loading">{messages.loading}</div>;
}

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
        <AppShell area="members" user={user} nav={<MembersNav />} logo={<MembersLogo />}>
          {page}
        </AppShell>
      ) : (
        <PublicShell user={session.isPending ? undefined : user} returnTo={`${pathname}${search}${hash}`}>
          {page}
        </PublicShell>
      )}
      <ScrollRestoration />
      <DeferredToaster />
    </ViewerProvider>
  );
}

/** The logo leads to member home within the app (no page load, so the player plays on). */
function MembersLogo() {
  return (
    <Link to="/members/" className="shell-header__logo" aria-label="HFM home">
      HFM
    </Link>
  );
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
