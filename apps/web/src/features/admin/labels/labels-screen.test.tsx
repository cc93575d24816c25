import { labelMessages, messages, type Paged, type PublicGenre, type PublicLabel } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type RecordedRequest, type StubRoute } from '../../../test/test-utils';
import { renderAdminScreen } from '../../../test/admin';
import LabelsScreen from './labels-screen';

const JAZZ = '00000000-0000-4000-8000-00000000000a';
const SOUL = '00000000-0000-4000-8000-00000000000b';
const genres: PublicGenre[] = [
  { _id: JAZZ, id: JAZZ, label: 'Jazz', artwork: null },
  { _id: SOUL, id: SOUL, label: 'Soul', artwork: null },
];

function label(id: string, name: string, change: Partial<PublicLabel> = {}): PublicLabel {
  return {
    _id: id,
    id,
    name,
    website: null,
    genres: [],
    location: null,
    active: true,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...change,
  };
}

const blueNote = label('l1', 'Blue Note', {
  website: 'https://bluenote.example',
  genres: [JAZZ],
  location: 'New York',
});
const motown = label('l2', 'Motown', { active: false, genres: [SOUL] });

function page(items: PublicLabel[], pageNumber = 1, pageCount = 1): Paged<PublicLabel> {
  return {
    items,
    pagination: { page: pageNumber, limit: 12, total: items.length, pageCount, hasMore: pageNumber < pageCount },
  };
}

const genresRoute: StubRoute = { method: 'GET', path: '/api/genres', reply: { body: genres } };
const listRoute = (reply: StubRoute['reply']): StubRoute => ({ method: 'GET', path: /^\/api\/labels\?/, reply });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = () => screen.findByRole('table');
const listCalls = (calls: RecordedRequest[]) => calls.filter((call) => call.path.startsWith('/api/labels?'));

describe('#/labels', () => {
  it('lists labels newest first, with website, genres by name, location and whether active', async () => {
    const calls = stubFetch([genresRoute, listRoute({ body: page([motown, blueNote]) })]);
    renderAdminScreen(<LabelsScreen />, '/labels');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Motown');
    expect(rows[0]).toHaveTextContent('Inactive');
    await waitFor(() => expect(rows[1]).toHaveTextContent('Jazz'));
    expect(within(rows[1]!).getByRole('link', { name: 'bluenote.example' })).toHaveAttribute(
      'href',
      'https://bluenote.example',
    );
    expect(rows[1]).toHaveTextContent('New York');
    expect(rows[1]).toHaveTextContent('Active');
    expect(listCalls(calls)[0]!.path).toBe('/api/labels?page=1&limit=12&sort=createdAt&order=desc');
  });

  it('sorts by createdAt or updatedAt (and name), and pages', async () => {
    const calls = stubFetch([
      genresRoute,
      listRoute((request) => ({ body: page([blueNote], Number(/page=(\d+)/.exec(request.path)![1]), 2) })),
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<LabelsScreen />, '/labels');
    await table();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Recently updated');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.path).toBe('/api/labels?page=1&limit=12&sort=updatedAt&order=desc'),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Oldest first');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.path).toBe('/api/labels?page=1&limit=12&sort=createdAt&order=asc'),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.path).toBe('/api/labels?page=2&limit=12&sort=createdAt&order=asc'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/labels?order=oldest&page=2');
  });

  it('creates a label with no id in the modal (active by default): “Label saved!”, at the front of the list', async () => {
    const created = label('l3', 'Stax', { genres: [SOUL], website: 'https://stax.example', location: 'Memphis' });
    const calls = stubFetch([
      genresRoute,
      listRoute(() => ({
        body: page(calls.some((call) => call.method === 'POST') ? [created, blueNote] : [blueNote]),
      })),
      { method: 'POST', path: '/api/labels/create', reply: { status: 201, body: created } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<LabelsScreen />, '/labels');
    await table();
    await user.click(screen.getByRole('button', { name: 'New label' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Label' });
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(labelMessages.name)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Stax');
    await user.type(within(dialog).getByLabelText('Website'), 'stax.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(labelMessages.website)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Website'));
    await user.type(within(dialog).getByLabelText('Website'), 'https://stax.example');
    await user.type(within(dialog).getByLabelText('Location'), 'Memphis');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Soul' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.labelSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/labels/create',
      body: { name: 'Stax', website: 'https://stax.example', genres: [SOUL], location: 'Memphis', active: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Stax');
  });

  it('edits a label with an id through the update route; a failure says “Error saving label!”', async () => {
    let fail = true;
    const calls = stubFetch([
      genresRoute,
      listRoute({ body: page([blueNote]) }),
      {
        method: 'PATCH',
        path: '/api/labels/l1',
        reply: () =>
          fail
            ? error(400, 'VALIDATION', labelMessages.genres, { genres: labelMessages.genres })
            : { body: { ...blueNote, active: false } },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<LabelsScreen />, '/labels');
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Blue Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blue Note' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Blue Note');
    expect(within(dialog).getByRole('checkbox', { name: 'Jazz' })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.errorSavingLabel)).toBeInTheDocument();
    expect(within(dialog).getByText(labelMessages.genres)).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.labelSaved)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({
      name: 'Blue Note',
      website: 'https://bluenote.example',
      genres: [JAZZ],
      location: 'New York',
      active: false,
    });
  });

  it('asks before Escape or Cancel drops unsaved changes, and closes at once when nothing changed', async () => {
    stubFetch([genresRoute, listRoute({ body: page([blueNote]) })]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<LabelsScreen />, '/labels');
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Blue Note' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Blue Note' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit Blue Note' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Blue Note' });
    await user.type(within(dialog).getByLabelText('Location'), ' City');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(within(dialog).getByLabelText('Location')).toHaveValue('New York City');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes after “Really delete item?”: “Label deleted!”', async () => {
    let deleted = false;
    stubFetch([
      genresRoute,
      listRoute(() => ({ body: page(deleted ? [motown] : [blueNote, motown]) })),
      {
        method: 'DELETE',
        path: '/api/labels/l1',
        reply: () => {
          deleted = true;
          return { body: { id: 'l1', deleted: true } };
        },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<LabelsScreen />, '/labels');
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Blue Note' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: messages.reallyDelete })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText(messages.labelDeleted)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Blue Note')).toBeNull());
  });
});
