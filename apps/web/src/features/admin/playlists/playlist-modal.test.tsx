import { playlistMessages } from '@hfm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type RecordedRequest } from '../../../test/test-utils';
import {
  adminPlaylist,
  page,
  PLAYLIST_ID,
  renderSection,
  songFound,
  sortableSongBox,
  track,
  tracks,
} from '../../../test/admin-playlists';
import { CROPPED_PNG, stubBrowserImaging } from '../../../test/browser-imaging';

const existing = adminPlaylist({ id: PLAYLIST_ID, title: 'Late Night', tracks, position: 2 });
const SEA_LION = '00000000-0000-4000-8000-000000000201';
/** Opens 'Crop Image', chooses a PNG and saves the crop. */
async function cropArtwork(user: UserEvent, modal: HTMLElement) {
  await user.click(within(modal).getByRole('button', { name: /artwork$/ }));
  const editor = await screen.findByRole('dialog', { name: 'Crop Image' });
  await user.upload(within(editor).getByLabelText('Image file'), new File(['png'], 'cover.png', { type: 'image/png' }));
  const image = await waitFor(() => {
    const found = editor.querySelector('img.reactEasyCrop_Image');
    if (!found) throw new Error('no image in the cropper yet');
    return found;
  });
  fireEvent.load(image);
  const save = within(editor).getByRole('button', { name: 'Save Image' });
  await waitFor(() => expect(save).toBeEnabled());
  await user.click(save);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop Image' })).not.toBeInTheDocument());
}

let calls: RecordedRequest[];

function stubServer(extra: Parameters<typeof stubFetch>[0] = []) {
  calls = stubFetch([
    ...extra,
    { method: 'GET', path: '/api/playlists?page=1&limit=12', reply: { body: page([existing]) } },
    { method: 'GET', path: `/api/playlists/${PLAYLIST_ID}/edit`, reply: { body: existing } },
    {
      method: 'PUT',
      path: `/api/playlists/${PLAYLIST_ID}`,
      reply: (request) => ({ body: { ...existing, ...(request.body as object) } }),
    },
    {
      method: 'POST',
      path: '/api/playlists/create',
      reply: (request) => ({
        status: 201,
        body: adminPlaylist({ id: 'new-playlist', title: 'x', ...(request.body as object), songs: [], tracks: [] }),
      }),
    },
    {
      method: 'PUT',
      path: /^\/api\/playlists\/upload\/artwork\//,
      reply: (request) => ({
        body: { ...existing, artworkPath: `/media/playlist-images/${request.path.split('/').pop()}/artwork-1.png` },
      }),
    },
  ]);
}

async function openExisting(user: UserEvent) {
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Edit Late Night' }));
  const modal = await screen.findByRole('dialog', { name: 'Edit Playlist' });
  await within(modal).findByRole('list', { name: 'Playlist song order' });
  return modal;
}

const order = (modal: HTMLElement) =>
  within(within(modal).getByRole('list', { name: 'Playlist song order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.playlist-picker__title')?.textContent);

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  // Toasts live in sonner's store, beyond one render: none of one test shows in the next.
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Edit Playlist modal', () => {
  it('moves a song with the keyboard and saves the new order with Save', async () => {
    stubBrowserImaging(sortableSongBox);
    stubServer();
    const user = userEvent.setup();
    const modal = await openExisting(user);
    expect(order(modal)).toEqual(['Alpha', 'Bravo', 'Charlie']);

    within(modal).getByRole('button', { name: 'Move Alpha' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(order(modal)).toEqual(['Bravo', 'Alpha', 'Charlie']));
    await user.click(within(modal).getByRole('button', { name: 'Remove Charlie' }));
    expect(order(modal)).toEqual(['Bravo', 'Alpha']);

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(playlistMessages.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = calls.find((call) => call.method === 'PUT' && call.path === `/api/playlists/${PLAYLIST_ID}`);
    expect(saved?.body).toMatchObject({ title: 'Late Night', songs: [tracks[1]!.id, tracks[0]!.id], position: 2 });
  });

  it('shows the admin song columns (Explicit, Plays, Hi Fives) with the admin options on', async () => {
    stubServer();
    const modal = await openExisting(userEvent.setup());
    expect(within(modal).getAllByText('Plays:', { exact: false })).toHaveLength(3);
    expect(within(modal).getAllByTitle('Hi Fives')[0]).toHaveTextContent('3');
  });

  it('leaves the admin song columns out with the admin options off', async () => {
    window.localStorage.setItem('hfm.admin-options', 'off');
    stubServer();
    const modal = await openExisting(userEvent.setup());
    expect(within(modal).queryByText('Plays:', { exact: false })).not.toBeInTheDocument();
    expect(within(modal).getAllByTitle('Duration')).toHaveLength(3);
  });

  it('closes with Close Modal and saves nothing', async () => {
    stubServer();
    const user = userEvent.setup();
    const modal = await openExisting(user);
    await user.clear(within(modal).getByLabelText('Title'));
    await user.type(within(modal).getByLabelText('Title'), 'Not kept');
    await user.click(within(modal).getByRole('button', { name: 'Close Modal' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('asks before Escape drops an edited title: Keep editing keeps the text', async () => {
    stubServer();
    const user = userEvent.setup();
    const modal = await openExisting(user);
    await user.type(within(modal).getByLabelText('Title'), ' Mix');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit Playlist' })).toBeInTheDocument();
    expect(within(modal).getByLabelText('Title')).toHaveValue('Late Night Mix');
  });

  it('closes at once with Escape when nothing changed', async () => {
    stubServer();
    const user = userEvent.setup();
    await openExisting(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uploads the artwork of an existing playlist at once and silently', async () => {
    stubBrowserImaging(sortableSongBox);
    stubServer();
    const user = userEvent.setup();
    const modal = await openExisting(user);
    await cropArtwork(user, modal);
    await waitFor(() =>
      expect(calls.find((call) => call.path === `/api/playlists/upload/artwork/${PLAYLIST_ID}`)?.body).toEqual({
        imageData: CROPPED_PNG,
        fileName: 'cover.png',
      }),
    );
    await waitFor(() =>
      expect(within(modal).getByRole('img', { name: 'Playlist artwork' })).toHaveAttribute(
        'src',
        `/media/playlist-images/${PLAYLIST_ID}/artwork-1.png`,
      ),
    );
    expect(screen.queryByText(playlistMessages.saved)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Playlist' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' && call.path === `/api/playlists/${PLAYLIST_ID}`)).toBe(false);
  });

  it('holds the artwork of a new playlist until Save has made it, then uploads it', async () => {
    stubBrowserImaging(sortableSongBox);
    stubServer();
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'New playlist' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Playlist' });
    expect(within(modal).getByLabelText('Title')).toHaveValue('Untitled');
    await cropArtwork(user, modal);
    expect(within(modal).getByRole('img', { name: 'Playlist artwork' })).toHaveAttribute('src', CROPPED_PNG);
    expect(within(modal).getByText('The artwork is saved with the playlist.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(within(modal).getByRole('switch', { name: 'HFM Radio' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(playlistMessages.saved)).toBeInTheDocument();
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/playlists/create',
      'PUT /api/playlists/upload/artwork/new-playlist',
    ]);
    expect(writes[0]!.body).toMatchObject({ title: 'Untitled', songs: [], isHFMRadio: true, position: -1 });
    expect(writes[1]!.body).toEqual({ imageData: CROPPED_PNG, fileName: 'cover.png' });
  });

  it('marks songs of artists who have not opted in while HFM Radio or HFM Picks is on', async () => {
    const lonely = track({ id: '00000000-0000-4000-8000-000000000109', title: 'Lonely', optedIn: false });
    stubServer([
      {
        method: 'GET',
        path: `/api/playlists/${PLAYLIST_ID}/edit`,
        reply: { body: { ...existing, tracks: [lonely], songs: [lonely.id] } },
      },
    ]);
    const user = userEvent.setup();
    const modal = await openExisting(user);
    expect(within(modal).queryByText('Artist has not opted in')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('switch', { name: 'HFM Picks' }));
    expect(within(modal).getByText('Artist has not opted in')).toBeInTheDocument();
    expect(within(modal).getByLabelText('HFM Picks position')).toBeInTheDocument();
  });

  it('offers no Add once an HFM Picks playlist holds five songs', async () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map((title, index) =>
      track({ id: `00000000-0000-4000-8000-00000000011${index}`, title, artistID: `artist-${index}` }),
    );
    const picks = { ...existing, isHFMPicks: true, HFMPicksPosition: 1, tracks: five, songs: five.map((t) => t.id) };
    stubServer([
      { method: 'GET', path: `/api/playlists/${PLAYLIST_ID}/edit`, reply: { body: picks } },
      { method: 'GET', path: '/api/search?s=sea', reply: { body: [songFound(SEA_LION, 'Sea Lion')] } },
    ]);
    const user = userEvent.setup();
    const modal = await openExisting(user);
    await user.type(within(modal).getByLabelText('Search songs'), 'sea');
    expect(await within(modal).findByRole('button', { name: 'Add Sea Lion' })).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: 'Remove E' }));
    expect(within(modal).getByRole('button', { name: 'Add Sea Lion' })).toBeEnabled();
  });

  it('says what is wrong when Save fails: the toast and the server’s message, and stays open', async () => {
    const refused = "'Lonely' by Odetta cannot be on HFM Radio: the artist has not opted in.";
    stubServer([
      {
        method: 'PUT',
        path: `/api/playlists/${PLAYLIST_ID}`,
        reply: { status: 400, body: { error: { code: 'VALIDATION', message: refused, fields: { songs: refused } } } },
      },
    ]);
    const user = userEvent.setup();
    const modal = await openExisting(user);
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(playlistMessages.saveFailed)).toBeInTheDocument();
    expect(within(modal).getByRole('alert')).toHaveTextContent(refused);
    expect(screen.getByRole('dialog', { name: 'Edit Playlist' })).toBeInTheDocument();
  });

  it('checks the fields before sending: a blank title, a position under -1', async () => {
    stubServer();
    const user = userEvent.setup();
    const modal = await openExisting(user);
    await user.clear(within(modal).getByLabelText('Title'));
    await user.clear(within(modal).getByLabelText('Position'));
    await user.type(within(modal).getByLabelText('Position'), '-3');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Please give the playlist a title.')).toBeInTheDocument();
    expect(within(modal).getByText('The position must be a whole number, -1 (no place) or more.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
