import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, stubLocation, type StubRoute } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { ARTIST_ID, artistPage, member, playRoute, sessionRoute, songs } from '../../../test/members';

const pageRoute = (body: unknown = artistPage): StubRoute => ({
  method: 'GET',
  path: '/api/artist-pages/nina-simone',
  reply: { body },
});

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Artist page', () => {
  it('shows the banner, name, genre, bio (safely), photos, price, songs and albums; the title names the artist', async () => {
    stubFetch([sessionRoute(null), pageRoute()]);
    const { container } = renderDiscover('/a/nina-simone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Simone' })).toBeInTheDocument();
    expect(document.title).toBe('Nina Simone | HFM');
    expect(screen.getByText('Soul')).toBeInTheDocument();
    expect((await screen.findByText('Tryon')).tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('img', { name: 'Nina Simone, photo 1' })).toHaveAttribute(
      'src',
      '/media/photos/nina-1.jpg',
    );
    expect(screen.getByText('$9.99/year')).toBeInTheDocument();

    const all = screen.getByRole('list', { name: 'Songs by Nina Simone' });
    expect(
      within(all)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Feeling Good'),
      expect.stringContaining('Sinnerman'),
      expect.stringContaining('Baltimore'),
    ]);
    const album = screen.getByRole('article', { name: 'Pastel Blues' });
    expect(within(album).getByText('Recorded in New York, 1965.')).toBeInTheDocument();
    const albumSongs = within(album).getByRole('list', { name: 'Songs of Pastel Blues' });
    expect(
      within(albumSongs)
        .getAllByRole('button', { name: /^Play / })
        .map((button) => button.querySelector('.song-row__number')?.getAttribute('data-number')),
    ).toEqual(['1', '2']);
    expect(within(albumSongs).getByRole('button', { name: 'Play Sinnerman' })).toBeInTheDocument();
  });

  it("marks songs that only preview for someone who doesn't subscribe; full-preview songs have no mark", async () => {
    stubFetch([sessionRoute(null), pageRoute()]);
    renderDiscover('/a/nina-simone');
    const all = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    const row = (title: string) => within(all).getByText(title).closest('li')!;
    expect(within(row('Feeling Good')).getByText('Preview')).toBeInTheDocument();
    expect(within(row('Baltimore')).getByText('Preview')).toBeInTheDocument();
    expect(within(row('Sinnerman')).queryByText('Preview')).not.toBeInTheDocument();
  });

  it('signed out, Subscribe opens the fan sign-up prompt (never a 401 page), coming back with Subscribe open', async () => {
    const location = stubLocation('http://localhost/a/nina-simone');
    stubFetch([sessionRoute(null), pageRoute()]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Nina Simone' });
    const signUp = within(dialog).getByRole('link', { name: 'Sign up as a fan' });
    expect(signUp).toHaveAttribute('href', '/main/#/fan-sign-up');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fa%2Fnina-simone%3Fsubscribe',
    );
    signUp.addEventListener('click', (event) => event.preventDefault());
    await user.click(signUp);
    expect(JSON.parse(window.localStorage.getItem('hfm:return-to')!)).toMatchObject({
      path: '/a/nina-simone?subscribe',
    });
    expect(location.assign).not.toHaveBeenCalled();
    window.localStorage.clear();
  });

  it("signed out, the player's ?subscribe link opens the sign-up prompt", async () => {
    stubLocation('http://localhost/a/nina-simone?subscribe');
    stubFetch([sessionRoute(null), pageRoute()]);
    renderDiscover('/a/nina-simone?subscribe');
    expect(await screen.findByRole('dialog', { name: 'Subscribe to Nina Simone' })).toBeInTheDocument();
  });

  it('for a subscriber, says Subscribed and marks no song as a preview', async () => {
    stubFetch([sessionRoute(member({ subscribedTo: [{ artistID: ARTIST_ID }] })), pageRoute()]);
    renderDiscover('/a/nina-simone');
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Preview')).not.toBeInTheDocument());
  });

  it("after a cancel, says 'Subscribed until {date}' and Resume renewal makes it renew again", async () => {
    const me = member({ subscribedTo: [{ artistID: ARTIST_ID }] });
    let cancelAtPeriodEnd = true;
    const subscription = () => ({
      _id: 's1',
      id: 's1',
      memberID: me.id,
      artistID: ARTIST_ID,
      artistName: 'Nina Simone',
      paymentMethodID: 'pm_4242',
      status: 'active',
      priceCents: 999,
      currentPeriodStart: '2026-03-10T12:00:00.000Z',
      currentPeriodEnd: '2027-03-10T12:00:00.000Z',
      cancelAtPeriodEnd,
      renewsAt: cancelAtPeriodEnd ? null : '2027-03-10T12:00:00.000Z',
      createdAt: '2026-03-10T12:00:00.000Z',
    });
    const calls = stubFetch([
      sessionRoute(me),
      pageRoute(),
      { method: 'GET', path: `/api/subscriptions/member/${me.id}`, reply: () => ({ body: [subscription()] }) },
      {
        method: 'POST',
        path: '/api/subscriptions/s1/resume',
        reply: () => {
          cancelAtPeriodEnd = false;
          return { body: subscription() };
        },
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    expect(await screen.findByText('Subscribed until March 10, 2027')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Resume renewal' }));
    await waitFor(() => expect(screen.queryByText(/Subscribed until/)).not.toBeInTheDocument());
    expect(screen.getByText('Subscribed').closest('[role="status"]')).toHaveTextContent(/^✓ Subscribed$/);
    expect(screen.queryByRole('button', { name: 'Resume renewal' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/subscriptions/s1/resume')).toHaveLength(1);
  });

  it("plays an album's song with the album as the queue", async () => {
    stubFetch([sessionRoute(null), pageRoute(), playRoute]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const album = await screen.findByRole('list', { name: 'Songs of Pastel Blues' });
    await user.click(within(album).getByRole('button', { name: 'Play Feeling Good' }));
    expect(screen.getByTestId('player-queue')).toHaveAttribute('data-song', 'Feeling Good');
    expect(screen.getByTestId('player-queue')).toHaveTextContent('Sinnerman | Feeling Good');
  });

  describe('an artist who has left HFM', () => {
    const NOTICE =
      'Nina Simone has left HFM on May 2, 2026. Subscribers keep access until their subscription ends, and keep every song they downloaded.';
    const termination = { terminatedAt: '2026-05-02T12:00:00.000Z' };
    const leftPage = {
      ...artistPage,
      songs: [],
      albums: [],
      offer: { ...artistPage.offer, available: false },
      termination,
    };

    it('shows everyone the notice, no Subscribe and no price, and no song list', async () => {
      stubFetch([sessionRoute(member()), pageRoute(leftPage)]);
      renderDiscover('/a/nina-simone');
      expect(await screen.findByRole('note')).toHaveTextContent(NOTICE);
      expect(screen.getByRole('heading', { level: 1, name: 'Nina Simone' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
      expect(screen.queryByText('$9.99/year')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Songs' })).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Songs by Nina Simone' })).not.toBeInTheDocument();
      // The bio stays.
      expect((await screen.findByText('Tryon')).tagName).toBe('STRONG');
    });

    it('to a subscriber in term: the notice, Subscribed, and the songs in full', async () => {
      const subscriberPage = {
        ...artistPage,
        offer: { ...artistPage.offer, subscribed: true, available: false },
        termination,
      };
      stubFetch([sessionRoute(member({ subscribedTo: [{ artistID: ARTIST_ID }] })), pageRoute(subscriberPage)]);
      renderDiscover('/a/nina-simone');
      expect(await screen.findByRole('note')).toHaveTextContent(NOTICE);
      expect(screen.getByText('Subscribed')).toBeInTheDocument();
      expect(screen.queryByText('$9.99/year')).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Songs by Nina Simone' })).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Pastel Blues' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Preview')).not.toBeInTheDocument());
    });
  });

  it('says there is no such artist for an unknown slug', async () => {
    stubFetch([
      sessionRoute(null),
      { method: 'GET', path: '/api/artist-pages/nobody', reply: error(404, 'NOT_FOUND', 'No such artist.') },
    ]);
    renderDiscover('/a/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such artist' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the page cannot load', async () => {
    let calls = 0;
    stubFetch([
      sessionRoute(null),
      {
        method: 'GET',
        path: '/api/artist-pages/nina-simone',
        reply: () => (++calls === 1 ? error(500, 'INTERNAL', 'Something went wrong.') : { body: artistPage }),
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    await user.click(await screen.findByRole('button', { name: "Try again to load this artist's page" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Simone' })).toBeInTheDocument();
  });
});

describe('Hi Five on song rows', () => {
  const hiFiveButton = async (title: string) => {
    const all = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    return within(all).getByRole('button', { name: `Hi Five ${title}` });
  };
  const countOf = (title: string) => {
    const all = screen.getByRole('list', { name: 'Songs by Nina Simone' });
    return within(all).getByText(title).closest('li')!.querySelector('.song-row__count')!.textContent;
  };

  it('gives a Hi Five at once, with the count, and keeps the server’s entry and count', async () => {
    const calls = stubFetch([
      sessionRoute(member()),
      pageRoute(),
      {
        method: 'POST',
        path: '/api/hi-fives',
        reply: {
          body: {
            _id: 'e1',
            id: 'e1',
            memberID: member().id,
            itemID: songs.feeling.id,
            itemType: 'song',
            hifives: 7,
            createdAt: '2025-06-01T00:00:00.000Z',
          },
        },
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const button = await hiFiveButton('Feeling Good');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(countOf('Feeling Good')).toBe('7 Hi Fives'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      memberID: member().id,
      itemID: songs.feeling.id,
      itemType: 'song',
    });
  });

  it('takes a Hi Five back by its entry id', async () => {
    const calls = stubFetch([
      sessionRoute(member({ hiFived: [{ id: 'e9', itemID: songs.feeling.id }] })),
      pageRoute(),
      {
        method: 'DELETE',
        path: '/api/hi-fives/e9',
        reply: { body: { id: 'e9', deleted: true, itemID: songs.feeling.id, hifives: 2 } },
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const button = await hiFiveButton('Feeling Good');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(countOf('Feeling Good')).toBe('2 Hi Fives'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/hi-fives/e9')).toBe(true);
  });

  it('rolls the Hi Five and its count back when the server refuses', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    stubFetch([
      sessionRoute(member()),
      pageRoute(),
      {
        method: 'POST',
        path: '/api/hi-fives',
        reply: () => new Promise((resolve) => (answer = resolve)),
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const button = await hiFiveButton('Feeling Good');
    expect(countOf('Feeling Good')).toBe('3 Hi Fives');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(countOf('Feeling Good')).toBe('4 Hi Fives'));

    answer(error(500, 'INTERNAL', 'Something went wrong.') as { status: number; body: unknown });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(countOf('Feeling Good')).toBe('3 Hi Fives');
  });

  it('signed out, asks to log in (coming back here) instead of giving a Hi Five', async () => {
    stubLocation('http://localhost/a/nina-simone');
    const calls = stubFetch([sessionRoute(null), pageRoute()]);
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    await user.click(await hiFiveButton('Feeling Good'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to give a Hi Five' });
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fa%2Fnina-simone',
    );
    expect(calls.some((call) => call.path === '/api/hi-fives')).toBe(false);
  });
});
