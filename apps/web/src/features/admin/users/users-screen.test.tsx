import { userAdminMessages, type AdminUser, type Paged } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, stubFetch, type RecordedRequest, type StubRoute } from '../../../test/test-utils';
import { renderAdminScreen } from '../../../test/admin';
import UsersScreen from './users-screen';

function account(id: string, first: string, last: string, change: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: id,
    id,
    firstName: first,
    lastName: last,
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}@example.com`,
    role: 'SUBSCRIBER',
    status: 'ACTIVE',
    profileImagePath: null,
    confirmedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    artist: null,
    ...change,
  };
}

const sam = account('u1', 'Sam', 'Cooke');
const etta = account('u2', 'Etta', 'James', { status: 'SUSPENDED' });
const nina = account('u3', 'Nina', 'Simone', {
  role: 'ARTIST',
  artist: { _id: 'a1', id: 'a1', name: 'The High Priestess', status: 'ACTIVE' },
});
const ada = account('u4', 'Ada', 'Admin', { role: 'ADMIN' });

const page = (items: AdminUser[], pageCount = 1): Paged<AdminUser> => ({
  items,
  pagination: { page: 1, limit: 12, total: items.length, pageCount, hasMore: pageCount > 1 },
});

const listRoute = (reply: StubRoute['reply']): StubRoute => ({ method: 'GET', path: /^\/api\/paged\/users\?/, reply });
const listPaths = (calls: RecordedRequest[]) =>
  calls.filter((call) => call.path.startsWith('/api/paged/users')).map((call) => call.path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('#/users', () => {
  it('shows subscribers newest first, then artists (with their artist) and admins by role', async () => {
    const calls = stubFetch([
      listRoute((request) => {
        const role = new URL(request.path, 'http://x').searchParams.get('role');
        return { body: page(role === 'ARTIST' ? [nina] : role === 'ADMIN' ? [ada] : [sam, etta]) };
      }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<UsersScreen />, '/users');
    expect(screen.getByRole('button', { name: 'Subscribers' })).toHaveAttribute('aria-pressed', 'true');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Sam Cooke');
    expect(rows[0]).toHaveTextContent('sam@example.com');
    expect(rows[1]).toHaveTextContent('Disabled');
    expect(listPaths(calls)[0]).toBe('/api/paged/users?page=1&limit=12&role=SUBSCRIBER&sort=createdAt&order=desc');

    await user.click(screen.getByRole('button', { name: 'Artists' }));
    expect(await screen.findByText('The High Priestess')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Artist' })).toBeInTheDocument();
    expect(listPaths(calls).at(-1)).toBe('/api/paged/users?page=1&limit=12&role=ARTIST&sort=createdAt&order=desc');

    await user.click(screen.getByRole('button', { name: 'Admins' }));
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText(userAdminMessages.adminCannotBeDisabled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable Ada Admin' })).toBeNull();
  });

  it('searches, filters by status, sorts and pages through the address', async () => {
    const calls = stubFetch([listRoute({ body: page([sam], 3) })]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<UsersScreen />, '/users');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'cooke{Enter}');
    await waitFor(() => expect(listPaths(calls).at(-1)).toContain('search=cooke'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Disabled');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name A–Z');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(listPaths(calls).at(-1)).toBe(
        '/api/paged/users?page=2&limit=12&role=SUBSCRIBER&status=SUSPENDED&search=cooke&sort=name&order=asc',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/users?search=cooke&status=SUSPENDED&sort=name&page=2');
  });

  it('disables an account after a confirmation, and enables it again', async () => {
    let current = sam;
    const calls = stubFetch([
      listRoute(() => ({ body: page([current]) })),
      {
        method: 'POST',
        path: '/api/users/u1/disable',
        reply: () => {
          current = { ...sam, status: 'SUSPENDED' };
          return { body: current };
        },
      },
      {
        method: 'POST',
        path: '/api/users/u1/enable',
        reply: () => {
          current = sam;
          return { body: current };
        },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<UsersScreen />, '/users');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Disable Sam Cooke' }));
    const confirm = screen.getByRole('alertdialog', { name: userAdminMessages.confirmDisable('Sam Cooke') });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable Sam Cooke' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(userAdminMessages.disabled('Sam Cooke'))).toBeInTheDocument();
    expect(await within(screen.getByRole('table')).findByText('Disabled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable Sam Cooke' }));
    expect(await screen.findByText(userAdminMessages.enabled('Sam Cooke'))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/users/u1/disable',
      '/api/users/u1/enable',
    ]);
  });

  it('a refused change shows the server’s reason', async () => {
    stubFetch([
      listRoute({ body: page([sam]) }),
      { method: 'POST', path: '/api/users/u1/disable', reply: error(404, 'NOT_FOUND', userAdminMessages.noSuchUser) },
    ]);
    const user = userEvent.setup({ delay: null });
    renderAdminScreen(<UsersScreen />, '/users');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Disable Sam Cooke' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(userAdminMessages.noSuchUser)).toBeInTheDocument();
  });
});
