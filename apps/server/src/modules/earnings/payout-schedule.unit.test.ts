import { describe, expect, it } from 'vitest';
import { heldReasonOf, nextPayoutOf } from './payout-schedule.js';

const at = (iso: string) => new Date(iso);

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
