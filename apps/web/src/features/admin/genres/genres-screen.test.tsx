import { messages, type PublicGenre } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadGenreArtwork } from '../../../api/curation/upload-genre-artwork';
import { error, stubFetch, type StubRoute } from '../../../test/test-utils';
import { renderAdminScreen } from '../../../test/admin';
import GenresScreen from './genres-screen';
import { parseGenreLabels } from './add-genres-form';

const genre = (id: string, label: string, artwork: string | null = null): PublicGenre => ({
  _id: id,
  id,
  label,
  artwork,
});
const rock = genre('g-rock', 'Rock', '/media/genre-images/g-rock/genre-1.png');
const jazz = genre('g-jazz', 'Jazz');
const listRoute = (list: PublicGenre[]): StubRoute => ({ method: 'GET', path: '/api/genres', reply: { body: list } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const allGenres = () => screen.findByRole('list', { name: 'All genres' });

describe('#/genres', () => {
  it('lists every genre with its artwork (or initials)', async () => {
    stubFetch([listRoute([jazz, rock])]);
    renderAdminScreen(<GenresScreen />);
    const list = await allGenres();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'Artwork of Rock' })).toHaveAttribute('src', rock.artwork);
    expect(screen.getByText('2 genres')).toBeInTheDocument();
  });

  it('adds one genre (create): “Genre saved!”, and it joins the list', async () => {
    const calls = stubFetch([
      listRoute([rock]),
      { method: 'POST', path: '/api/genres/create', reply: { status: 201, body: genre('g-new', 'Shoegaze') } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.type(screen.getByLabelText('New genres'), '  Shoegaze ');
    await user.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText(messages.genreSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/genres/create',
      body: { label: 'Shoegaze' },
    });
    expect(within(await allGenres()).getByText('Shoegaze')).toBeInTheDocument();
    expect(screen.getByLabelText('New genres')).toHaveValue('');
  });

  it('adds several at once (the bulk addGenres) and names those that already existed', async () => {
    const calls = stubFetch([
      listRoute([rock]),
      {
        method: 'POST',
        path: '/api/genres',
        reply: { body: { added: [genre('g1', 'Dream Pop'), genre('g2', 'Shoegaze')], skipped: ['rock'] } },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.type(screen.getByLabelText('New genres'), 'Shoegaze, Dream Pop{Enter}rock');
    await user.click(screen.getByRole('button', { name: 'Add 3 genres' }));
    expect(await screen.findByText(messages.genreSaved)).toBeInTheDocument();
    expect(calls.at(-1)!.body).toEqual({ genres: [{ label: 'Shoegaze' }, { label: 'Dream Pop' }, { label: 'rock' }] });
    expect(screen.getByText('Added Dream Pop, Shoegaze. Already there: rock.')).toHaveAttribute('role', 'status');
    const items = within(await allGenres()).getAllByRole('listitem');
    const labels = items.map((item) => item.querySelector('.genre-card__label')?.textContent);
    expect(labels).toEqual(['Dream Pop', 'Rock', 'Shoegaze']);
  });

  it('a failed save says “Error saving genre!” and shows why', async () => {
    stubFetch([
      listRoute([rock]),
      { method: 'POST', path: '/api/genres/create', reply: error(409, 'CONFLICT', 'The genre Rock already exists.') },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(screen.getByText('Please enter a genre name.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New genres'), 'Rock');
    await user.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText(messages.errorSavingGenre)).toBeInTheDocument();
    expect(screen.getByText('The genre Rock already exists.')).toBeInTheDocument();
  });

  it('renames a genre in place', async () => {
    const calls = stubFetch([
      listRoute([jazz, rock]),
      { method: 'PATCH', path: '/api/genres/g-jazz', reply: { body: genre('g-jazz', 'Free Jazz') } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.click(screen.getByRole('button', { name: 'Rename Jazz' }));
    const input = screen.getByLabelText('New name for Jazz');
    await user.clear(input);
    await user.type(input, 'Free Jazz{Enter}');
    expect(await screen.findByText(messages.genreSaved)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: '/api/genres/g-jazz', body: { label: 'Free Jazz' } });
    expect(within(await allGenres()).getByText('Free Jazz')).toBeInTheDocument();
  });

  it('deletes after “Really delete item?”: “Genre deleted!”; a refusal shows the server’s reason', async () => {
    stubFetch([
      listRoute([jazz, rock]),
      {
        method: 'DELETE',
        path: '/api/genres/remove/g-jazz',
        reply: { body: { id: 'g-jazz', deleted: true, artistsMoved: 0 } },
      },
      {
        method: 'DELETE',
        path: '/api/genres/remove/g-rock',
        reply: error(409, 'CONFLICT', '2 artists are filed under Rock. Move them to another genre first.'),
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.click(screen.getByRole('button', { name: 'Delete Jazz' }));
    const confirm = screen.getByRole('alertdialog', { name: messages.reallyDelete });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(messages.genreDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'All genres' })).queryByText('Jazz')).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Rock' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 artists are filed under Rock. Move them to another genre first.')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'All genres' })).getByText('Rock')).toBeInTheDocument();
  });

  it('a genre with artists offers to move them to another genre, then deletes it (one request)', async () => {
    const pop = genre('g-pop', 'Pop');
    const calls = stubFetch([
      listRoute([jazz, pop, rock]),
      {
        method: 'DELETE',
        path: '/api/genres/remove/g-rock',
        reply: error(409, 'CONFLICT', '2 artists are filed under Rock. Move them to another genre first.'),
      },
      {
        method: 'DELETE',
        path: '/api/genres/remove/g-rock?moveArtistsTo=g-pop',
        reply: { body: { id: 'g-rock', deleted: true, artistsMoved: 2 } },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.click(screen.getByRole('button', { name: 'Delete Rock' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const move = await screen.findByRole('group', { name: 'Move the artists of Rock' });
    expect(within(move).getByText('2 artists are filed under Rock. Move them to another genre first.')).toBeVisible();
    const target = within(move).getByRole('combobox', { name: 'Move them to' });
    expect(within(target).queryByRole('option', { name: 'Rock' })).toBeNull();
    await user.click(within(move).getByRole('button', { name: 'Move artists and delete' }));
    expect(within(move).getByText('Choose the genre its artists move to.')).toBeVisible();
    await user.selectOptions(target, 'Pop');
    await user.click(within(move).getByRole('button', { name: 'Move artists and delete' }));
    expect(await screen.findByText(`${messages.genreDeleted} 2 artists moved to Pop.`)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'All genres' })).queryByText('Rock')).toBeNull(),
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/genres/remove/g-rock',
      '/api/genres/remove/g-rock?moveArtistsTo=g-pop',
    ]);
  });

  it('searches as the admin types, from 3 characters on', async () => {
    const calls = stubFetch([
      listRoute([jazz, rock]),
      { method: 'GET', path: '/api/genres/search/roc', reply: { body: [rock] } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    const search = screen.getByRole('searchbox', { name: 'Search genres' });
    await user.type(search, 'ro');
    expect(screen.getByRole('list', { name: 'All genres' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/genres/search'))).toBe(false);
    await user.type(search, 'c');
    const found = await screen.findByRole('list', { name: 'Matching genres' });
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    expect(within(found).getByText('Rock')).toBeInTheDocument();
  });

  it('opens the image editor for a genre’s artwork, and saves the genre plus the image', async () => {
    stubFetch([listRoute([jazz])]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<GenresScreen />);
    await allGenres();
    await user.click(screen.getByRole('button', { name: 'Artwork of Jazz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop Image' });
    expect(within(dialog).getByText('Cover Image Preview')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Image' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const calls = stubFetch([
      {
        method: 'PUT',
        path: '/api/genres/upload/artwork/g-jazz',
        reply: { body: { ...jazz, artwork: '/media/x.png', path: '/media/x.png' } },
      },
    ]);
    await uploadGenreArtwork(jazz, 'data:image/png;base64,AAAA');
    expect(calls[0]!.body).toEqual({ ...jazz, imageData: 'data:image/png;base64,AAAA' });
  });
});

describe('parseGenreLabels', () => {
  it('takes one per line or comma separated, trimmed, without empty ones', () => {
    expect(parseGenreLabels(' Rock ,\n\nJazz,, Dream Pop\n')).toEqual(['Rock', 'Jazz', 'Dream Pop']);
  });
});
