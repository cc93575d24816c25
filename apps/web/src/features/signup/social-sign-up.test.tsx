import { socialErrorMessage } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, stubLocation, type StubRoute } from '../../test/test-utils';
import { userFixture } from '../../test/users';
import { FanSignUpModal } from './fan-sign-up-modal';
import FanSignUpPage from './fan-sign-up-page';

const TOKEN = 'T'.repeat(43);
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const facebook: StubRoute = {
  method: 'GET',
  path: '/api/auth/social/providers',
  reply: { body: { providers: [{ id: 'facebook', name: 'Facebook' }] } },
};
const none: StubRoute = { method: 'GET', path: '/api/auth/social/providers', reply: { body: { providers: [] } } };
const prefill: StubRoute = {
  method: 'GET',
  path: `/api/auth/social/prefill/${TOKEN}`,
  reply: {
    body: {
      provider: 'facebook',
      providerName: 'Facebook',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      profileImageData: PICTURE,
      fileName: 'facebook-picture.png',
    },
  },
};
const emailFree: StubRoute = { method: 'GET', path: /check-email/, reply: { body: { exists: false } } };
const created: StubRoute = { method: 'POST', path: '/api/users/create', reply: { status: 201, body: userFixture() } };

const step = (name: string) =>
  within(screen.getByRole('list', { name: 'Sign-up progress' }))
    .getByText(name)
    .closest('li');

beforeEach(() => stubLocation('http://localhost/main/#/fans?signup=fan'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sign Up With Facebook', () => {
  it('shows in the modal and on the page when a provider is configured, leading to its start', async () => {
    stubFetch([facebook]);
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} />);
    const link = await screen.findByRole('link', { name: 'Sign Up With Facebook' });
    expect(link).toHaveAttribute('href', '/api/auth/social/facebook/start');
    cleanup();
    renderWithClient(<FanSignUpPage />);
    expect(await screen.findByRole('link', { name: 'Sign Up With Facebook' })).toBeInTheDocument();
  });

  it('does not show when no provider is configured', async () => {
    const calls = stubFetch([none]);
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} />);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/social/providers')).toBe(true));
    expect(screen.getByRole('dialog', { name: 'Fan Sign Up' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign Up With/ })).not.toBeInTheDocument();
  });

  it('coming back, the modal opens prefilled (names, email, picture: the Image step done) and links the account', async () => {
    const calls = stubFetch([facebook, prefill, emailFree, created]);
    const user = userEvent.setup();
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} socialToken={TOKEN} />);
    expect(await screen.findByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('img', { name: 'Your profile image' })).toHaveAttribute('src', PICTURE);
    expect(step('Image')).toHaveAttribute('data-done', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('We brought in your details from Facebook.');
    expect(screen.queryByRole('link', { name: 'Sign Up With Facebook' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.includes('/prefill/'))).toHaveLength(1);

    await user.type(screen.getByLabelText('Password'), 'Change-Gonna1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Change-Gonna1');
    await user.type(screen.getByLabelText('Birthday'), '01/22/1991');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    expect(step('Info')).toHaveAttribute('data-done', 'true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/users/create')).toBe(true));
    expect(calls.find((call) => call.path === '/api/users/create')?.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      profileImageData: PICTURE,
      fileName: 'facebook-picture.png',
      socialToken: TOKEN,
    });
  });

  it('a failed sign-in shows why, with the button to try again', async () => {
    stubFetch([facebook]);
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} socialError="denied" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(socialErrorMessage('denied', 'Facebook'));
    expect(await screen.findByRole('link', { name: 'Sign Up With Facebook' })).toBeInTheDocument();
  });

  it('an existing account is sent to log in', async () => {
    stubFetch([facebook]);
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} socialError="account_exists" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That email address already has an HFM account. Please log in with your password.');
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('a token that has expired or was used says so and leaves the form empty', async () => {
    stubFetch([facebook]);
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} socialToken={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(socialErrorMessage('prefill_expired', 'Facebook'));
    expect(screen.getByLabelText('First Name')).toHaveValue('');
  });

  it('ignores a reason it does not know', async () => {
    stubFetch([facebook]);
    renderWithClient(<FanSignUpModal open onOpenChange={() => undefined} socialError="<script>" />);
    await screen.findByRole('link', { name: 'Sign Up With Facebook' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
