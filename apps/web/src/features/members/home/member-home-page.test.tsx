import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type StubReply, type StubRoute } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { ARTIST_ID, emptyLists, hero, lists, member, playRoute, sessionRoute, summary } from '../../../test/members';

const heroRoute = (reply: StubRoute['reply']): StubRoute => ({
  method: 'GET',
  path: '/api/bff/members/hero-artist',
  reply,
});
const summaryRoute = (reply: StubRoute['reply']): StubRoute => ({
  method: 'GET',
  path: `/api/bff/members/artist-summary/${ARTIST_ID}`,
  reply,
});
const listsRoute = (reply: StubRoute['reply']): StubRoute => ({
  method: 'GET',
  path: '/api/playlists/agg/member-home-lists',
  reply,
});
const never = () => new Promise<StubReply>(() => undefined);
const serverDown = error(500, 'INTERNAL', 'Something went wrong. Please try again.');

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Member home', () => {
  it('shows a loading skeleton in each block while it loads', async () => {
    stubFetch([sessionRoute(member()), heroRoute(never), listsRoute(never)]);
    renderDiscover('/members');
    expect(await screen.findByRole('status', { name: 'Loading the featured artist…' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the songs…' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading playlists…' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading featured artists…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeInTheDocument();
  });

  it('shows the hero, their songs, and every list, with cards linking to artist, genre and playlist pages', async () => {
    stubFetch([
      sessionRoute(member()),
      heroRoute({ body: hero }),
      summaryRoute({ body: summary }),
      listsRoute({ body: lists }),
    ]);
    renderDiscover('/members');
    expect(await screen.findByRole('heading', { level: 2, name: 'Nina Simone' })).toBeInTheDocument();
    expect(screen.getByText('The High Priestess of Soul.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open artist page' })).toHaveAttribute('href', '/a/nina-simone');
    const songs = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    expect(within(songs).getAllByRole('listitem')).toHaveLength(3);

    for (const title of ['Playlists', 'HFM Picks', 'HFM Radio', 'Featured artists', 'New releases', 'Genres'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Night Driving/ })).toHaveAttribute('href', '/members/playlists/p1');
    expect(screen.getByRole('link', { name: /Odetta/ })).toHaveAttribute('href', '/a/odetta');
    expect(screen.getByRole('link', { name: /Abbey Lincoln/ })).toHaveAttribute('href', '/a/abbey-lincoln');
    expect(screen.getByRole('link', { name: 'Soul' })).toHaveAttribute('href', '/members/genres/g1');
  });

  it('shows an error with a retry in the lists block while the hero and their songs still show', async () => {
    let listsCalls = 0;
    stubFetch([
      sessionRoute(member()),
      heroRoute({ body: hero }),
      summaryRoute({ body: summary }),
      listsRoute(() => (++listsCalls === 1 ? serverDown : { body: lists })),
    ]);
    const user = userEvent.setup();
    renderDiscover('/members');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load playlists, genres and artists.");
    // Each block renders its data in the background (QueryBlock): the hero may follow the alert by a moment.
    expect(await screen.findByRole('heading', { level: 2, name: 'Nina Simone' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Songs by Nina Simone' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again to load playlists, genres and artists' }));
    expect(await screen.findByRole('link', { name: /Night Driving/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listsCalls).toBe(2);
  });

  it('shows an error in the hero block (and asks for no summary) while the lists still show', async () => {
    const calls = stubFetch([sessionRoute(member()), heroRoute(serverDown), listsRoute({ body: lists })]);
    renderDiscover('/members');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the featured artist.");
    expect(await screen.findByRole('link', { name: /Night Driving/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again to load the featured artist' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('artist-summary'))).toBe(false);
  });

  it("shows an error in the hero's songs alone", async () => {
    stubFetch([
      sessionRoute(member()),
      heroRoute({ body: hero }),
      summaryRoute(serverDown),
      listsRoute({ body: lists }),
    ]);
    renderDiscover('/members');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load Nina Simone's songs.");
    // The hero's block renders its data in the background (QueryBlock's deferred value); the songs' error does
    // not wait for it, so the hero may follow the alert by a moment.
    expect(await screen.findByRole('heading', { level: 2, name: 'Nina Simone' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Night Driving/ })).toBeInTheDocument();
  });

  it('says so kindly when the catalogue is empty', async () => {
    const calls = stubFetch([sessionRoute(member()), heroRoute({ body: null }), listsRoute({ body: emptyLists })]);
    renderDiscover('/members');
    expect(await screen.findByRole('heading', { name: 'The stage is being set' })).toBeInTheDocument();
    expect(screen.getByText(/No artists have released music on HFM yet/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('artist-summary'))).toBe(false);
  });

  it("plays a song of the hero's with their list as the queue, starting at the chosen song", async () => {
    stubFetch([
      sessionRoute(member()),
      heroRoute({ body: hero }),
      summaryRoute({ body: summary }),
      listsRoute({ body: lists }),
      playRoute,
    ]);
    const user = userEvent.setup();
    renderDiscover('/members');
    await user.click(await screen.findByRole('button', { name: 'Play Sinnerman' }));
    const probe = screen.getByTestId('player-queue');
    expect(probe).toHaveAttribute('data-song', 'Sinnerman');
    expect(probe).toHaveTextContent('Feeling Good | Sinnerman | Baltimore');
    // The song's row and the player bar both offer to pause it (whether the bar's shows yet when the row's
    // does depends on how fast the machine is): each is looked for in its own place.
    const songs = screen.getByRole('list', { name: 'Songs by Nina Simone' });
    expect(await within(songs).findByRole('button', { name: 'Pause Sinnerman' })).toBeInTheDocument();
    const player = await screen.findByRole('region', { name: 'Player' });
    expect(await within(player).findByRole('button', { name: 'Pause Sinnerman' })).toBeInTheDocument();
  });
});
