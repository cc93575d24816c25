import type { RevenueFigures, RevenueReport } from '@hfm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch, type RecordedRequest } from '../../../test/test-utils';
import { defaultRange, RevenueScreen } from './revenue-screen';

const zero: RevenueFigures = {
  grossCents: 0,
  refundsCents: 0,
  disputesCents: 0,
  netCents: 0,
  artistShareCents: 0,
  providerFeesCents: 0,
  platformCents: 0,
  newSubscriptions: 0,
  renewals: 0,
  payoutsCents: 0,
};
const march = {
  grossCents: 299_700,
  refundsCents: 999,
  disputesCents: 0,
  netCents: 298_701,
  artistShareCents: 149_500,
  providerFeesCents: 9_000,
  platformCents: 140_201,
  newSubscriptions: 250,
  renewals: 50,
  payoutsCents: 100_000,
};

function reportFor(from: string, to: string): RevenueReport {
  return {
    from,
    to,
    months: [
      { month: from, ...zero },
      { month: to, ...march },
    ],
    totals: march,
  };
}

let calls: RecordedRequest[];

beforeAll(async () => {
  await import('../../../components/month-chart');
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  calls = stubFetch([
    {
      method: 'GET',
      path: /^\/api\/admin\/revenue\?/,
      reply: (request) => {
        const query = new URLSearchParams(request.path.split('?')[1]);
        return { body: reportFor(query.get('from')!, query.get('to')!) };
      },
    },
  ]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin #/revenue', () => {
  it('asks for the last twelve UTC months and shows the totals', async () => {
    const { from, to } = defaultRange();
    renderWithClient(<RevenueScreen />);
    const totals = await screen.findByLabelText(/^Totals, /);
    expect(calls.map((call) => call.path)).toEqual([`/api/admin/revenue?from=${from}&to=${to}`]);
    expect(within(totals).getByText('Gross').nextElementSibling).toHaveTextContent('$2,997.00');
    expect(within(totals).getByText('Refunds and disputes').nextElementSibling).toHaveTextContent('$9.99');
    expect(within(totals).getByText("Artists' share").nextElementSibling).toHaveTextContent('$1,495.00');
    expect(within(totals).getByText('Provider fees').nextElementSibling).toHaveTextContent('$90.00');
    expect(within(totals).getByText('Platform').nextElementSibling).toHaveTextContent('$1,402.01');
    expect(within(totals).getByText('Subscriptions').nextElementSibling).toHaveTextContent('300250 new, 50 renewed');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/revenue.csv?from=${from}&to=${to}`,
    );
  });

  it('a month per row, newest first, with the totals below', async () => {
    renderWithClient(<RevenueScreen />);
    const table = within(await screen.findByRole('region', { name: 'By month' })).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]!.textContent).toBe(
      "MonthGrossRefundsDisputesArtists' shareProvider feesPlatformNewRenewedPaid to artists",
    );
    const { to } = defaultRange();
    const toName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${to}-01T00:00:00Z`),
    );
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(toName);
    expect(rows[1]!.textContent).toContain('$2,997.00$9.99$0.00$1,495.00$90.00$1,402.01250' + '50$1,000.00');
    expect(rows.at(-1)!.textContent).toMatch(/^Total\$2,997\.00/);
  });

  it('draws gross, artists’ share and fees, and subscriptions, each with a table of the numbers', async () => {
    renderWithClient(<RevenueScreen />);
    const money = await screen.findByRole('table', { name: /^Gross, artists' share and provider fees, / });
    expect(
      within(money)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Gross', "Artists' share", 'Provider fees']);
    const subscriptions = screen.getByRole('table', { name: /^Subscriptions paid, / });
    expect(within(subscriptions).getAllByRole('row').at(-1)!.textContent).toMatch(/25050$/);
  });

  it('asks again for another range, and says what is wrong with a range it cannot ask for', async () => {
    renderWithClient(<RevenueScreen />);
    await screen.findByLabelText(/^Totals, /);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2021-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2021-06' } });
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/admin/revenue?from=2021-01&to=2021-06'));
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/revenue.csv?from=2021-01&to=2021-06',
    );
    const asked = calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2021-09' } });
    expect(await screen.findByText('The first month must not be after the last.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2010-01' } });
    expect(await screen.findByText('Please choose at most 120 months.')).toBeInTheDocument();
    expect(calls).toHaveLength(asked);
  });
});
