import { payoutMessages, type LocalOnboardingAnswer } from '@hfm/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, stubLocation, type RecordedRequest } from '../../test/test-utils';
import PayoutOnboardingPage, { linkIdFromPath } from './payout-onboarding-page';

const LINK = `acctlink_local_${'a'.repeat(48)}`;
const URL = `/api/payments/local/connect/onboarding/${LINK}`;
const RETURN = 'http://localhost/artist/#payouts';

const fresh: LocalOnboardingAnswer = {
  accountName: 'The Band',
  email: 'band@example.com',
  country: 'US',
  bankAccount: null,
  taxForm: null,
  requirements: ['external_account', 'tax_form'],
  expiresAt: '2026-03-01T12:00:00.000Z',
  returnUrl: RETURN,
};

let location: ReturnType<typeof stubLocation>;
beforeEach(() => {
  location = stubLocation(`http://localhost/connect/onboarding/${LINK}`);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(
  page: LocalOnboardingAnswer,
  onPost?: (request: RecordedRequest) => { status?: number; body?: unknown },
) {
  return stubFetch([
    { method: 'GET', path: URL, reply: { body: page } },
    { method: 'POST', path: URL, reply: onPost ?? (() => ({ body: { returnUrl: RETURN, requirements: [] } })) },
  ]);
}

async function fillBank(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name on the account'), 'The Band');
  await user.type(screen.getByLabelText('Routing number'), '110000000');
  await user.type(screen.getByLabelText('Account number'), '000123456789');
}

async function fillW9(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name (as shown on your income tax return)'), 'Ada Lovelace');
  await user.selectOptions(screen.getByLabelText('Federal tax classification'), 'individual');
  await user.type(screen.getByLabelText('Address (number, street, and apt. or suite no.)'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Springfield');
  await user.selectOptions(screen.getByLabelText('State'), 'IL');
  await user.type(screen.getByLabelText('ZIP code'), '62701');
  await user.type(screen.getByLabelText('SSN'), '123-45-6789');
  await user.click(screen.getByLabelText('I certify the above'));
  await user.type(screen.getByLabelText('Signature: type your full name'), 'Ada Lovelace');
}

describe('the payout onboarding page', () => {
  it('reads the link from the address', () => {
    expect(linkIdFromPath(`/connect/onboarding/${LINK}`)).toBe(LINK);
    expect(linkIdFromPath('/connect/onboarding/')).toBe('');
  });

  it('says so, with a way back to the studio, when the link expired or was used', async () => {
    stubFetch([{ method: 'GET', path: URL, reply: error(404, 'NOT_FOUND', payoutMessages.onboardingGone) }]);
    renderWithClient(<PayoutOnboardingPage />);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(payoutMessages.onboardingGone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your studio' })).toHaveAttribute('href', '/artist/#payouts');
  });

  it('checks the fields with the shared rules before sending anything', async () => {
    const calls = serve(fresh);
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutOnboardingPage />);
    await screen.findByRole('heading', { name: 'Set up payouts' });
    expect(screen.getByText(/Still needed: A bank account to pay into, A tax form/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Routing number'), '110000001');
    await user.type(screen.getByLabelText('Account number'), '123');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(payoutMessages.routingNumber)).toBeInTheDocument();
    expect(screen.getByText(payoutMessages.accountNumber)).toBeInTheDocument();
    expect(screen.getByText(payoutMessages.accountHolder)).toBeInTheDocument();
    expect(screen.getByText(payoutMessages.legalName)).toBeInTheDocument();
    expect(screen.getByText(payoutMessages.certify)).toBeInTheDocument();
    expect(screen.getByLabelText('Routing number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the bank account and a W-9, then goes back to the studio', async () => {
    const calls = serve(fresh);
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutOnboardingPage />);
    await screen.findByRole('heading', { name: 'Set up payouts' });
    await fillBank(user);
    await fillW9(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(RETURN));
    const [post] = calls.filter((call) => call.method === 'POST');
    expect(post!.body).toEqual({
      bankAccount: { accountHolder: 'The Band', routingNumber: '110000000', accountNumber: '000123456789' },
      taxForm: {
        form: 'W-9',
        name: 'Ada Lovelace',
        businessName: '',
        taxClassification: 'individual',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        tinType: 'ssn',
        tin: '123456789',
        certify: true,
        signature: 'Ada Lovelace',
      },
    });
  });

  it('offers the W-8BEN abroad, and puts the server’s messages on the fields it names', async () => {
    serve({ ...fresh, country: 'IS' }, () =>
      error(400, 'VALIDATION', payoutMessages.foreignTin, { 'taxForm.foreignTin': payoutMessages.foreignTin }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutOnboardingPage />);
    await screen.findByRole('heading', { name: 'Set up payouts' });
    expect(screen.getByRole('radio', { name: /W-8BEN/ })).toBeChecked();
    await fillBank(user);
    await user.type(screen.getByLabelText('Name (as shown on your income tax return)'), 'Björk');
    await user.selectOptions(screen.getByLabelText('Country of citizenship'), 'IS');
    await user.type(screen.getByLabelText('Date of birth'), '11/21/1965');
    await user.type(screen.getByLabelText('Permanent residence address (street, apt. or suite no.)'), 'Laugavegur 1');
    await user.type(screen.getByLabelText('City or town'), 'Reykjavík');
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'IS');
    await user.type(screen.getByLabelText('Foreign tax identifying number'), '0101302989');
    await user.click(screen.getByLabelText('I certify the above'));
    await user.type(screen.getByLabelText('Signature: type your full name'), 'Björk');
    // A US person completes a W-9: the US is not offered here.
    expect(screen.getByLabelText('Country of citizenship').querySelector('option[value="US"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(payoutMessages.foreignTin)).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('shows what is on file by its last four, and sends only what is replaced', async () => {
    const calls = serve({
      ...fresh,
      bankAccount: { accountHolder: 'The Band', last4: '6789' },
      requirements: ['tax_form'],
    });
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutOnboardingPage />);
    expect(await screen.findByText(/On file: The Band, account ending 6789/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Routing number')).toBeNull();
    await fillW9(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(RETURN));
    const [post] = calls.filter((call) => call.method === 'POST');
    expect(Object.keys(post!.body as object)).toEqual(['taxForm']);
  });

  it('with everything on file, offers to replace either or go back', async () => {
    serve({
      ...fresh,
      bankAccount: { accountHolder: 'The Band', last4: '6789' },
      taxForm: { form: 'W-9', name: 'Ada Lovelace', signedAt: '2026-02-01T10:00:00.000Z' },
      requirements: [],
    });
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutOnboardingPage />);
    expect(await screen.findByText(/On file: W-9 signed by Ada Lovelace on February 1, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your payout details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your studio' })).toHaveAttribute('href', RETURN);
    await user.click(screen.getByRole('button', { name: 'Replace bank account' }));
    expect(screen.getByLabelText('Routing number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
  });
});
