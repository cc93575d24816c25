import { messages, ROUTE_BY_ROLE } from '@hfm/shared';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useSession } from '../api/session';
import { errorMessage } from '../api/server-errors';
import { ArtistPage } from '../features/members/artist/artist-page';
import { DiscoverNav, MembersNav } from '../features/members/search/header-search';
import { DiscoverHomePage } from '../features/members/home/discover-home-page';
import { MemberHomePage } from '../features/members/home/member-home-page';
import { PageNotFound } from '../features/members/page-header';
import { ViewerProvider } from '../features/members/viewer';
import { AppShell, ShellMessage } from '../features/shells/app-shell';
import { PublicShell } from '../features/shells/public-shell';
import { Button } from '../ui/button';
import { DeferredToaster } from '../ui/deferred-toaster';
import { ErrorBoundary } from '../ui/error-boundary';
import { loginHref } from '../ui/return-address';
import { ScrollRestoration } from './scroll-restoration';

const searchPage = lazyPage(async () => (await import('../features/members/search/search-page')).SearchPage);
const genrePage = lazyPage(async () => (await import('../features/members/collections/genre-page')).GenrePage);
const playlistPage = lazyPage(async () => (await import('../features/members/collections/playlist-page')).PlaylistPage);

/**
 * The fans' side of the app under one router: the members area (/members/...), the public catalogue
 * (/discover/...: docs/decisions/0049) and the artists' and albums' public pages (/a/{slug},
 * /a/{slug}/albums/{id}). Moving between them never loads a page, so the player plays on. A signed-in fan sees
 * the members header (Home, search) on all; anyone else sees the public header, with Discover and search.
 */
export const fanRoutes: RouteObject[] = [
  {
    element: <FanRoot />,
    children: [
      {
        // Outside the members' gate: with no network there is no session to pass it, and the songs are the device's.
        path: '/members/offline',
        ...lazyPage(async () => (await import('../features/members/offline/offline-page')).OfflinePage),
      },
      {
        path: '/members',
        element: <MembersGate />,
        children: [
          { index: true, element: <MemberHomePage /> },
          // The pages a fan lands on (home, an artist) come with the area; the others load when first opened.
          { path: 'search', ...searchPage },
          {
            path: 'my-music',
            ...lazyPage(async () => (await import('../features/members/my-music/my-music-page')).MyMusicPage),
          },
          { path: 'genres/:id', ...genrePage },
          { path: 'playlists/:id', ...playlistPage },
          { path: 'account', ...lazyPage(async () => (await import('./member-account-page')).MemberAccountPage) },
          {
            path: 'account/receipts/:id',
            ...lazyPage(async () => (await import('../features/billing/receipt-page')).ReceiptPage),
          },
          { path: '*', element: <PageNotFound what="page" /> },
        ],
      },
      {
        // Open to everyone, signed in or not: the same pages as the members area's, without what is a member's.
        path: '/discover',
        children: [
          { index: true, element: <DiscoverHomePage /> },
          { path: 'search', ...searchPage },
          { path: 'genres/:id', ...genrePage },
          { path: 'playlists/:id', ...playlistPage },
          { path: '*', element: <PageNotFound what="page" /> },
        ],
      },
      { path: '/a/:slug', element: <ArtistPage /> },
      {
        path: '/a/:slug/albums/:id',
        ...lazyPage(async () => (await import('../features/members/artist/album-page')).AlbumPage),
      },
    ],
  },
];

/** The fans' routes, for the router around them (a BrowserRouter in the app, a MemoryRouter in tests). */
export function FanRoutes() {
  return useRoutes(fanRoutes);
}

/**
 * A route whose page loads when it is first opened. The router moves in a transition, so the page before
 * stays until this one has loaded; opened first (a reload on /members/account), it shows "Loading…" meanwhile.
 * (React Router's `lazy` routes did the same but need its data router, 16 KB more on every page: decision 0063.)
 */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element'> {
  const Page = lazy(async () => ({ default: await load() }));
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
  };
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
        <PublicShell
          user={session.isPending ? undefined : user}
          returnTo={`${pathname}${search}${hash}`}
          nav={<DiscoverNav />}
        >
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

const CATALOGUE_PAGE = /^\/members\/((?:genres|playlists)\/[^/]+|search)\/?$/;

/** The /discover address of a members-area catalogue page, or null for a page that is a member's own. */
export function publicTwin(pathname: string): string | null {
  const match = CATALOGUE_PAGE.exec(pathname);
  return match ? `/discover/${match[1]}` : null;
}

/** The members area is a signed-in fan's: others sign in (and come back) or go to their own area. */
function MembersGate() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const user = session.data?.user;
  // A catalogue page shared from the members area (a genre, a playlist, a search) has a public twin under
  // /discover (decision 0049): a signed-out visitor goes there rather than to /login.
  const twin = session.data && !user ? publicTwin(pathname) : null;
  const away =
    session.data &&
    !twin &&
    (!user ? loginHref(`${pathname}${search}`) : user.role !== 'SUBSCRIBER' && ROUTE_BY_ROLE[user.role]);

  useEffect(() => {
    if (away) window.location.replace(away);
  }, [away]);

  if (twin) return <Navigate to={`${twin}${search}`} replace />;
  if (session.isPending) return <ShellMessage>{messages.loading}</ShellMessage>;
  if (session.isError)
    return (
      <ShellMessage>
        <p>{errorMessage(session.error)}</p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
        <p>
          No network? <Link to="/members/offline">Play the songs on this device</Link>
        </p>
      </ShellMessage>
    );
  if (away)
    return <ShellMessage>{user ? 'Taking you to your own area…' : 'Taking you to the login page…'}</ShellMessage>;
  return <Outlet />;
}
