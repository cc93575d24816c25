import { messages, passwordStrengthMessages, type PublicGenre } from '@hfm/shared';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, stubLocation, type StubRoute } from '../../test/test-utils';
import { artistFixture } from '../../test/artists';
import { userFixture } from '../../test/users';
import { ArtistAlmostLive } from './artist-almost-live';
import ArtistSignUpPage from './artist-sign-up-page';

const ROCK: PublicGenre = { _id: 'g-rock', id: 'g-rock', label: 'Rock', artwork: null };
const genresRoute: StubRoute = { method: 'GET', path: '/api/genres', reply: { body: [ROCK] } };
const emailFree: StubRoute = {
  method: 'GET',
  path: /^\/api\/users\/check-email\//,
  reply: { body: { exists: false } },
};

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText('First Name'), 'Nina');
  await user.type(screen.getByLabelText('Last Name'), 'Simone');
  await user.type(screen.getByLabelText('Birthday'), '02211990');
  await user.type(screen.getByLabelText('Phone Number (optional)'), '212 555 0100');
  await user.selectOptions(screen.getByLabelText('Location'), 'New York');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText('Band/Artist Name'), 'The High Priestess');
  await screen.findByRole('option', { name: 'Rock' });
  await user.selectOptions(screen.getByLabelText('Genre'), 'Rock');
  await user.type(screen.getByLabelText('Email'), 'Nina@Example.com');
  await user.type(screen.getByLabelText('Password'), 'Feeling-Good1');
  await user.type(screen.getByLabelText('Confirm Password'), 'Feeling-Good1');
}

const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' });

describe('Artist Sign Up', () => {
  beforeEach(() => stubLocation('http://localhost/main/#/artist-sign-up'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps Sign Up disabled until the whole form is valid', async () => {
    stubFetch([genresRoute, emailFree]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    expect(signUpButton()).toBeDisabled();
    await fillValidForm(user);
    expect(signUpButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Band/Artist Name'));
    expect(signUpButton()).toBeDisabled();
  });

  it('shows the exact message for each bad input', async () => {
    stubFetch([genresRoute]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    const expectMessage = async (label: string, text: string, message: string) => {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      await user.type(input, text || 'x{Backspace}');
      await user.tab();
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(input).toHaveAttribute('aria-invalid', 'true');
    };
    await expectMessage('First Name', '', messages.firstName);
    await expectMessage('Last Name', '', messages.lastName);
    await expectMessage('Email', 'nina@', messages.email);
    await expectMessage('Birthday', '13451990', messages.dob);
    await expectMessage('Birthday', `0101${new Date().getUTCFullYear() - 5}`, messages.tooYoung);
    await expectMessage('Phone Number (optional)', '12345', messages.phoneNumber);
    await expectMessage('Band/Artist Name', '', messages.artistName);
    await expectMessage('Password', 'short', messages.password);
    expect(screen.getByText(new RegExp(passwordStrengthMessages.uppercase))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Password is not strong enough yet' })).toHaveClass('password-hint--bad');
    await expectMessage('Confirm Password', 'different', messages.confirmPassword);
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('masks the birthday as MM/DD/YYYY and shows the password checks passing', async () => {
    stubFetch([genresRoute]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    await user.type(screen.getByLabelText('Birthday'), '0221199012');
    expect(screen.getByLabelText('Birthday')).toHaveValue('02/21/1990');
    await user.type(screen.getByLabelText('Password'), 'Feeling-Good1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Feeling-Good1');
    expect(screen.getByRole('img', { name: 'Password is strong enough' })).toHaveClass('password-hint--ok');
    expect(screen.getByText(messages.passwordsMatch)).toBeInTheDocument();
  });

  it('stops with "{email} already exists." when the email is taken', async () => {
    const calls = stubFetch([genresRoute, { method: 'GET', path: /check-email/, reply: { body: { exists: true } } }]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    await fillValidForm(user);
    await user.click(signUpButton());
    expect(await screen.findByText('nina@example.com already exists.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/artists/create')).toBe(false);
    expect(calls.find((call) => call.path.includes('check-email'))?.path).toBe(
      '/api/users/check-email/nina%40example.com',
    );
  });

  it('shows "Saving profile..." while saving, sends the artist and user parts, then "You\'re Almost Live"', async () => {
    let finish!: () => void;
    const saved = new Promise<void>((resolve) => (finish = resolve));
    const calls = stubFetch([
      genresRoute,
      emailFree,
      {
        method: 'POST',
        path: '/api/artists/create',
        reply: async () => (
          await saved,
          { status: 201, body: { user: userFixture({ role: 'ARTIST' }), artist: artistFixture() } }
        ),
      },
    ]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    await fillValidForm(user);
    await user.type(screen.getByLabelText('Confirm Password'), '{Enter}');
    expect(await screen.findByText(messages.savingProfile)).toBeInTheDocument();
    const create = calls.find((call) => call.path === '/api/artists/create');
    expect(create?.body).toEqual({
      artist: { name: 'The High Priestess', genre: 'g-rock', hfmPicksOptIn: true },
      user: expect.objectContaining({
        firstName: 'Nina',
        email: 'nina@example.com',
        dob: '02/21/1990',
        gender: 'FEMALE',
        location: 'New York',
        phoneNumber: '212 555 0100',
        role: 'ARTIST',
      }),
    });
    await act(async () => finish());
    expect(await screen.findByRole('heading', { name: "You're Almost Live" })).toBeInTheDocument();
    // It says what really happens: a code to type, then the audition, then an admin's review; no one-click promise.
    expect(screen.getByText(/6-digit confirmation code/)).toBeInTheDocument();
    expect(screen.getByText(/An admin reviews it/)).toBeInTheDocument();
    expect(screen.queryByText(/one click/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'enter the code' })).toHaveAttribute(
      'href',
      '/main/#/confirm?email=nina%40example.com',
    );
  });

  it('puts server field errors on their fields and other errors in one message', async () => {
    stubFetch([
      genresRoute,
      emailFree,
      {
        method: 'POST',
        path: '/api/artists/create',
        reply: error(400, 'VALIDATION', 'Please check the form.', { 'user.phoneNumber': messages.phoneNumber }),
      },
    ]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    await fillValidForm(user);
    await user.click(signUpButton());
    expect(await screen.findByLabelText('Phone Number (optional)')).toHaveAccessibleDescription(messages.phoneNumber);
  });

  it('shows a server error that belongs to no field', async () => {
    stubFetch([
      genresRoute,
      emailFree,
      { method: 'POST', path: '/api/artists/create', reply: error(429, 'RATE_LIMITED', messages.tooManyRequests) },
    ]);
    const user = userEvent.setup();
    renderWithClient(<ArtistSignUpPage />);
    await fillValidForm(user);
    await user.click(signUpButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.tooManyRequests);
  });
});

describe("You're Almost Live", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes to /login after 8 seconds', () => {
    vi.useFakeTimers();
    const location = stubLocation();
    render(<ArtistAlmostLive email="nina@example.com" />);
    act(() => {
      vi.advanceTimersByTime(7999);
    });
    expect(location.assign).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(location.assign).toHaveBeenCalledWith('/login');
    expect(within(screen.getByRole('region')).getByText(/nina@example.com/)).toBeInTheDocument();
  });
});
