import type { PayoutAccountStatus, PublicArtist } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, stubLocation } from '../../test/test-utils';
import { PayoutAccountSection } from './payout-account-section';

const artist = { id: 'a1', _id: 'a1', name: 'The Band', status: 'ACTIVE' } as unknown as PublicArtist;
const RETRIEVE = '/api/artists/retrieve-connect-account/a1';
const CREATE = '/api/artists/create-connect-account';
const LINK = '/api/artists/create-account-link/a1';
const ONBOARDING = 'http://localhost/connect/onboarding/acctlink_local_x';

const account = (change: Partial<PayoutAccountStatus> = {}): PayoutAccountStatus => ({
  artistID: 'a1',
  provider: 'local',
  accountID: 'acct_local_1',
  detailsSubmitted: false,
  payoutsEnabled: false,
  taxForm: null,
  bankLast4: null,
  requirements: ['external_account', 'tax_form'],
  ready: false,
  updatedAt: '2026-02-01T00:00:00.000Z',
  ...change,
});

let location: ReturnType<typeof stubLocation>;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  location = stubLocation('http://localhost/artist/#payouts');
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const linkReply = { body: { url: ONBOARDING, expiresAt: '2026-02-01T01:00:00.000Z' } };

describe('the studio Payouts tab', () => {
  it('without an account: sets one up in the chosen country, then opens the onboarding link', async () => {
    const calls = stubFetch([
      { method: 'GET', path: RETRIEVE, reply: { body: { artistID: 'a1', account: null } } },
      { method: 'POST', path: CREATE, reply: { status: 201, body: account({ requirements: ['external_account'] }) } },
      { method: 'POST', path: LINK, reply: linkReply },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutAccountSection artist={artist} />);
    expect(await screen.findByText('No payout account yet.')).toBeInTheDocument();
    expect(screen.getByText('You will complete a W-9.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country you are paid in'), 'GB');
    expect(screen.getByText('You will complete a W-8BEN.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(ONBOARDING));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: CREATE, body: { country: 'GB' } },
      { method: 'POST', path: LINK, body: undefined },
    ]);
  });

  it('in progress: what is still missing, and Continue setup', async () => {
    stubFetch([
      {
        method: 'GET',
        path: RETRIEVE,
        reply: {
          body: {
            artistID: 'a1',
            account: account({ payoutsEnabled: true, bankLast4: '6789', requirements: ['tax_form'] }),
          },
        },
      },
      { method: 'POST', path: LINK, reply: linkReply },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutAccountSection artist={artist} />);
    expect(await screen.findByText('Payout setup is not finished.')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('A tax form (W-9 or W-8BEN)');
    await user.click(screen.getByRole('button', { name: 'Continue setup' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(ONBOARDING));
  });

  it("ready: the bank account's last four and the tax form on file, and Update details", async () => {
    stubFetch([
      {
        method: 'GET',
        path: RETRIEVE,
        reply: {
          body: {
            artistID: 'a1',
            account: account({
              detailsSubmitted: true,
              payoutsEnabled: true,
              taxForm: 'W-9',
              bankLast4: '6789',
              requirements: [],
              ready: true,
            }),
          },
        },
      },
    ]);
    renderWithClient(<PayoutAccountSection artist={artist} />);
    expect(await screen.findByText('You are set up to be paid.')).toBeInTheDocument();
    expect(screen.getByText('Ending 6789')).toBeInTheDocument();
    expect(screen.getByText('W-9 on file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update details' })).toBeEnabled();
  });

  it('ready on Stripe without a bank number to show: says Stripe has the details', async () => {
    stubFetch([
      {
        method: 'GET',
        path: RETRIEVE,
        reply: {
          body: {
            artistID: 'a1',
            account: account({
              provider: 'stripe',
              payoutsEnabled: true,
              taxForm: 'W-8BEN',
              requirements: [],
              ready: true,
            }),
          },
        },
      },
    ]);
    renderWithClient(<PayoutAccountSection artist={artist} />);
    expect(await screen.findByText('Stripe has your bank details')).toBeInTheDocument();
    expect(screen.getByText('W-8BEN on file')).toBeInTheDocument();
  });

  it('logs a failed setup and shows nothing (the spec: connect account failures are only logged)', async () => {
    stubFetch([
      { method: 'GET', path: RETRIEVE, reply: { body: { artistID: 'a1', account: null } } },
      { method: 'POST', path: CREATE, reply: error(500, 'INTERNAL', 'Something went wrong.') },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutAccountSection artist={artist} />);
    await user.click(await screen.findByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeEnabled();
    expect(location.assign).not.toHaveBeenCalled();
  });
});
