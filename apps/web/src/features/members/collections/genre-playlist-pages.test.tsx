import type { CatalogueSong, GenrePage, PlaylistPage } from '@hfm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type StubReply } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import {
  artistCard,
  member,
  MEMBER_ID,
  playlistCard,
  playRoute,
  sessionRoute,
  songList,
  songs,
} from '../../../test/members';

const keptRoute = {
  method: 'GET',
  path: `/api/members/${MEMBER_ID}/my-music/song-ids`,
  reply: { body: { songIDs: [] } },
};

const genre: GenrePage = {
  genre: { _id: 'g1', id: 'g1', label: 'Soul', artwork: null },
  artists: [artistCard({ id: 'a2', name: 'Odetta', slug: 'odetta' })],
  songs: songList,
};
const onPlaylist = (song: CatalogueSong, change: Partial<CatalogueSong> = {}): CatalogueSong => ({
  ...song,
  ...change,
});
const playlist: PlaylistPage = {
  playlist: playlistCard({ id: 'p1', title: 'Night Driving' }),
  songs: [onPlaylist(songs.baltimore), onPlaylist(songs.feeling)],
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

  it('plays HFM Radio songs in full for everyone, with no download (streaming only)', async () => {
    const radio: PlaylistPage = {
      playlist: playlistCard({ id: 'p3', title: 'HFM Radio One', isHFMRadio: true }),
      songs: [onPlaylist(songs.baltimore, { playsInFull: true }), onPlaylist(songs.feeling)],
    };
    stubFetch([
      sessionRoute(member()),
      { method: 'GET', path: '/api/playlists/p3', reply: { body: radio } },
      keptRoute,
    ]);
    renderDiscover('/members/playlists/p3');
    expect(await screen.findByRole('heading', { level: 1, name: 'HFM Radio One' })).toBeInTheDocument();
    expect(screen.getByText('HFM Radio')).toBeInTheDocument();
    const [baltimore, feeling] = within(screen.getByRole('list', { name: 'Songs of HFM Radio One' })).getAllByRole(
      'listitem',
    );
    expect(within(baltimore!).queryByText('Preview')).not.toBeInTheDocument();
    expect(within(feeling!).getByText('Preview')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('offers a member the download of a current HFM Pick, which plays in full', async () => {
    const picks: PlaylistPage = {
      playlist: playlistCard({ id: 'p2', title: 'Summer Driving', isHFMPicks: true, HFMPicksPosition: 1 }),
      songs: [onPlaylist(songs.baltimore, { playsInFull: true, freeToKeep: true })],
    };
    stubFetch([
      sessionRoute(member()),
      { method: 'GET', path: '/api/playlists/p2', reply: { body: picks } },
      keptRoute,
    ]);
    renderDiscover('/members/playlists/p2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Driving' })).toBeInTheDocument();
    expect(screen.getByText('HFM Picks')).toBeInTheDocument();
    expect(screen.queryByText('Preview')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download Baltimore' })).toBeInTheDocument();
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
