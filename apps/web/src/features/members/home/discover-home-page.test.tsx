import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoute } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import {
  album,
  ARTIST_ID,
  artistPage,
  hero,
  lists,
  member,
  playRoute,
  sessionRoute,
  summary,
} from '../../../test/members';

const catalogue: StubRoute[] = [
  { method: 'GET', path: '/api/bff/members/hero-artist', reply: { body: hero } },
  { method: 'GET', path: `/api/bff/members/artist-summary/${ARTIST_ID}`, reply: { body: summary } },
  { method: 'GET', path: '/api/playlists/agg/member-home-lists', reply: { body: lists } },
  { method: 'GET', path: '/api/artist-pages/nina-simone', reply: { body: artistPage } },
  playRoute,
];

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/discover, signed out', () => {
  it('shows the featured artist, their songs and every list, with cards linking into /discover', async () => {
    stubFetch([sessionRoute(null), ...catalogue]);
    renderDiscover('/discover');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find music you love' })).toBeInTheDocument();
    expect(await screen.findByText(/Listen to a preview of every song/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open artist page' })).toHaveAttribute('href', '/a/nina-simone');
    const songs = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    expect(within(songs).getAllByText('Preview').length).toBeGreaterThan(0);
    for (const title of ['Playlists', 'HFM Picks', 'HFM Radio', 'Featured artists', 'New releases', 'Genres'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Night Driving/ })).toHaveAttribute('href', '/discover/playlists/p1');
    expect(screen.getByRole('link', { name: 'Soul' })).toHaveAttribute('href', '/discover/genres/g1');
  });

  it("a fan's cards lead to the members area", async () => {
    stubFetch([sessionRoute(member()), ...catalogue]);
    renderDiscover('/discover');
    expect(await screen.findByRole('link', { name: /Night Driving/ })).toHaveAttribute('href', '/members/playlists/p1');
    expect(screen.queryByText(/Listen to a preview of every song/)).not.toBeInTheDocument();
  });

  it('a Hi Five asks to log in or sign up, never a 401 page', async () => {
    stubFetch([sessionRoute(null), ...catalogue]);
    const user = userEvent.setup();
    renderDiscover('/discover');
    await user.click(await screen.findByRole('button', { name: 'Hi Five Sinnerman' }));
    expect(await screen.findByRole('dialog', { name: 'Log in to give a Hi Five' })).toBeInTheDocument();
  });
});

describe('an album page, signed out', () => {
  it('shows the album, its songs in order, its artist and the sign-up prompt behind Subscribe', async () => {
    stubFetch([sessionRoute(null), ...catalogue]);
    const user = userEvent.setup();
    renderDiscover(`/a/nina-simone/albums/${album.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pastel Blues' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nina Simone' })).toHaveAttribute('href', '/a/nina-simone');
    expect(screen.getByText('Recorded in New York, 1965.')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Songs of Pastel Blues' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0]!.getAttribute('aria-label'))).toEqual([
      'Play Sinnerman',
      'Play Feeling Good',
    ]);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Nina Simone' });
    expect(within(dialog).getByRole('link', { name: 'Sign up as a fan' })).toHaveAttribute(
      'href',
      '/main/#/fan-sign-up',
    );
  });

  it('says there is no such album for an id the artist has not', async () => {
    stubFetch([sessionRoute(null), ...catalogue]);
    renderDiscover('/a/nina-simone/albums/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such album' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover music' })).toHaveAttribute('href', '/discover/');
  });
});
