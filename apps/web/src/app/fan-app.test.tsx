import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, stubLocation } from '../test/test-utils';
import { stubMediaElement } from '../test/members-app';
import { ARTIST_ID, artistPage, hero, lists, member, playRoute, sessionRoute, summary } from '../test/members';
import { FanRoutes } from './fan-routes';

const catalogue = [
  { method: 'GET', path: '/api/bff/members/hero-artist', reply: { body: hero } },
  { method: 'GET', path: `/api/bff/members/artist-summary/${ARTIST_ID}`, reply: { body: summary } },
  { method: 'GET', path: '/api/playlists/agg/member-home-lists', reply: { body: lists } },
  { method: 'GET', path: '/api/artist-pages/nina-simone', reply: { body: artistPage } },
  playRoute,
];

/** The router's place and its navigate, as the app's routes last rendered them. */
interface RouterProbe {
  state: { location: Location };
  navigate: (delta: number) => Promise<void>;
}

function renderFanApp(path: string) {
  let navigateTo: NavigateFunction | undefined;
  const router: RouterProbe = {
    state: { location: undefined as unknown as Location },
    navigate: async (delta) => navigateTo!(delta),
  };
  function Probe() {
    router.state.location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  return {
    router,
    ...renderWithClient(
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <FanRoutes />
      </MemoryRouter>,
    ),
  };
}

beforeEach(() => {
  stubMediaElement();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('The fans’ app', () => {
  it('has an Account entry in the members header that opens the account page', async () => {
    stubLocation('http://localhost/members/');
    stubFetch([sessionRoute(member()), ...catalogue]);
    // The page loads when first opened: compiled here first, so the wait below is for the app, not for Vite.
    await import('./member-account-page');
    const user = userEvent.setup();
    const { router } = renderFanApp('/members/');
    const nav = await screen.findByRole('navigation', { name: 'Members' });
    await user.click(within(nav).getByRole('link', { name: 'Account' }));
    // The account page loads when first opened; the router moves there once it has.
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members/account');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveClass('active');
    expect(screen.getByLabelText('Email')).toHaveValue(member().email);
  });

  it("leads the members header's HFM logo to member home within the app, not to the public welcome page", async () => {
    stubLocation('http://localhost/a/nina-simone');
    stubFetch([sessionRoute(member()), ...catalogue]);
    const user = userEvent.setup();
    const { router } = renderFanApp('/a/nina-simone');
    await screen.findByRole('heading', { level: 1, name: 'Nina Simone' });
    const logo = screen.getByRole('link', { name: 'HFM home' });
    expect(logo).toHaveAttribute('href', '/members/');
    await user.click(logo);
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/'));
  });

  it('sends a signed-out visitor of the members area to log in, coming back afterwards', async () => {
    const location = stubLocation('http://localhost/members/my-music');
    stubFetch([sessionRoute(null)]);
    renderFanApp('/members/my-music');
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/login?next=%2Fmembers%2Fmy-music'));
  });

  it('sends a signed-out visitor of a members-area catalogue page to its public twin under /discover', async () => {
    const location = stubLocation('http://localhost/members/search?s=ni');
    stubFetch([sessionRoute(null)]);
    const { router } = renderFanApp('/members/search?s=ni');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find music' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/discover/search');
    expect(router.state.location.search).toBe('?s=ni');
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('sends an artist in the members area to their own area', async () => {
    const location = stubLocation('http://localhost/members/');
    stubFetch([sessionRoute(member({ role: 'ARTIST' }))]);
    renderFanApp('/members/');
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/artist/'));
  });

  it('shows a signed-out visitor an artist page with Log in and Sign up that come back to it', async () => {
    stubLocation('http://localhost/a/nina-simone');
    stubFetch([sessionRoute(null), ...catalogue]);
    renderFanApp('/a/nina-simone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Simone' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fa%2Fnina-simone');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/main/#/fan-sign-up');
    // The public catalogue's header: Discover and the search box, which searches /discover/search.
    expect(screen.getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover');
    expect(screen.getByRole('searchbox', { name: 'Search songs, artists and albums' })).toBeInTheDocument();
  });

  it('moves from member home to an artist page and back inside one router: the player plays on', async () => {
    const location = stubLocation('http://localhost/members/');
    stubFetch([sessionRoute(member()), ...catalogue]);
    const user = userEvent.setup();
    const { router } = renderFanApp('/members/');
    await user.click(await screen.findByRole('button', { name: 'Play Sinnerman' }));
    const player = await screen.findByRole('region', { name: 'Player' });
    expect(within(player).getByText('Sinnerman')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Open artist page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Simone' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a/nina-simone');
    expect(screen.getByRole('region', { name: 'Player' })).toBe(player);
    expect(within(player).getByText('Sinnerman')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search songs, artists and albums' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(within(player).getByText('Sinnerman')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("puts member home's scroll position and a card row's back when the fan returns from an artist page", async () => {
    stubLocation('http://localhost/members/');
    stubFetch([sessionRoute(member()), ...catalogue]);
    const user = userEvent.setup();
    const { router } = renderFanApp('/members/');
    const row = await screen.findByRole('list', { name: 'Featured artists' });
    row.scrollLeft = 120;
    fireEvent.scroll(row);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    fireEvent.scroll(window);

    await user.click(within(row).getByRole('link', { name: /Odetta/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/odetta'));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    vi.mocked(window.scrollTo).mockClear();

    await act(() => router.navigate(-1));
    const back = await screen.findByRole('list', { name: 'Featured artists' });
    expect(back.scrollLeft).toBe(120);
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 640));
  });
});
