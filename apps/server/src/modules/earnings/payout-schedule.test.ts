import { describe, expect, it } from 'vitest';
import { dayOf, heldReasonOf, nextPayoutOf, payoutCutoffs, payoutDayOnOrAfter } from './payout-schedule.js';

const at = (iso: string) => new Date(iso);

describe('payoutCutoffs: the next payout days, UTC', () => {
  it.each([
    // [now, this month paid, first, second]
    ['2025-03-01T00:00:00Z', false, '2025-03-22', '2025-04-22'],
    ['2025-03-21T23:59:59Z', false, '2025-03-22', '2025-04-22'],
    // The window is open and this month's payout not paid: today.
    ['2025-03-22T00:00:00Z', false, '2025-03-22', '2025-04-22'],
    ['2025-03-25T10:00:00Z', false, '2025-03-25', '2025-04-22'],
    ['2025-03-28T23:59:59Z', false, '2025-03-28', '2025-04-22'],
    // Paid, or the window closed: next month's.
    ['2025-03-25T10:00:00Z', true, '2025-04-22', '2025-05-22'],
    ['2025-03-29T00:00:00Z', false, '2025-04-22', '2025-05-22'],
    ['2025-12-31T23:59:59Z', false, '2026-01-22', '2026-02-22'],
    ['2025-12-10T00:00:00Z', true, '2026-01-22', '2026-02-22'],
  ] as const)('%s (paid: %s): %s, then %s', (now, paid, first, second) => {
    const cutoffs = payoutCutoffs(at(now), paid);
    expect([dayOf(cutoffs.first), dayOf(cutoffs.second)]).toEqual([first, second]);
  });

  it('the window opens at the 22nd and takes what is payable by that moment', () => {
    expect(payoutCutoffs(at('2025-03-22T00:00:00Z'), false).first.toISOString()).toBe('2025-03-22T00:00:00.000Z');
    expect(payoutCutoffs(at('2025-03-10T08:00:00Z'), false).first.toISOString()).toBe('2025-03-22T00:00:00.000Z');
  });
});

describe('payoutDayOnOrAfter', () => {
  it.each([
    ['2025-03-22T00:00:00Z', '2025-03-22'],
    ['2025-03-22T00:00:01Z', '2025-04-22'],
    ['2025-03-02T00:00:00Z', '2025-03-22'],
    ['2025-12-30T00:00:00Z', '2026-01-22'],
  ])('%s: %s', (date, day) => expect(dayOf(payoutDayOnOrAfter(at(date)))).toBe(day));
});

describe('heldReasonOf: why a payout would wait', () => {
  it.each([
    [null, 'no_account'],
    [{ detailsSubmitted: false, payoutsEnabled: false, taxForm: null }, 'onboarding_incomplete'],
    [{ detailsSubmitted: true, payoutsEnabled: false, taxForm: 'W-9' }, 'onboarding_incomplete'],
    [{ detailsSubmitted: true, payoutsEnabled: true, taxForm: null }, 'no_tax_form'],
    [{ detailsSubmitted: true, payoutsEnabled: true, taxForm: 'W-8BEN' }, null],
  ] as const)('%j: %s', (account, reason) => expect(heldReasonOf(account)).toBe(reason));
});

describe('nextPayoutOf', () => {
  const cutoffs = { first: at('2025-03-22T00:00:00Z'), second: at('2025-04-22T00:00:00Z') };
  const sums = { owedCents: 0, payableByFirstCents: 0, payableBySecondCents: 0, laterPayableFrom: null };

  it('nothing owed: no day', () => {
    expect(nextPayoutOf(cutoffs, sums)).toEqual({ date: null, amountCents: 0 });
  });
  it('payable by the first day: that day and that amount', () => {
    expect(
      nextPayoutOf(cutoffs, { ...sums, owedCents: 1500, payableByFirstCents: 1000, payableBySecondCents: 1500 }),
    ).toEqual({ date: '2025-03-22', amountCents: 1000 });
  });
  it('a credit written this month: payable by the second day', () => {
    expect(nextPayoutOf(cutoffs, { ...sums, owedCents: 500, payableBySecondCents: 500 })).toEqual({
      date: '2025-04-22',
      amountCents: 500,
    });
  });
  it('a debit that leaves nothing payable by the first day waits for the second', () => {
    expect(
      nextPayoutOf(cutoffs, { ...sums, owedCents: 500, payableByFirstCents: -500, payableBySecondCents: 500 }),
    ).toEqual({ date: '2025-04-22', amountCents: 500 });
  });
  it('owed only later: the payout day on or after the earliest row', () => {
    expect(nextPayoutOf(cutoffs, { ...sums, owedCents: 500, laterPayableFrom: at('2025-05-22T00:00:00Z') })).toEqual({
      date: '2025-05-22',
      amountCents: 500,
    });
  });
});
