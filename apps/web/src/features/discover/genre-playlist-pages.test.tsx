import type { GenrePage, PlaylistPage } from '@hfm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type StubReply } from '../../api/test-utils';
import { renderDiscover, stubMediaElement } from './test-app';
import { artistCard, member, playlistCard, playRoute, sessionRoute, songList, songs } from './test-fixtures';

const genre: GenrePage = {
  genre: { _id: 'g1', id: 'g1', label: 'Soul', artwork: null },
  artists: [artistCard({ id: 'a2', name: 'Odetta', slug: 'odetta' })],
  songs: songList,
};
const playlist: PlaylistPage = {
  playlist: playlistCard({ id: 'p1', title: 'Night Driving', isHFMPicks: true }),
  songs: [songs.baltimore, songs.feeling],
};

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Genre page', () => {
  it('shows a skeleton, then the genre with its artists (linking to their pages) and songs', async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    stubFetch([
      sessionRoute(member()),
      { method: 'GET', path: '/api/genres/g1/page', reply: () => new Promise((resolve) => (answer = resolve)) },
    ]);
    renderDiscover('/members/genres/g1');
    expect(await screen.findByRole('status', { name: 'Loading this genre…' })).toBeInTheDocument();
    answer({ body: genre });
    expect(await screen.findByRole('heading', { level: 1, name: 'Soul' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Odetta/ })).toHaveAttribute('href', '/a/odetta');
    const list = screen.getByRole('list', { name: 'New Soul songs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('link', { name: 'Nina Simone' })[0]).toHaveAttribute('href', '/a/nina-simone');
    expect(document.title).toBe('Soul · HFM');
  });

  it('says there is no such genre for an unknown id', async () => {
    stubFetch([
      sessionRoute(member()),
      { method: 'GET', path: '/api/genres/nope/page', reply: error(404, 'NOT_FOUND', 'No such genre.') },
    ]);
    renderDiscover('/members/genres/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such genre' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your music' })).toHaveAttribute('href', '/members/');
  });
});

describe('Playlist page', () => {
  it('lists the songs in order; Play starts the first with the playlist as the queue', async () => {
    stubFetch([
      sessionRoute(member()),
      { method: 'GET', path: '/api/playlists/p1', reply: { body: playlist } },
      playRoute,
    ]);
    const user = userEvent.setup();
    renderDiscover('/members/playlists/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Driving' })).toBeInTheDocument();
    expect(screen.getByText('HFM Picks')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Songs of Night Driving' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Baltimore'), expect.stringContaining('Feeling Good')]);
    await user.click(screen.getByRole('button', { name: 'Play Night Driving' }));
    expect(screen.getByTestId('player-queue')).toHaveAttribute('data-song', 'Baltimore');
    expect(screen.getByTestId('player-queue')).toHaveTextContent('Baltimore | Feeling Good');
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    stubFetch([
      sessionRoute(member()),
      {
        method: 'GET',
        path: '/api/playlists/p1',
        reply: () => (++calls === 1 ? error(500, 'INTERNAL', 'Something went wrong.') : { body: playlist }),
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/members/playlists/p1');
    await user.click(await screen.findByRole('button', { name: 'Try again to load this playlist' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Driving' })).toBeInTheDocument();
  });
});
