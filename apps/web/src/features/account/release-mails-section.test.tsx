import type { PublicUser } from '@hfm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, type StubRoute } from '../../test/test-utils';
import { AccountPage } from './account-page';

const ID = '00000000-0000-4000-8000-0000000000f1';
const NINA = '00000000-0000-4000-8000-0000000000a1';
const user = { id: ID, _id: ID, role: 'SUBSCRIBER', firstName: 'Sam', lastName: 'Cooke', name: 'Sam Cooke' };

function session(): StubRoute {
  const fan: PublicUser = {
    ...user,
    email: 'sam@example.com',
    userName: 'sam@example.com',
    phoneNumber: null,
    dob: null,
    location: null,
    gender: null,
    status: 'ACTIVE',
    role: 'SUBSCRIBER',
    profileImage: null,
    profileImagePath: null,
    hfmPicksOptIn: false,
    subscribedTo: [],
    hiFived: [],
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
  } as PublicUser;
  return { method: 'GET', path: '/api/auth/session', reply: { body: { user: fan } } };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Account page: release mails', () => {
  it('turns one artist’s release mails off, saving at once', async () => {
    const settings = { all: true, artists: [{ artistID: NINA, name: 'Nina Simone', on: true }] };
    const calls = stubFetch([
      session(),
      { method: 'GET', path: '/api/releases/settings', reply: { body: settings } },
      {
        method: 'PUT',
        path: '/api/releases/settings',
        reply: { body: { all: true, artists: [{ artistID: NINA, name: 'Nina Simone', on: false }] } },
      },
    ]);
    const router = createMemoryRouter([{ path: '/members/account', element: <AccountPage /> }], {
      initialEntries: ['/members/account'],
    });
    renderWithClient(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Release mails' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Send me release mails' })).toBeChecked();
    const nina = screen.getByRole('checkbox', { name: 'Nina Simone' });
    expect(nina).toBeChecked();
    await userEvent.click(nina);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Nina Simone' })).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ artists: [{ artistID: NINA, on: false }] });
    expect(await screen.findByText('No more mails about Nina Simone.')).toBeInTheDocument();
  });
});
