import type { PublicArtist, PublicUser } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import StudioApp from './studio-app';

const user = {
  _id: 'u1',
  id: 'u1',
  firstName: 'Nina',
  lastName: 'Simone',
  name: 'Nina Simone',
  email: 'nina@example.com',
  role: 'ARTIST',
  profileImagePath: null,
  subscribedTo: [],
} as unknown as PublicUser;
const artist = {
  _id: 'a1',
  id: 'a1',
  name: 'The High Priestess',
  status: 'PENDING',
  bio: '',
  photos: [],
  hifives: 0,
  bannerImagePath: null,
  genre: { _id: 'g', id: 'g', label: 'Soul', artwork: null },
} as unknown as PublicArtist;

const selectedTab = () => screen.getByRole('tab', { selected: true });

beforeEach(() => {
  stubFetch([]);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the studio tab follows the address', () => {
  it('/artist/#songs opens Songs, and the page title names it', async () => {
    window.history.replaceState(null, '', '/artist/#songs');
    renderWithClient(<StudioApp user={user} artist={artist} />);
    expect(selectedTab()).toHaveAccessibleName('Songs');
    await waitFor(() => expect(document.title).toBe('Songs · Studio · HFM'));
  });

  it('choosing a tab adds a history entry, and Back shows the tab before it', async () => {
    window.history.replaceState(null, '', '/artist/#songs');
    const userEvents = userEvent.setup();
    renderWithClient(<StudioApp user={user} artist={artist} />);
    await userEvents.click(screen.getByRole('tab', { name: 'Albums' }));
    expect(window.location.hash).toBe('#albums');
    expect(selectedTab()).toHaveAccessibleName('Albums');
    await userEvents.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(window.location.hash).toBe('#profile');

    window.history.back();
    await waitFor(() => expect(selectedTab()).toHaveAccessibleName('Albums'));
    window.history.back();
    await waitFor(() => expect(selectedTab()).toHaveAccessibleName('Songs'));
    window.history.forward();
    await waitFor(() => expect(selectedTab()).toHaveAccessibleName('Albums'));
  });

  it('a hash typed into the address bar switches the tab', async () => {
    window.history.replaceState(null, '', '/artist/');
    renderWithClient(<StudioApp user={user} artist={artist} />);
    expect(selectedTab()).toHaveAccessibleName('Dashboard');
    window.location.hash = '#audition';
    await waitFor(() => expect(selectedTab()).toHaveAccessibleName('Bio & Photos'));
  });
});
