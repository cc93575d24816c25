import type { SearchResult } from '@hfm/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubReply } from '../../../test/test-utils';
import { SEARCH_DEBOUNCE_MS } from './search-page';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { member, playRoute, sessionRoute, songs } from '../../../test/members';
import { untilCondition } from '../../../test/conditions';

const found: SearchResult[] = [
  { type: 'song', ...pick(songs.feeling), duration: 200, isFullPreview: false },
  { type: 'song', ...pick(songs.baltimore), duration: 200, isFullPreview: false },
  { type: 'artist', _id: 'a1', id: 'a1', name: 'Nina Simone', slug: 'nina-simone', photo: null, genre: 'Soul' },
  {
    type: 'album',
    _id: 'al1',
    id: 'al1',
    name: 'Pastel Blues',
    artistID: 'a1',
    artistName: 'Nina Simone',
    artistSlug: 'nina-simone',
    artworkPath: '',
  },
];

function pick(song: typeof songs.feeling) {
  const { _id, id, title, artistID, artistName, artistSlug } = song;
  return { _id, id, title, artistID, artistName, artistSlug };
}

const searchRoute = (reply: (term: string) => StubReply | Promise<StubReply>) => ({
  method: 'GET',
  path: /^\/api\/search\?/,
  reply: (request: { path: string }) => reply(new URL(request.path, 'http://localhost').searchParams.get('s') ?? ''),
});

const searchBox = () => screen.getByRole('searchbox', { name: 'Search songs, artists and albums' });
const searches = (calls: { path: string }[]) => calls.filter((call) => call.path.startsWith('/api/search'));

beforeEach(stubMediaElement);
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Search', () => {
  it('asks the server once for fast typing, after the typing settles', async () => {
    const calls = stubFetch([sessionRoute(member()), searchRoute(() => ({ body: found }))]);
    renderDiscover('/members');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const term of ['n', 'ni', 'nin', 'nina']) {
      await act(async () => fireEvent.change(searchBox(), { target: { value: term } }));
      await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    }
    await act(async () => vi.advanceTimersByTime(49));
    expect(searches(calls)).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    // vi.waitFor moves the fake clock on between checks, so the query's own scheduling runs.
    await vi.waitFor(
      () => expect(screen.getByRole('heading', { level: 2, name: 'Songs' })).toBeInTheDocument(),
      untilCondition,
    );
    expect(searches(calls).map((call) => call.path)).toEqual(['/api/search?s=nina']);
    expect(searchBox()).toHaveValue('nina');
  });

  // Characters as the server counts them (isSearchTerm: code points): two emoji are four UTF-16 units, too few.
  it.each(['ni', '🎸🎹', 'e\u0301'])('shows a hint and asks nothing for fewer than 3 characters: %j', async (term) => {
    const calls = stubFetch([sessionRoute(member()), searchRoute(() => ({ body: found }))]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderDiscover(`/members/search?${new URLSearchParams({ s: term }).toString()}`);
    await vi.waitFor(
      () => expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument(),
      untilCondition,
    );
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 4));
    expect(searches(calls)).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Loading search results…' })).not.toBeInTheDocument();
  });

  it('shows songs, artists and albums in three groups; artists and albums link to artist pages', async () => {
    stubFetch([sessionRoute(member()), searchRoute(() => ({ body: found }))]);
    renderDiscover('/members/search?s=nina');
    const songsFound = await screen.findByRole('list', { name: 'Songs found' });
    expect(within(songsFound).getAllByRole('listitem')).toHaveLength(2);
    expect(within(songsFound).getAllByRole('link', { name: 'Nina Simone' })[0]).toHaveAttribute(
      'href',
      '/a/nina-simone',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Artists' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nina Simone Soul/ })).toHaveAttribute('href', '/a/nina-simone');
    expect(screen.getByRole('heading', { level: 2, name: 'Albums' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pastel Blues/ })).toHaveAttribute('href', '/a/nina-simone/albums/al1');
  });

  it('plays a song found, with the songs found as the queue', async () => {
    stubFetch([sessionRoute(member()), searchRoute(() => ({ body: found })), playRoute]);
    const user = userEvent.setup();
    renderDiscover('/members/search?s=nina');
    await user.click(await screen.findByRole('button', { name: 'Play Baltimore' }));
    expect(screen.getByTestId('player-queue')).toHaveAttribute('data-song', 'Baltimore');
    expect(screen.getByTestId('player-queue')).toHaveTextContent('Feeling Good | Baltimore');
  });

  it('never shows an answer for a term that has since changed', async () => {
    const answers = new Map<string, (reply: StubReply) => void>();
    stubFetch([
      sessionRoute(member()),
      searchRoute((term) => new Promise<StubReply>((resolve) => answers.set(term, resolve))),
    ]);
    const { router } = renderDiscover('/members/search?s=feel');
    await vi.waitFor(() => expect(answers.has('feel')).toBe(true), untilCondition);
    await act(() => router.navigate('/members/search?s=baltimore', { replace: true }));
    await vi.waitFor(() => expect(answers.has('baltimore')).toBe(true), untilCondition);

    await act(async () => answers.get('baltimore')!({ body: [found[1]] }));
    await act(async () => answers.get('feel')!({ body: [found[0]] }));
    expect(await screen.findByRole('button', { name: 'Play Baltimore' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Feeling Good' })).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    stubFetch([sessionRoute(member()), searchRoute(() => ({ body: [] }))]);
    renderDiscover('/members/search?s=zzzz');
    expect(await screen.findByText('Nothing on HFM matches “zzzz” yet.')).toBeInTheDocument();
  });
});
