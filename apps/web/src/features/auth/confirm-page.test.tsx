import { messages } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, stubLocation } from '../../test/test-utils';
import ConfirmPage from './confirm-page';

function renderAt(path: string) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <ConfirmPage />
    </MemoryRouter>,
  );
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('Confirmation-code screen', () => {
  let location: ReturnType<typeof stubLocation>;
  beforeEach(() => (location = stubLocation('http://localhost/main/#/confirm')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps Continue disabled until both the code and the email are filled', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderAt('/confirm');
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '123456');
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    expect(continueButton()).toBeEnabled();
  });

  it('prefills the email from ?email= and goes to /login, which says so and fills the email in', async () => {
    const calls = stubFetch([
      { method: 'POST', path: '/api/auth/confirm-user', reply: { body: { confirmed: true, routeTo: '/login' } } },
    ]);
    const user = userEvent.setup();
    renderAt('/confirm?email=sam%40example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    await user.type(screen.getByLabelText('Code'), '654321{Enter}');
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/login?confirmed=1&email=sam%40example.com'));
    expect(calls[0]?.body).toEqual({ email: 'sam@example.com', code: '654321' });
  });

  it('shows the server message for a wrong code on the code field', async () => {
    stubFetch([
      {
        method: 'POST',
        path: '/api/auth/confirm-user',
        reply: error(400, 'VALIDATION', messages.wrongCode, { code: messages.wrongCode }),
      },
    ]);
    const user = userEvent.setup();
    renderAt('/confirm?email=sam%40example.com');
    await user.type(screen.getByLabelText('Code'), '111111');
    await user.click(continueButton());
    expect(await screen.findByLabelText('Code')).toHaveAccessibleDescription(messages.wrongCode);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('shows the server message for an expired code', async () => {
    stubFetch([
      { method: 'POST', path: '/api/auth/confirm-user', reply: error(400, 'BAD_REQUEST', messages.expiredCode) },
    ]);
    const user = userEvent.setup();
    renderAt('/confirm?email=sam%40example.com');
    await user.type(screen.getByLabelText('Code'), '111111');
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.expiredCode);
  });

  it('asks for six digits before calling the server', async () => {
    const calls = stubFetch([]);
    const user = userEvent.setup();
    renderAt('/confirm?email=sam%40example.com');
    await user.type(screen.getByLabelText('Code'), '12a');
    await user.click(continueButton());
    expect(await screen.findByLabelText('Code')).toHaveAccessibleDescription('Please enter the 6-digit code.');
    expect(calls).toHaveLength(0);
  });

  it('sends a new code to the email', async () => {
    const calls = stubFetch([
      { method: 'POST', path: '/api/auth/resend-code', reply: { status: 202, body: { sent: true } } },
    ]);
    const user = userEvent.setup();
    renderAt('/confirm?email=sam%40example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a new code is on its way');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/resend-code',
      body: { email: 'sam@example.com' },
    });
  });
});
