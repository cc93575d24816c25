import type { PublicAlbum } from '@hfm/shared';
import { cleanup, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { songFixture } from '../../test/songs';
import { AlbumsPanel } from './albums-panel';
import { useAlbumEditor } from './use-album-editor';

const artist = { id: '00000000-0000-4000-8000-0000000000aa', name: 'The Band' };
const songs = ['Alpha', 'Bravo', 'Charlie'].map((title, index) =>
  songFixture({ id: `00000000-0000-4000-8000-00000000000${index + 1}`, title }),
);
const saved: PublicAlbum = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  id: '00000000-0000-4000-8000-0000000000b1',
  artistID: artist.id,
  name: 'Old Album',
  artwork: null,
  artworkPath: '',
  linerNotes: '',
  songs: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function Harness() {
  const editor = useAlbumEditor(artist.id);
  return <AlbumsPanel artist={artist} editor={editor} />;
}

/** jsdom has no layout: give each sortable song a place in a column so the keyboard sensor can move between them. */
function layOutSortableSongs() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('[data-song-id]');
    if (!item?.parentElement) return original.call(this);
    const index = [...item.parentElement.children].indexOf(item);
    const top = index * 50;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 44, width: 300, height: 44, toJSON: () => ({}) };
  });
}

let calls: ReturnType<typeof stubFetch>;

/** The saved album answers what was sent, less the release time (it schedules the songs; no album field). */
function withoutReleaseAt(body: unknown): object {
  const copy = { ...(body as Record<string, unknown>) };
  delete copy.releaseAt;
  return copy;
}

beforeEach(() => {
  calls = stubFetch([
    { method: 'GET', path: `/api/albums/artist/${artist.id}`, reply: { body: [saved] } },
    {
      method: 'GET',
      path: `/api/songs/artist/${artist.id}?page=1&limit=100`,
      reply: { body: { items: songs, pagination: { page: 1, limit: 100, total: 3, pageCount: 1, hasMore: false } } },
    },
    {
      method: 'POST',
      path: '/api/albums/create',
      reply: (request) => ({
        status: 201,
        body: {
          ...saved,
          _id: 'new-id',
          id: 'new-id',
          ...withoutReleaseAt(request.body),
          createdAt: '2025-06-01T00:00:00.000Z',
        },
      }),
    },
  ]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AlbumsPanel', () => {
  it('adds an unsaved album to the front while the modal is open and removes it on close', async () => {
    renderWithClient(<Harness />);
    expect(await screen.findByText('Old Album')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New Album' }));
    expect(screen.getByRole('dialog', { name: 'New Album' })).toBeInTheDocument();
    const cards = () => [...document.querySelectorAll('.album-card')];
    expect(cards().map((card) => card.textContent)).toEqual([
      expect.stringContaining('Not saved yet'),
      expect.stringContaining('Old Album'),
    ]);
    const closeButtons = within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons.find((button) => button.textContent === 'Close')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(1);
  });

  it('asks before Escape drops unsaved changes; Keep editing keeps them, Discard changes closes', async () => {
    renderWithClient(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Album' }));
    const dialog = screen.getByRole('dialog', { name: 'New Album' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add Alpha' }));
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'New Album' })).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Album song order' })).toHaveTextContent('Alpha');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('schedules the album: a release date and time go out as the minute every song drops', async () => {
    renderWithClient(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Album' }));
    const dialog = screen.getByRole('dialog', { name: 'New Album' });
    await userEvent.type(within(dialog).getByLabelText('Album Name'), 'Later');
    await userEvent.type(within(dialog).getByLabelText('Release Date'), '05/06/2031');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Album' }));
    expect(await within(dialog).findByText(/both a release date .* and a time/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/albums/create')).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText('Release Time'), '18:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Album' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const create = calls.find((call) => call.path === '/api/albums/create')!;
    expect(create.body).toMatchObject({ name: 'Later', releaseAt: new Date(2031, 4, 6, 18, 30).toISOString() });
  });

  it('saves the songs in the order set with the keyboard and puts the new album first', async () => {
    layOutSortableSongs();
    renderWithClient(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Album' }));
    const dialog = screen.getByRole('dialog', { name: 'New Album' });
    await userEvent.type(within(dialog).getByLabelText('Album Name'), 'Fresh');
    for (const title of ['Alpha', 'Bravo', 'Charlie'])
      await userEvent.click(await within(dialog).findByRole('button', { name: `Add ${title}` }));
    const order = () =>
      within(within(dialog).getByRole('list', { name: 'Album song order' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.song-picker__title')?.textContent);
    expect(order()).toEqual(['Alpha', 'Bravo', 'Charlie']);

    within(dialog).getByRole('button', { name: 'Move Alpha' }).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(order()).toEqual(['Bravo', 'Alpha', 'Charlie']));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Album' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const create = calls.find((call) => call.path === '/api/albums/create')!;
    expect(create.body).toMatchObject({
      name: 'Fresh',
      artistID: artist.id,
      songs: [songs[1]!.id, songs[0]!.id, songs[2]!.id],
    });
    const cards = [...document.querySelectorAll('.album-card')];
    expect(cards[0]).toHaveTextContent('Fresh');
    expect(cards[0]).toHaveTextContent('3 songs');
    expect(cards[1]).toHaveTextContent('Old Album');
  });
});
