import type { ArtistEarnings } from '@hfm/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch } from '../../../test/test-utils';
import { EarningsPanel } from './earnings-panel';

const months = Array.from({ length: 12 }, (_, i) => {
  const month = `${i < 9 ? '2024' : '2025'}-${String(((i + 3) % 12) + 1).padStart(2, '0')}`;
  return {
    month,
    subscribers: i === 11 ? 1 : 0,
    newSubscriptions: i === 11 ? 1 : 0,
    renewals: 0,
    plays: i * 3,
    earningsCents: i === 11 ? 500 : 0,
  };
});

const earnings: ArtistEarnings = {
  artistID: 'a1',
  subscribersNow: 1,
  earnedThisMonthCents: 500,
  earnedAllTimeCents: 1500,
  paidOutCents: 1000,
  owedCents: 500,
  nextPayout: { date: '2025-04-22', amountCents: 500, held: 'no_account' },
  payouts: [
    { period: '2025-02', status: 'paid', amountCents: 1000, paidAt: '2025-02-22T09:00:00.000Z', heldReason: null },
    { period: '2025-01', status: 'held', amountCents: 500, paidAt: null, heldReason: 'no_tax_form' },
  ],
  series: months,
};

const stubEarnings = (body: unknown, status = 200) =>
  stubFetch([{ method: 'GET', path: '/api/artists/a1/earnings', reply: { status, body } }]);

// The charts' module (recharts) is loaded lazily; loading it once here keeps the tests' waits short.
beforeAll(async () => {
  await import('../../../components/month-chart');
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the studio Earnings tab', () => {
  it('shows subscribers now, earned this month and the next payout, and why it is held, with the way to the Payouts tab', async () => {
    stubEarnings(earnings);
    renderWithClient(<EarningsPanel artistId="a1" />);
    const subscribers = await screen.findByText('Subscribers now');
    expect(subscribers.nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Earned this month').nextElementSibling).toHaveTextContent('$5.00');
    const next = screen.getByText('Next payout').nextElementSibling as HTMLElement;
    expect(next).toHaveTextContent('$5.00on April 22, 2025');
    expect(next).toHaveTextContent('Held until you set up your payout account.');
    expect(within(next).getByRole('link', { name: 'Set up payouts' })).toHaveAttribute('href', '#payouts');
    expect(screen.getByText(/Earned in all \$15\.00 · Paid out \$10\.00 · Owed \$5\.00/)).toBeInTheDocument();
  });

  it('offers the statement as a plain download link', async () => {
    stubEarnings(earnings);
    renderWithClient(<EarningsPanel artistId="a1" />);
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/artists/a1/earnings.csv');
    expect(link).toHaveAttribute('download');
  });

  it('draws subscribers, plays and earnings over twelve months, each with a table of the numbers', async () => {
    stubEarnings(earnings);
    renderWithClient(<EarningsPanel artistId="a1" />);
    const plays = await screen.findByRole('table', { name: 'Plays, Apr 2024 to Mar 2025' });
    expect(within(plays).getAllByRole('row')).toHaveLength(13);
    expect(within(plays).getByRole('row', { name: 'March 2025 33' })).toBeInTheDocument();
    const money = screen.getByRole('table', { name: 'Earnings, Apr 2024 to Mar 2025' });
    expect(within(money).getByRole('row', { name: 'March 2025 $5.00' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Subscribers, Apr 2024 to Mar 2025' })).toBeInTheDocument();
  });

  it('lists the payouts, newest first, with why one was held', async () => {
    stubEarnings(earnings);
    renderWithClient(<EarningsPanel artistId="a1" />);
    const history = await screen.findByRole('region', { name: 'Payout history' });
    const rows = within(history).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthStatusAmountPaid on',
      'February 2025Paid$10.00February 22, 2025',
      'January 2025Held (no tax form)$5.00—',
    ]);
  });

  it('says when nothing is owed yet and there are no payouts', async () => {
    stubEarnings({ ...earnings, nextPayout: { date: null, amountCents: 0, held: null }, payouts: [] });
    renderWithClient(<EarningsPanel artistId="a1" />);
    expect(await screen.findByText('Nothing owed yet')).toBeInTheDocument();
    expect(screen.queryByText(/Held until/)).not.toBeInTheDocument();
    expect(screen.getByText(/No payouts yet/)).toBeInTheDocument();
  });

  it("shows the server's message when the earnings cannot be read", async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/api/artists/a1/earnings',
        reply: error(403, 'FORBIDDEN', 'You are not allowed to do that.'),
      },
    ]);
    renderWithClient(<EarningsPanel artistId="a1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that.');
  });
});
