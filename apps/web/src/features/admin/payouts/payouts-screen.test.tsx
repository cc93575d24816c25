import type { AdminPayoutList, PayoutRun, RunPayoutsAnswer } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch } from '../../../api/test-utils';
import { defaultPeriod, PayoutsScreen } from './payouts-screen';

const run = (change: Partial<PayoutRun> = {}): PayoutRun => ({
  id: 'r1',
  period: '2026-03',
  dryRun: false,
  trigger: 'schedule',
  startedAt: '2026-03-22T00:05:00.000Z',
  finishedAt: '2026-03-22T00:06:00.000Z',
  counts: { paid: 2, held: 1, failed: 0, pending: 0, alreadyPaid: 0, paidCents: 1500, heldCents: 500 },
  error: null,
  ...change,
});

const listed: AdminPayoutList = {
  period: '2026-03',
  cutoff: '2026-03-22T00:00:00.000Z',
  payouts: [
    {
      id: 'p1',
      artistID: 'a1',
      artistName: 'Alpha',
      period: '2026-03',
      status: 'paid',
      amountCents: 1000,
      heldReason: null,
      failureMessage: null,
      transferID: 'tr_1',
      attempt: 1,
      paidAt: '2026-03-22T00:05:30.000Z',
      updatedAt: '2026-03-22T00:05:30.000Z',
    },
    {
      id: 'p2',
      artistID: 'a2',
      artistName: 'Beta',
      period: '2026-03',
      status: 'held',
      amountCents: 500,
      heldReason: 'no_tax_form',
      failureMessage: null,
      transferID: null,
      attempt: 1,
      paidAt: null,
      updatedAt: '2026-03-22T00:05:30.000Z',
    },
    {
      id: 'p3',
      artistID: 'a3',
      artistName: 'Gamma',
      period: '2026-03',
      status: 'failed',
      amountCents: 500,
      heldReason: null,
      failureMessage: 'Insufficient funds in the platform balance.',
      transferID: null,
      attempt: 1,
      paidAt: null,
      updatedAt: '2026-03-22T00:05:30.000Z',
    },
  ],
  totals: { paidCents: 1000, heldCents: 500, failedCents: 500, pendingCents: 0 },
};

const plan: RunPayoutsAnswer = {
  run: run({ id: 'r2', dryRun: true, trigger: 'admin', counts: { paid: 1, held: 1, paidCents: 500, heldCents: 500 } }),
  cutoff: '2026-03-22T00:00:00.000Z',
  lines: [
    { artistID: 'a4', artistName: 'Delta', amountCents: 500, outcome: 'would_pay', heldReason: null, message: null },
    {
      artistID: 'a2',
      artistName: 'Beta',
      amountCents: 500,
      outcome: 'would_hold',
      heldReason: 'no_tax_form',
      message: null,
    },
  ],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-25T12:00:00.000Z') });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(onRun: (body: { period: string; dryRun: boolean }) => { status?: number; body?: unknown }) {
  return stubFetch([
    { method: 'GET', path: /^\/api\/admin\/payouts\?period=/, reply: { body: listed } },
    { method: 'GET', path: '/api/admin/payout-runs', reply: { body: [run()] } },
    { method: 'POST', path: '/api/admin/payouts/run', reply: (request) => onRun(request.body as never) },
  ]);
}

describe('the admin Payouts screen', () => {
  it('starts on the month whose window is open or last opened', () => {
    expect(defaultPeriod(new Date('2026-03-22T00:00:00.000Z'))).toBe('2026-03');
    expect(defaultPeriod(new Date('2026-03-21T23:59:59.000Z'))).toBe('2026-02');
    expect(defaultPeriod(new Date('2026-01-05T00:00:00.000Z'))).toBe('2025-12');
  });

  it("shows the month's payouts with statuses, reasons and totals, and the recent runs", async () => {
    serve(() => ({ body: plan }));
    renderWithClient(<PayoutsScreen />);
    expect(screen.getByLabelText('Month')).toHaveValue('2026-03');
    const month = await screen.findByRole('region', { name: 'Payouts of March 2026' });
    await within(month).findByText('Alpha');
    expect(within(month).getByText(/Paid \$10\.00 · held \$5\.00 · failed \$5\.00/)).toBeInTheDocument();
    expect(within(month).getByText('No tax form on file')).toBeInTheDocument();
    expect(within(month).getByText('Insufficient funds in the platform balance. (attempt 1)')).toBeInTheDocument();
    const runs = screen.getByRole('region', { name: 'Recent runs' });
    expect(await within(runs).findByText('Schedule')).toBeInTheDocument();
    expect(within(runs).getByText(/Paid 2 \(\$15\.00\) · held 1/)).toBeInTheDocument();
  });

  it('previews a month with a dry run', async () => {
    const calls = serve(() => ({ body: plan }));
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await user.click(screen.getByRole('button', { name: 'Preview (dry run)' }));
    const result = await screen.findByRole('region', { name: 'Plan for March 2026 (dry run: nothing paid)' });
    expect(within(result).getByText('Delta')).toBeInTheDocument();
    expect(within(result).getByText('Would pay')).toBeInTheDocument();
    expect(within(result).getByText('No tax form on file')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ period: '2026-03', dryRun: true });
  });

  it('runs a month only after a confirmation', async () => {
    const calls = serve(() => ({ body: { ...plan, run: run({ id: 'r3', trigger: 'admin' }), lines: [] } }));
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay artists for March 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByRole('region', { name: 'Run of March 2026' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { period: '2026-03', dryRun: false },
    ]);
    // The month's payouts and the runs are fetched again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/payout-runs').length).toBeGreaterThanOrEqual(2),
    );
  });

  it("shows the server's refusal (a month whose window has not opened)", async () => {
    serve(() =>
      error(409, 'CONFLICT', 'The payout window of this month has not opened yet: it opens on the 22nd (UTC).'),
    );
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payout window of this month has not opened yet');
  });
});
