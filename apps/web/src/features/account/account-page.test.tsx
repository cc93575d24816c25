import { messages, type PublicUser } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, stubLocation, type StubRoute } from '../../test/test-utils';
import { AccountPage } from './account-page';
import { AFTER_DELETION } from './delete-account-section';
import { PASSWORD_CHANGED } from './password-section';
import { EMAIL_CANNOT_CHANGE } from './profile-section';

const ID = '00000000-0000-4000-8000-0000000000f1';
const STRONG = 'New-Pass-2026!';

function fan(change: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: ID,
    id: ID,
    firstName: 'Sam',
    lastName: 'Cooke',
    name: 'Sam Cooke',
    email: 'sam@example.com',
    userName: 'sam@example.com',
    phoneNumber: '(212) 555-0100',
    dob: '01/22/1990',
    location: 'Texas',
    gender: 'MALE',
    status: 'ACTIVE',
    role: 'SUBSCRIBER',
    profileImage: null,
    profileImagePath: null,
    hfmPicksOptIn: false,
    subscribedTo: [],
    hiFived: [],
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    ...change,
  };
}

const session = (user: PublicUser): StubRoute => ({
  method: 'GET',
  path: '/api/auth/session',
  reply: { body: { user } },
});
const failure = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});

function renderAccount() {
  const router = createMemoryRouter([{ path: '/members/account', element: <AccountPage /> }], {
    initialEntries: ['/members/account'],
  });
  return renderWithClient(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Account page: profile', () => {
  it('shows the sections with the fan’s details; email and birthday are shown, not editable', async () => {
    stubFetch([session(fan())]);
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    for (const name of ['Profile', 'Profile image', 'Password', 'Delete account'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    // Billing's sections are not shown (no placeholder data) until billing fills their slot.
    expect(screen.queryByRole('heading', { name: /Saved cards|Subscriptions/ })).not.toBeInTheDocument();

    expect(screen.getByLabelText('First Name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Cooke');
    expect(screen.getByLabelText('Phone Number (optional)')).toHaveValue('(212) 555-0100');
    expect(screen.getByLabelText('Location')).toHaveValue('Texas');
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveAttribute('aria-checked', 'true');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('sam@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(EMAIL_CANNOT_CHANGE);
    const birthday = screen.getByLabelText('Birthday');
    expect(birthday).toHaveValue('01/22/1990');
    expect(birthday).toHaveAttribute('readonly');
    expect(birthday).toHaveAccessibleDescription(messages.dobCannotChange);
  });

  it('saves the edited fields (never the date of birth or email) and says so', async () => {
    const calls = stubFetch([
      session(fan()),
      {
        method: 'PUT',
        path: `/api/users/${ID}`,
        reply: { body: fan({ firstName: 'Samuel', location: 'Ohio', gender: 'NON-BINARY', phoneNumber: null }) },
      },
    ]);
    const user = userEvent.setup();
    renderAccount();
    const first = await screen.findByLabelText('First Name');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Samuel');
    await user.clear(screen.getByLabelText('Phone Number (optional)'));
    await user.selectOptions(screen.getByLabelText('Location'), 'Ohio');
    await user.click(screen.getByRole('radio', { name: 'Non-Binary' }));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      firstName: 'Samuel',
      lastName: 'Cooke',
      phoneNumber: '',
      location: 'Ohio',
      gender: 'NON-BINARY',
    });
  });

  it('shows the shared messages for bad fields without asking the server', async () => {
    const calls = stubFetch([session(fan())]);
    const user = userEvent.setup();
    renderAccount();
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    const phone = screen.getByLabelText('Phone Number (optional)');
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(messages.firstName)).toBeInTheDocument();
    expect(screen.getByText(messages.phoneNumber)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('puts a field error from the server under its field', async () => {
    stubFetch([
      session(fan()),
      {
        method: 'PUT',
        path: `/api/users/${ID}`,
        reply: failure(400, 'VALIDATION', messages.lastName, { lastName: messages.lastName }),
      },
    ]);
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByLabelText('Last Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(messages.lastName)).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Account page: profile image', () => {
  it('removes the picture after the confirmation', async () => {
    const calls = stubFetch([
      session(fan({ profileImage: 'p.png', profileImagePath: '/media/profile-images/x/p.png' })),
      { method: 'DELETE', path: `/api/users/remove/profile-image/${ID}`, reply: { body: fan() } },
    ]);
    const user = userEvent.setup();
    renderAccount();
    expect(await screen.findByRole('img', { name: 'Your profile image' })).toHaveAttribute(
      'src',
      '/media/profile-images/x/p.png',
    );
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove your profile image?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('img', { name: 'No profile image yet' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose image' })).toBeInTheDocument();
  });
});

describe('Account page: password', () => {
  it('checks the new password and its confirmation before sending anything', async () => {
    const calls = stubFetch([session(fan())]);
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByLabelText('Current Password'), 'Old-Pass-2025!');
    await user.type(screen.getByLabelText('New Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm Password'), `${STRONG}x`);
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(messages.confirmPassword)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    stubFetch([
      session(fan()),
      {
        method: 'PUT',
        path: `/api/users/password/${ID}`,
        reply: failure(400, 'VALIDATION', messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        }),
      },
    ]);
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByLabelText('Current Password'), 'Not-It-2025!');
    await user.type(screen.getByLabelText('New Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm Password'), STRONG);
    expect(screen.getByText(messages.passwordsMatch)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeInTheDocument();
  });

  it('changes the password, clears the form and says the other devices are signed out', async () => {
    const calls = stubFetch([
      session(fan()),
      { method: 'PUT', path: `/api/users/password/${ID}`, reply: { body: { ok: true } } },
    ]);
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByLabelText('Current Password'), 'Old-Pass-2025!');
    await user.type(screen.getByLabelText('New Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm Password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'Old-Pass-2025!',
      password: STRONG,
      confirmPassword: STRONG,
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });
});

describe('Account page: deleting the account', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  }

  it('asks for the password in a dialog; Cancel closes it and deletes nothing', async () => {
    const calls = stubFetch([session(fan())]);
    const user = userEvent.setup();
    renderAccount();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription('Type your current password to confirm. This cannot be undone.');
    expect(within(dialog).getByText(/signed out on every device/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('shows a wrong password in the dialog and stays signed in', async () => {
    const location = stubLocation('http://localhost/members/account');
    stubFetch([
      session(fan()),
      {
        method: 'DELETE',
        path: `/api/users/${ID}`,
        reply: failure(400, 'VALIDATION', messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        }),
      },
    ]);
    const user = userEvent.setup();
    renderAccount();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current Password'), 'Not-It-2025!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current Password')).toHaveFocus();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('shows any other refusal (an artist account) as the server says it', async () => {
    stubFetch([
      session(fan()),
      {
        method: 'DELETE',
        path: `/api/users/${ID}`,
        reply: failure(409, 'CONFLICT', messages.artistAccountTermination),
      },
    ]);
    const user = userEvent.setup();
    renderAccount();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current Password'), 'Test-Pass-2025!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.artistAccountTermination);
  });

  it('deletes with the password, then goes to the landing page that says so', async () => {
    const location = stubLocation('http://localhost/members/account');
    const calls = stubFetch([
      session(fan()),
      { method: 'DELETE', path: `/api/users/${ID}`, reply: { body: { id: ID, deleted: true } } },
    ]);
    const user = userEvent.setup();
    renderAccount();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current Password'), 'Test-Pass-2025!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(AFTER_DELETION));
    expect(AFTER_DELETION).toBe('/main/#/?account=deleted');
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ currentPassword: 'Test-Pass-2025!' });
  });
});
