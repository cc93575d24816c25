import { playlistMessages, type HfmPicksAnswer } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch } from '../../../test/test-utils';
import { adminPlaylist, page, PLAYLIST_ID, renderSection, songFound, tracks } from '../../../test/admin-playlists';

const radio = adminPlaylist({
  id: PLAYLIST_ID,
  title: 'HFM Radio',
  tracks,
  isHFMRadio: true,
  showOnFrontPage: true,
  position: 1,
  artworkPath: '/media/playlist-images/radio/artwork.png',
});
const picks = adminPlaylist({
  id: '00000000-0000-4000-8000-0000000000c2',
  title: 'Summer Driving',
  isHFMPicks: true,
  HFMPicksPosition: 1,
  picksMonth: '2025-06',
  tracks: tracks.slice(0, 1),
});
const older = adminPlaylist({ id: '00000000-0000-4000-8000-0000000000c3', title: 'Older mix' });

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rowOf = (title: string) => screen.getByText(title, { selector: '.playlists-admin__title' }).closest('li')!;

describe('#/playlists', () => {
  it('lists playlists with their artwork, flags, song count and position, a page at a time', async () => {
    const calls = stubFetch([
      { method: 'GET', path: '/api/playlists?page=1&limit=12', reply: { body: page([radio, picks], 1, 2) } },
      { method: 'GET', path: '/api/playlists?page=2&limit=12', reply: { body: page([older], 2, 2) } },
    ]);
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByRole('heading', { level: 1, name: 'Playlists' })).toBeInTheDocument();
    await screen.findByText('HFM Radio', { selector: '.playlists-admin__title' });
    const first = rowOf('HFM Radio');
    expect(within(first).getByRole('list', { name: 'Flags of HFM Radio' })).toHaveTextContent('HFM RadioFront page');
    expect(first).toHaveTextContent('3 songs · Position 1');
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/playlist-images/radio/artwork.png');
    const second = rowOf('Summer Driving');
    expect(within(second).getByRole('list', { name: 'Flags of Summer Driving' })).toHaveTextContent(
      'HFM Picks · June 2025 · #1',
    );
    expect(second).toHaveTextContent('1 song · No position');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Older mix')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/playlists?page=2&limit=12');
  });

  it('makes a new playlist: title, songs found by search, Save; the list shows it', async () => {
    let made = false;
    const fresh = adminPlaylist({ id: '00000000-0000-4000-8000-0000000000c9', title: 'Fresh Finds' });
    const calls = stubFetch([
      {
        method: 'GET',
        path: '/api/playlists?page=1&limit=12',
        reply: () => ({ body: page(made ? [fresh, older] : [older]) }),
      },
      {
        method: 'GET',
        path: '/api/search?s=sea',
        reply: {
          body: [
            songFound('00000000-0000-4000-8000-000000000201', 'Sea Lion'),
            { type: 'artist', _id: 'a9', id: 'a9', name: 'Sea Wolf', slug: 'sea-wolf', photo: null, genre: null },
          ],
        },
      },
      {
        method: 'POST',
        path: '/api/playlists/create',
        reply: () => {
          made = true;
          return { status: 201, body: fresh };
        },
      },
    ]);
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'New playlist' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Playlist' });
    expect(within(modal).getByText('No songs yet. Find songs below and add them.')).toBeInTheDocument();
    const title = within(modal).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Fresh Finds');
    await user.type(within(modal).getByLabelText('Search songs'), 'se');
    expect(calls.some((call) => call.path.startsWith('/api/search'))).toBe(false);
    await user.type(within(modal).getByLabelText('Search songs'), 'a');
    await user.click(await within(modal).findByRole('button', { name: 'Add Sea Lion' }));
    expect(within(modal).getByRole('list', { name: 'Playlist song order' })).toHaveTextContent('Sea Lion');
    expect(within(within(modal).getByRole('list', { name: 'Songs found' })).getByText('Added')).toBeInTheDocument();
    await user.click(within(modal).getByRole('switch', { name: 'Show on front page' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(playlistMessages.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Fresh Finds',
      songs: ['00000000-0000-4000-8000-000000000201'],
      isHFMRadio: false,
      isHFMPicks: false,
      showOnFrontPage: true,
      position: -1,
    });
    expect(await screen.findByText('Fresh Finds', { selector: '.playlists-admin__title' })).toBeInTheDocument();
  });

  it("deletes a playlist after 'Really delete item?' and says 'Playlist deleted!'", async () => {
    let deleted = false;
    const calls = stubFetch([
      {
        method: 'GET',
        path: '/api/playlists?page=1&limit=12',
        reply: () => ({ body: page(deleted ? [older] : [radio, older]) }),
      },
      {
        method: 'DELETE',
        path: `/api/playlists/remove/${PLAYLIST_ID}`,
        reply: () => {
          deleted = true;
          return { body: { id: PLAYLIST_ID, deleted: true } };
        },
      },
    ]);
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete HFM Radio' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Really delete item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete HFM Radio' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(playlistMessages.deleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('HFM Radio', { selector: '.playlists-admin__title' })).not.toBeInTheDocument(),
    );
  });

  it("generates HFM Picks and says 'HFM Picks generated!'; a refusal says why", async () => {
    const answer: HfmPicksAnswer = { playlists: [picks], generated: true, month: '2025-06', notice: null };
    let runs = 0;
    stubFetch([
      { method: 'GET', path: '/api/playlists?page=1&limit=12', reply: () => ({ body: page(runs ? [picks] : []) }) },
      {
        method: 'POST',
        path: '/api/playlists/hfm-picks',
        reply: () =>
          ++runs === 1
            ? error(409, 'CONFLICT', 'There are no released songs of ACTIVE artists who opted in to HFM Picks yet.')
            : { body: answer },
      },
    ]);
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/No playlists yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate HFM Picks' }));
    expect(await screen.findByText(/no released songs of ACTIVE artists/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate HFM Picks' }));
    expect(await screen.findByText(playlistMessages.picksGenerated)).toBeInTheDocument();
    expect(await screen.findByText('Summer Driving', { selector: '.playlists-admin__title' })).toBeInTheDocument();
  });

  it('a second run in the month says the Picks exist (no success) and offers Regenerate, which replaces them', async () => {
    const lastMonth = adminPlaylist({ ...picks, id: 'old', _id: 'old', isHFMPicks: false, picksMonth: '2025-05' });
    const calls = stubFetch([
      { method: 'GET', path: '/api/playlists?page=1&limit=12', reply: { body: page([picks, lastMonth]) } },
      {
        method: 'POST',
        path: '/api/playlists/hfm-picks',
        reply: { body: { playlists: [picks], generated: false, month: '2025-06', notice: null } },
      },
      {
        method: 'POST',
        path: '/api/playlists/hfm-picks?regenerate=true',
        reply: { body: { playlists: [picks], generated: true, month: '2025-06', notice: null } },
      },
    ]);
    const user = userEvent.setup();
    renderSection();
    await screen.findAllByText('Summer Driving', { selector: '.playlists-admin__title' });
    const flags = screen.getAllByRole('list', { name: 'Flags of Summer Driving' }).map((list) => list.textContent);
    expect(flags).toEqual(['HFM Picks · June 2025 · #1', 'HFM Picks · May 2025']);

    await user.click(screen.getByRole('button', { name: 'Generate HFM Picks' }));
    const dialog = await screen.findByRole('dialog', { name: 'This month’s HFM Picks already exist' });
    expect(dialog).toHaveTextContent('HFM Picks · June 2025 were made already');
    expect(screen.queryByText(playlistMessages.picksGenerated)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('HFM Picks · June 2025 regenerated.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/playlists/hfm-picks',
      '/api/playlists/hfm-picks?regenerate=true',
    ]);
  });
});
