import { messages } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, stubLocation, type StubRoute } from '../../test/test-utils';
import { rememberReturnPath } from '../../ui/return-address';
import { userFixture } from '../../test/users';
import LoginPage from './login-page';

const signedOut: StubRoute = { method: 'GET', path: '/api/auth/session', reply: { body: { user: null } } };

async function logIn(userName: string, password: string) {
  const user = userEvent.setup();
  if (userName) await user.type(screen.getByLabelText('Email'), userName);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return user;
}

describe('Login page', () => {
  let location: ReturnType<typeof stubLocation>;
  beforeEach(() => (location = stubLocation('http://localhost/login')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("goes to the server's routeTo on success", async () => {
    const calls = stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: { body: { routeTo: '/members/', user: userFixture() } } },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', 'Change-Gonna1');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/members/'));
    expect(calls.find((call) => call.path === '/api/auth')?.body).toEqual({
      userName: 'sam@example.com',
      password: 'Change-Gonna1',
    });
  });

  it('goes back to the ?next= path on this site (e.g. the artist page whose Subscribe sent the visitor)', async () => {
    location = stubLocation('http://localhost/login?next=%2Fa%2Fnina-simone');
    stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: { body: { routeTo: '/members/', user: userFixture() } } },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', 'Change-Gonna1');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/a/nina-simone'));
  });

  it.each([
    ['another site', 'https://evil.example/a/x'],
    ['a protocol-relative address', '//evil.example/a/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
  ])('ignores ?next= that is %s and follows routeTo', async (_, next) => {
    location = stubLocation(`http://localhost/login?${new URLSearchParams({ next }).toString()}`);
    stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: { body: { routeTo: '/members/', user: userFixture() } } },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', 'Change-Gonna1');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/members/'));
  });

  it('keeps ?next= through fan sign-up: after confirming the email, login comes back to the page', async () => {
    location = stubLocation('http://localhost/login?next=%2Fa%2Fnina-simone');
    stubFetch([signedOut]);
    const user = userEvent.setup();
    const first = renderWithClient(<LoginPage />);
    await user.click(screen.getByRole('link', { name: 'Sign up as a fan' }));
    first.unmount();

    location = stubLocation('http://localhost/login?confirmed=1&email=sam%40example.com');
    stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: { body: { routeTo: '/members/', user: userFixture() } } },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('', 'Change-Gonna1');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/a/nina-simone'));
    expect(window.localStorage.getItem('hfm:return-to')).toBeNull();
  });

  it('a remembered path is not used by a plain sign-in', async () => {
    rememberReturnPath('/a/nina-simone');
    stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: { body: { routeTo: '/members/', user: userFixture() } } },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', 'Change-Gonna1');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/members/'));
    expect(window.localStorage.getItem('hfm:return-to')).toBeNull();
  });

  it("shows the server's message for wrong credentials and stays on the page", async () => {
    stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: error(401, 'UNAUTHENTICATED', messages.wrongCredentials) },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.wrongCredentials);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('links an unconfirmed user to the confirmation screen', async () => {
    stubFetch([
      signedOut,
      { method: 'POST', path: '/api/auth', reply: error(403, 'UNCONFIRMED', messages.unconfirmed) },
    ]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', 'Change-Gonna1');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.unconfirmed);
    expect(screen.getByRole('link', { name: 'Enter your code' })).toHaveAttribute(
      'href',
      '/main/#/confirm?email=sam%40example.com',
    );
  });

  it('says "No login credentials found." when a field is empty', async () => {
    const calls = stubFetch([signedOut]);
    renderWithClient(<LoginPage />);
    await logIn('sam@example.com', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noLoginCredentials);
    expect(calls.some((call) => call.path === '/api/auth')).toBe(false);
  });

  it('shows and hides the password', async () => {
    stubFetch([signedOut]);
    const user = userEvent.setup();
    renderWithClient(<LoginPage />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('offers someone already signed in to continue to their area', async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/api/auth/session',
        reply: { body: { user: userFixture({ name: 'Nina Simone', email: 'nina@example.com', role: 'ARTIST' }) } },
      },
    ]);
    const user = userEvent.setup();
    renderWithClient(<LoginPage />);
    expect(await screen.findByText('Nina Simone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to your studio' }));
    expect(location.assign).toHaveBeenCalledWith('/artist/');
  });

  it('a signed-out visit asks who is signed in without an error answer (no 401 in the console)', async () => {
    const calls = stubFetch([signedOut]);
    renderWithClient(<LoginPage />);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/auth/session'));
    expect(calls.map((call) => call.path)).not.toContain('/api/users/session/profile');
    expect(screen.queryByText(/You're signed in/)).not.toBeInTheDocument();
    expect(document.title).toBe('Log in · HFM');
  });

  it('after confirming, says the email is confirmed and fills it in', async () => {
    location = stubLocation('http://localhost/login?confirmed=1&email=nina%40example.com');
    stubFetch([signedOut]);
    renderWithClient(<LoginPage />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your email is confirmed (nina@example.com). Log in to continue.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('nina@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('says nothing about confirmation on a plain visit', () => {
    stubFetch([signedOut]);
    renderWithClient(<LoginPage />);
    expect(screen.queryByText(/Your email is confirmed/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('links to both sign-ups and home', () => {
    stubFetch([signedOut]);
    renderWithClient(<LoginPage />);
    expect(screen.getByRole('link', { name: 'Sign up as a fan' })).toHaveAttribute('href', '/main/#/fan-sign-up');
    expect(screen.getByRole('link', { name: 'as an artist' })).toHaveAttribute('href', '/main/#/artist-sign-up');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/main/#/');
  });
});
