import type { MyMusicSong, PagedMyMusic } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoute } from '../../../test/test-utils';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import {
  ARTIST_ID,
  artistPage,
  catalogueSong,
  member,
  MEMBER_ID,
  playRoute,
  sessionRoute,
  songs,
} from '../../../test/members';

const pageRoute: StubRoute = { method: 'GET', path: '/api/artist-pages/nina-simone', reply: { body: artistPage } };
const keptRoute = (songIDs: string[] = []): StubRoute => ({
  method: 'GET',
  path: `/api/members/${MEMBER_ID}/my-music/song-ids`,
  reply: { body: { songIDs } },
});
const optionsRoute: StubRoute = {
  method: 'GET',
  path: /^\/api\/songs\/[^/]+\/downloads$/,
  reply: {
    body: [
      { format: 'flac', label: 'FLAC', bytes: 24_123_456, estimated: false },
      { format: 'mp3', label: 'MP3 320', bytes: 9_600_000, estimated: false },
      { format: 'wav', label: 'WAV', bytes: 52_900_000, estimated: false },
      { format: 'opus', label: 'Opus', bytes: 4_800_000, estimated: true },
    ],
  },
};
const albumOptionsRoute: StubRoute = {
  method: 'GET',
  path: '/api/albums/al1/downloads',
  reply: {
    body: [
      { format: 'flac', label: 'FLAC', bytes: 182_412_345, estimated: false },
      { format: 'mp3', label: 'MP3 320', bytes: 61_000_000, estimated: false },
      { format: 'wav', label: 'WAV', bytes: 1_204_000_000, estimated: false },
    ],
  },
};
const downloadRoute: StubRoute = {
  method: 'GET',
  path: /^\/api\/songs\/[^/]+\/download\?format=/,
  reply: (request) => ({ body: { url: `/media-signed/${request.path.split('/')[3]}?${request.path.split('?')[1]}` } }),
};
const subscriber = () => member({ subscribedTo: [{ artistID: ARTIST_ID }] } as never);

/** The links the app clicked to start downloads. */
function spyOnDownloads(): string[] {
  const started: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    started.push(this.getAttribute('href') ?? '');
  });
  return started;
}

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the download menu on song rows', () => {
  it('shows a subscriber each format with its size, then starts the chosen one from its signed URL', async () => {
    const calls = stubFetch([sessionRoute(subscriber()), pageRoute, keptRoute(), optionsRoute, downloadRoute]);
    const started = spyOnDownloads();
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const all = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    await user.click(within(all).getByRole('button', { name: 'Download Feeling Good' }));

    const menu = await screen.findByRole('menu');
    expect((await within(menu).findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'FLAC · 24.1 MB',
      'MP3 320 · 9.6 MB',
      'WAV · 52.9 MB',
      'Opus · ~4.8 MB',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'MP3 320 · 9.6 MB' }));
    await waitFor(() => expect(started).toEqual([`/media-signed/${songs.feeling.id}?format=mp3`]));
    expect(calls.map((call) => call.path)).toContain(`/api/songs/${songs.feeling.id}/download?format=mp3`);
  });

  it("says 'Preparing your download…' while a format is made, then starts it", async () => {
    let asked = 0;
    const preparing: StubRoute = {
      method: 'GET',
      path: /^\/api\/songs\/[^/]+\/download\?format=opus$/,
      reply: () =>
        (asked += 1) === 1
          ? {
              status: 202,
              body: { state: 'preparing', message: 'Preparing your download…', retryAfterSeconds: 1 },
            }
          : { body: { url: '/media-signed/made.opus' } },
    };
    stubFetch([sessionRoute(subscriber()), pageRoute, keptRoute(), optionsRoute, preparing]);
    const started = spyOnDownloads();
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const all = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    await user.click(within(all).getByRole('button', { name: 'Download Feeling Good' }));
    const menu = await screen.findByRole('menu');
    await user.click(await within(menu).findByRole('menuitem', { name: 'Opus · ~4.8 MB' }));
    expect(await screen.findByText('Preparing your download…')).toBeInTheDocument();
    await waitFor(() => expect(started).toEqual(['/media-signed/made.opus']), { timeout: 5000 });
    expect(asked).toBe(2);
  });

  it("waits for an album zip's files ('Preparing your download…'), then starts the zip", async () => {
    let asked = 0;
    const status: StubRoute = {
      method: 'GET',
      path: '/api/albums/al1/download-status?format=opus',
      reply: () => ({
        body:
          (asked += 1) === 1
            ? { state: 'preparing', made: 1, total: 3, retryAfterSeconds: 1 }
            : { state: 'ready', made: 3, total: 3, retryAfterSeconds: 1 },
      }),
    };
    const options: StubRoute = {
      method: 'GET',
      path: '/api/albums/al1/downloads',
      reply: { body: [{ format: 'opus', label: 'Opus', bytes: 20_000_000, estimated: true }] },
    };
    stubFetch([sessionRoute(subscriber()), pageRoute, keptRoute(), options, status]);
    const started = spyOnDownloads();
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const album = await screen.findByRole('article', { name: 'Pastel Blues' });
    await user.click(within(album).getByRole('button', { name: 'Download the album Pastel Blues' }));
    await user.click(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: 'Opus · ~20.0 MB' }));
    expect(await screen.findByText('Preparing your download…')).toBeInTheDocument();
    expect(started).toEqual([]);
    await waitFor(() => expect(started).toEqual(['/api/albums/al1/download?format=opus']), { timeout: 5000 });
    expect(asked).toBe(2);
  });

  it('offers no download to a member who does not subscribe, except on the songs they keep', async () => {
    stubFetch([sessionRoute(member()), pageRoute, keptRoute([songs.baltimore.id])]);
    renderDiscover('/a/nina-simone');
    const all = await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    expect(await within(all).findByRole('button', { name: 'Download Baltimore' })).toBeInTheDocument();
    expect(within(all).queryByRole('button', { name: 'Download Feeling Good' })).not.toBeInTheDocument();
    expect(within(all).queryByRole('button', { name: 'Download Sinnerman' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download the album/ })).not.toBeInTheDocument();
  });

  it('offers none signed out, and does not ask for kept songs', async () => {
    const calls = stubFetch([sessionRoute(null), pageRoute]);
    renderDiscover('/a/nina-simone');
    await screen.findByRole('list', { name: 'Songs by Nina Simone' });
    expect(screen.queryByRole('button', { name: /^Download / })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('my-music'))).toBe(false);
  });

  it('gives a subscriber the album as one zip in the format chosen, each format with its zip size', async () => {
    const status: StubRoute = {
      method: 'GET',
      path: '/api/albums/al1/download-status?format=flac',
      reply: { body: { state: 'ready', made: 3, total: 3, retryAfterSeconds: 2 } },
    };
    stubFetch([sessionRoute(subscriber()), pageRoute, keptRoute(), albumOptionsRoute, status]);
    const started = spyOnDownloads();
    const user = userEvent.setup();
    renderDiscover('/a/nina-simone');
    const album = await screen.findByRole('article', { name: 'Pastel Blues' });
    await user.click(within(album).getByRole('button', { name: 'Download the album Pastel Blues' }));
    const menu = await screen.findByRole('menu');
    expect((await within(menu).findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'FLAC · 182 MB',
      'MP3 320 · 61.0 MB',
      'WAV · 1.2 GB',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'FLAC · 182 MB' }));
    await waitFor(() => expect(started).toEqual(['/api/albums/al1/download?format=flac']));
  });
});

function keptSong(change: Partial<MyMusicSong> & { id: string; title: string }): MyMusicSong {
  return {
    ...catalogueSong(change),
    album: null,
    artworkPath: null,
    formats: ['flac'],
    lastDownloadedAt: '2025-05-03T12:00:00.000Z',
    inCatalogue: true,
    ...change,
  };
}

const myMusicRoute = (pages: Record<number, PagedMyMusic>): StubRoute => ({
  method: 'GET',
  path: new RegExp(`^/api/members/${MEMBER_ID}/my-music\\?page=\\d+&sort=`),
  reply: (request) => ({ body: pages[Number(/page=(\d+)/.exec(request.path)![1])] }),
});
const artistsRoute = (artists: { id: string; name: string; songCount: number }[] = []): StubRoute => ({
  method: 'GET',
  path: `/api/members/${MEMBER_ID}/my-music/artists`,
  reply: { body: artists.map((artist) => ({ _id: artist.id, ...artist })) },
});

describe('My Music', () => {
  const first = keptSong({
    id: songs.feeling.id,
    title: 'Feeling Good',
    album: { _id: 'al1', id: 'al1', name: 'Pastel Blues' },
    artworkPath: '/media/album-artwork/pastel.jpg',
    formats: ['flac', 'mp3'],
  });
  const withdrawn = keptSong({
    id: songs.baltimore.id,
    title: 'Baltimore',
    inCatalogue: false,
    lastDownloadedAt: '2024-11-20T08:00:00.000Z',
  });
  const later = keptSong({ id: songs.sinnerman.id, title: 'Sinnerman' });
  const pages: Record<number, PagedMyMusic> = {
    1: { items: [first, withdrawn], pagination: { page: 1, limit: 2, total: 3, pageCount: 2, hasMore: true } },
    2: { items: [later], pagination: { page: 2, limit: 2, total: 3, pageCount: 2, hasMore: false } },
  };

  it('lists the songs the fan keeps with artist, album, artwork, formats and when; pages through them', async () => {
    stubFetch([sessionRoute(member()), myMusicRoute(pages), keptRoute(), artistsRoute()]);
    const user = userEvent.setup();
    renderDiscover('/members/my-music');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeInTheDocument();
    expect(document.title).toBe('My Music · HFM');
    const list = await screen.findByRole('list', { name: 'My Music' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Feeling Good|Baltimore/).textContent)).toEqual([
      'Feeling Good',
      'Baltimore',
    ]);
    expect(rows[0]).toHaveTextContent('Nina Simone · Pastel Blues');
    expect(rows[0]).toHaveTextContent('FLAC, MP3 320 · Downloaded May 3, 2025');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/media/album-artwork/pastel.jpg');
    expect(within(rows[0]!).getByRole('link', { name: 'Nina Simone' })).toHaveAttribute('href', '/a/nina-simone');
    expect(rows[1]).toHaveTextContent('No longer in the catalogue');
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Download Baltimore' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(list).findByText('Sinnerman')).toBeInTheDocument();
  });

  it('plays a kept song with the page as the queue', async () => {
    stubFetch([sessionRoute(member()), myMusicRoute(pages), keptRoute(), artistsRoute(), playRoute]);
    const user = userEvent.setup();
    renderDiscover('/members/my-music');
    await user.click(await screen.findByRole('button', { name: 'Play Baltimore' }));
    await waitFor(() => expect(screen.getByTestId('player-queue')).toHaveAttribute('data-song', 'Baltimore'));
    expect(screen.getByTestId('player-queue')).toHaveTextContent('Feeling Good | Baltimore');
  });

  it('says what My Music is for when it is empty', async () => {
    const empty = { items: [], pagination: { page: 1, limit: 12, total: 0, pageCount: 1, hasMore: false } };
    stubFetch([sessionRoute(member()), myMusicRoute({ 1: empty }), keptRoute(), artistsRoute()]);
    renderDiscover('/members/my-music');
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find artists' })).toHaveAttribute('href', '/members/');
  });

  it('filters by artist, sorts by title, and offers everything kept by an artist as one zip', async () => {
    const calls = stubFetch([
      sessionRoute(member()),
      myMusicRoute(pages),
      keptRoute(),
      artistsRoute([
        { id: ARTIST_ID, name: 'Nina Simone', songCount: 3 },
        { id: 'a2', name: 'Another Act', songCount: 1 },
      ]),
      {
        method: 'GET',
        path: `/api/members/${MEMBER_ID}/my-music/artists/${ARTIST_ID}/downloads`,
        reply: { body: [{ format: 'alac', label: 'ALAC', bytes: 90_000_000, estimated: true }] },
      },
    ]);
    const user = userEvent.setup();
    renderDiscover('/members/my-music');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Artist' }), 'Nina Simone (3)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title');
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `/api/members/${MEMBER_ID}/my-music?page=1&sort=title&artistID=${ARTIST_ID}`,
      ),
    );
    const zips = screen.getByRole('region', { name: 'Download everything kept' });
    expect(
      within(zips)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Nina Simone · 3 songs')]);
    await user.click(within(zips).getByRole('button', { name: 'Download all by Nina Simone' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'ALAC · ~90.0 MB' })).toBeInTheDocument();
  });

  it('is in the members navigation', async () => {
    stubFetch([sessionRoute(member()), myMusicRoute(pages), keptRoute(), artistsRoute()]);
    renderDiscover('/members/my-music');
    expect(await screen.findByRole('link', { name: 'My Music' })).toHaveAttribute('href', '/members/my-music');
  });
});
