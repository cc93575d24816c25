import {
  LEGAL,
  messages,
  TERMINATION_EFFECTS,
  terminationMessages,
  type PublicArtist,
  type PublicUser,
} from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '../../test/test-utils';
import { artistFixture } from '../../test/artists';
import StudioApp from './studio-app';

const user = {
  _id: 'u1',
  id: 'u1',
  firstName: 'Nina',
  lastName: 'Simone',
  name: 'Nina Simone',
  email: 'nina@example.com',
  role: 'ARTIST',
  profileImagePath: null,
  subscribedTo: [],
} as unknown as PublicUser;
const artist = artistFixture({
  id: 'a1',
  name: 'The High Priestess',
  genreID: 'g',
  status: 'ACTIVE',
  bio: '',
  bannerImagePath: null,
  terminatedAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  genre: { _id: 'g', id: 'g', label: 'Soul', artwork: null },
});
const TERMINATED_AT = '2026-05-02T12:00:00.000Z';
const terminated: PublicArtist = { ...artist, status: 'CANCELLED', terminatedAt: TERMINATED_AT };

function renderStudio(tab: string, shown: PublicArtist = artist) {
  window.history.replaceState(null, '', `/artist/#${tab}`);
  return renderWithClient(
    <>
      <StudioApp user={user} artist={shown} />
      <Toaster />
    </>,
  );
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("the studio's Terminate licence", () => {
  it('says what ending the licence means, as the licence does', () => {
    stubFetch([]);
    renderStudio('profile');
    const section = screen.getByRole('region', { name: 'Terminate licence' });
    for (const effect of TERMINATION_EFFECTS) expect(within(section).getByText(effect)).toBeInTheDocument();
    expect(within(section).getByText(/24 hours at most/)).toBeInTheDocument();
    expect(within(section).getByText(/Licence fees you earned are still paid/)).toBeInTheDocument();
  });

  it('asks for the current password in a dialog, and shows the server’s answer to a wrong one', async () => {
    const calls = stubFetch([
      {
        method: 'POST',
        path: '/api/artists/a1/terminate',
        reply: {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: messages.currentPasswordWrong,
              fields: { currentPassword: messages.currentPasswordWrong },
            },
          },
        },
      },
    ]);
    const events = userEvent.setup();
    renderStudio('profile');
    await events.click(screen.getByRole('button', { name: 'Terminate licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate the licence for The High Priestess?' });
    await events.click(within(dialog).getByRole('button', { name: 'Terminate licence' }));
    expect(within(dialog).getByText('Please enter your current password.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await events.type(within(dialog).getByLabelText('Current Password'), 'Wrong-Pass-1!');
    await events.click(within(dialog).getByRole('button', { name: 'Terminate licence' }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    // Cancel closes it and forgets what was typed.
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before Escape or Cancel drops a typed reason; Keep editing keeps it', async () => {
    const calls = stubFetch([]);
    const events = userEvent.setup();
    renderStudio('profile');
    await events.click(screen.getByRole('button', { name: 'Terminate licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate the licence for The High Priestess?' });
    await events.type(within(dialog).getByLabelText('Reason (optional)'), 'Moving on.');
    await events.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await events.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveValue('Moving on.');

    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await events.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('terminates with the reason and password; the Profile tab and the dashboard then say what comes next', async () => {
    const calls = stubFetch([
      {
        method: 'POST',
        path: '/api/artists/a1/terminate',
        reply: { body: { artist: terminated, terminatedAt: TERMINATED_AT, subscribers: 3 } },
      },
      {
        method: 'GET',
        path: '/api/initial',
        reply: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } },
      },
    ]);
    const events = userEvent.setup();
    renderStudio('profile');
    await events.click(screen.getByRole('button', { name: 'Terminate licence' }));
    const dialog = await screen.findByRole('dialog');
    await events.type(within(dialog).getByLabelText('Reason (optional)'), '  Moving on.  ');
    await events.type(within(dialog).getByLabelText('Current Password'), 'Test-Pass-2025!');
    await events.click(within(dialog).getByRole('button', { name: 'Terminate licence' }));

    expect(await screen.findByText(terminationMessages.terminated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/artists/a1/terminate',
      body: { reason: 'Moving on.', currentPassword: 'Test-Pass-2025!' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const ended = screen.getByRole('region', { name: 'Licence terminated' });
    expect(within(ended).getByText(/Your licence ended on May 2, 2026\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Terminate licence' })).not.toBeInTheDocument();

    await events.click(screen.getByRole('tab', { name: 'Dashboard' }));
    const status = screen.getByRole('region', { name: 'Status: Cancelled' });
    expect(within(status).getByText(/Your licence ended on May 2, 2026\./)).toBeInTheDocument();
    expect(within(status).getByText(`Licence fees you earned are still paid, ${LEGAL.payoutWindow}.`)).toBeVisible();
    expect(within(status).getByText(terminationMessages.noNewMusic)).toBeInTheDocument();
  });

  it('offers no Submit Music once the licence has ended', () => {
    stubFetch([]);
    renderStudio('songs', terminated);
    expect(screen.queryByRole('button', { name: 'Submit Music' })).not.toBeInTheDocument();
    expect(screen.getByText(terminationMessages.noNewMusic)).toBeInTheDocument();
  });
});
