import { messages } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, stubLocation } from '../../test/test-utils';
import SignedInApp from '../../app/signed-in-app';
import { PLAYER_MEMORY_KEY, readRememberedPlayer } from '../../player/player-memory';
import { songs, stubMediaElement } from '../../test/player';
import { artistFixture } from '../../test/artists';
import { userFixture } from '../../test/users';

const artistUser = userFixture({
  _id: 'u1',
  id: 'u1',
  firstName: 'Nina',
  lastName: 'Simone',
  name: 'Nina Simone',
  email: 'nina@example.com',
  role: 'ARTIST',
});
const pendingArtist = {
  ...artistFixture({
    id: 'a1',
    name: 'The High Priestess',
    genre: { _id: 'g', id: 'g', label: 'Soul', artwork: null },
    genreID: 'g',
    bio: '',
  }),
  user: undefined,
  songs: [],
  albums: [],
};
const profileRoute = (body: unknown) => ({ method: 'GET', path: '/api/users/session/profile', reply: { body } });

describe('Signed-in shells', () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows the artist's studio with the HFM brand, their name and Sign out", async () => {
    stubLocation('http://localhost/artist/');
    stubFetch([profileRoute({ user: artistUser, artist: pendingArtist })]);
    renderWithClient(<SignedInApp area="artist" />);
    expect(await screen.findByRole('tab', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HFM home' })).toBeInTheDocument();
    expect(screen.getByText('Artist Studio')).toBeInTheDocument();
    expect(screen.getByText('Nina Simone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("sends a user to their own area when the role doesn't belong here", async () => {
    const location = stubLocation('http://localhost/admin/');
    stubFetch([profileRoute({ user: { ...artistUser, role: 'SUBSCRIBER' as const }, artist: null })]);
    renderWithClient(<SignedInApp area="admin" />);
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/members/'));
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
  });

  it('signs out through the server and goes to /login', async () => {
    const location = stubLocation('http://localhost/admin/');
    const calls = stubFetch([
      profileRoute({ user: { ...artistUser, role: 'ADMIN' as const }, artist: null }),
      { method: 'POST', path: '/api/auth/logout', reply: { body: { routeTo: '/login' } } },
    ]);
    const user = userEvent.setup();
    renderWithClient(<SignedInApp area="admin" />);
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/login'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/logout')).toBe(true);
  });

  /** The tab's player as a reload left it: the second song, 42 s in. */
  function rememberedPlayer() {
    sessionStorage.setItem(PLAYER_MEMORY_KEY, JSON.stringify({ queue: songs, index: 1, position: 42 }));
  }
  /** The page being left: the player writes itself down on pagehide. */
  const leavePage = () => window.dispatchEvent(new Event('pagehide'));

  it("signs out: the tab forgets its player, so the next person signed in here finds none of the last fan's queue", async () => {
    stubMediaElement();
    rememberedPlayer();
    const location = stubLocation('http://localhost/admin/');
    stubFetch([
      profileRoute({ user: { ...artistUser, role: 'ADMIN' as const }, artist: null }),
      { method: 'POST', path: '/api/auth/logout', reply: { body: { routeTo: '/login' } } },
    ]);
    const user = userEvent.setup();
    renderWithClient(<SignedInApp area="admin" />);
    // The app's player and the test wrapper's (renderWithClient) both bring it back. The wrapper's shows at
    // once, the shell's Sign out only once the profile has come: each is waited for.
    expect(await screen.findAllByRole('region', { name: 'Player' })).not.toHaveLength(0);
    leavePage();
    expect(readRememberedPlayer()).toMatchObject({ index: 1, position: 42 });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/login'));
    leavePage();
    expect(readRememberedPlayer()).toBeNull();

    // The next page load, someone else signed in: no player comes back.
    cleanup();
    stubFetch([profileRoute({ user: { ...artistUser, role: 'ADMIN' as const, id: 'u2', _id: 'u2' }, artist: null })]);
    renderWithClient(<SignedInApp area="admin" />);
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryAllByRole('region', { name: 'Player' })).toHaveLength(0);
    leavePage();
    expect(sessionStorage.getItem(PLAYER_MEMORY_KEY)).toBeNull();
  });

  it('forgets the player when the session has ended (a 401 sends the browser to /login)', async () => {
    stubMediaElement();
    rememberedPlayer();
    const location = stubLocation('http://localhost/artist/');
    stubFetch([
      { method: 'GET', path: '/api/users/session/profile', reply: error(401, 'UNAUTHENTICATED', messages.notSignedIn) },
    ]);
    renderWithClient(<SignedInApp area="artist" />);
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/login'));
    leavePage();
    expect(readRememberedPlayer()).toBeNull();
  });

  it('sends a signed-out visitor to /login', async () => {
    const location = stubLocation('http://localhost/artist/');
    stubFetch([
      { method: 'GET', path: '/api/users/session/profile', reply: error(401, 'UNAUTHENTICATED', messages.notSignedIn) },
    ]);
    renderWithClient(<SignedInApp area="artist" />);
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/login'));
  });
});
