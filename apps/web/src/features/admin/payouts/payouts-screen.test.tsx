import type { AdminPayoutList, PayoutRun, PayoutRunAccepted, RunPayoutsAnswer } from '@hfm/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch } from '../../../test/test-utils';
import { defaultPeriod, PayoutsScreen } from './payouts-screen';

const run = (change: Partial<PayoutRun> = {}): PayoutRun => ({
  id: 'r1',
  period: '2026-03',
  dryRun: false,
  trigger: 'schedule',
  state: 'finished',
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
  artistsPlanned: 2,
  artistsTotal: 2,
};

/** A hang guard for what the screen shows after polling the runs (every 2 s while one is going). */
const POLLED = { timeout: 15_000 };

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

function serve(
  onRun: (body: { period: string; dryRun: boolean }) => { status?: number; body?: unknown },
  runs: () => PayoutRun[] = () => [run()],
) {
  return stubFetch([
    { method: 'GET', path: /^\/api\/admin\/payouts\?period=/, reply: { body: listed } },
    { method: 'GET', path: '/api/admin/payout-runs', reply: () => ({ body: runs() }) },
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

  it('says when a dry run planned only the first artists of many', async () => {
    serve(() => ({ body: { ...plan, artistsPlanned: 100, artistsTotal: 3412 } }));
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await user.click(screen.getByRole('button', { name: 'Preview (dry run)' }));
    const result = await screen.findByRole('region', { name: 'Plan for March 2026 (dry run: nothing paid)' });
    expect(within(result).getByText(/covers the first 100 of the 3,412 artists/)).toBeInTheDocument();
    expect(within(result).getByText('npm run cli -- payouts --period 2026-03 --dry-run')).toBeInTheDocument();
  });

  it('runs a month only after a confirmation, shows it queued and running, then its outcome, and refreshes the month', async () => {
    const started = run({ id: 'r3', trigger: 'admin', state: 'queued', finishedAt: null, counts: {} });
    let current: PayoutRun[] = [run()];
    const accepted: PayoutRunAccepted = { run: started, cutoff: '2026-03-22T00:00:00.000Z', alreadyRunning: false };
    const calls = serve(
      () => {
        current = [started, run()];
        return { status: 202, body: accepted };
      },
      () => current,
    );
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await screen.findByText('Alpha');
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay artists for March 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    const progress = await screen.findByRole('region', { name: 'Run of March 2026' });
    expect(await within(progress).findByText(/Queued: waiting for a worker/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { period: '2026-03', dryRun: false },
    ]);
    // While the month's run goes, it cannot be started again here.
    expect(screen.getAllByRole('button', { name: /Run payouts/ })[0]).toBeDisabled();
    const periodFetches = () => calls.filter((call) => call.path.startsWith('/api/admin/payouts?period=')).length;
    const fetchedBefore = periodFetches();

    // The runs are polled while one goes: the worker picks it up, then it finishes.
    current = [{ ...started, state: 'running' }, run()];
    expect(await within(progress).findByText(/Running: paying artists/, {}, POLLED)).toBeInTheDocument();
    current = [
      {
        ...started,
        state: 'finished',
        finishedAt: '2026-03-25T12:03:00.000Z',
        counts: { paid: 3, held: 1, failed: 0, pending: 0, alreadyPaid: 2, paidCents: 1500, heldCents: 500 },
      },
      run(),
    ];
    expect(
      await within(progress).findByText(/paid 3 artists \$15\.00 · held 1 \(\$5\.00\)/, {}, POLLED),
    ).toBeInTheDocument();
    // The month's payouts are fetched again once it ended, and it may be run again.
    await waitFor(() => expect(periodFetches()).toBeGreaterThan(fetchedBefore));
    expect(screen.getByRole('button', { name: 'Run payouts' })).toBeEnabled();
  }, 40_000);

  it('refreshes the month when its run ended before the runs list ever showed it going (a short run)', async () => {
    const started = run({ id: 'r4', trigger: 'admin', state: 'queued', finishedAt: null, counts: {} });
    let current: PayoutRun[] = [run()];
    const calls = serve(
      () => {
        current = [{ ...started, state: 'finished', finishedAt: '2026-03-25T12:00:01.000Z' }, run()];
        return { status: 202, body: { run: started, cutoff: '2026-03-22T00:00:00.000Z', alreadyRunning: false } };
      },
      () => current,
    );
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await screen.findByText('Alpha');
    const periodFetches = () => calls.filter((call) => call.path.startsWith('/api/admin/payouts?period=')).length;
    const fetchedBefore = periodFetches();
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    const progress = await screen.findByRole('region', { name: 'Run of March 2026' });
    expect(await within(progress).findByText(/^Finished/)).toBeInTheDocument();
    await waitFor(() => expect(periodFetches()).toBeGreaterThan(fetchedBefore));
  });

  it('follows the run already going when the server answers it instead of a second', async () => {
    const going = run({ id: 'r9', trigger: 'admin', state: 'running', finishedAt: null, counts: {} });
    serve(
      () => ({ status: 202, body: { run: going, cutoff: '2026-03-22T00:00:00.000Z', alreadyRunning: true } }),
      () => [run()],
    );
    const user = userEvent.setup({ delay: null });
    renderWithClient(<PayoutsScreen />);
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    const progress = await screen.findByRole('region', { name: 'Run of March 2026' });
    expect(within(progress).getByText(/Running: paying artists/)).toBeInTheDocument();
  });

  it("follows the month's run already going when the page opens", async () => {
    const going = run({ id: 'r8', trigger: 'schedule', state: 'running', finishedAt: null, counts: {} });
    serve(
      () => ({}),
      () => [going],
    );
    renderWithClient(<PayoutsScreen />);
    const progress = await screen.findByRole('region', { name: 'Run of March 2026' });
    expect(within(progress).getByText(/Running: paying artists/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Run payouts/ })[0]).toBeDisabled();
  });

  it('shows a run that stopped, and what to do', async () => {
    serve(
      () => ({}),
      () => [run({ id: 'r5', trigger: 'admin', state: 'stopped', error: 'The run stopped: worker lost' })],
    );
    renderWithClient(<PayoutsScreen />);
    const runs = screen.getByRole('region', { name: 'Recent runs' });
    expect(await within(runs).findByText('Stopped: The run stopped: worker lost')).toBeInTheDocument();
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
