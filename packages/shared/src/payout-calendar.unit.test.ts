import { describe, expect, it } from 'vitest';
import {
  addPeriods,
  isPayoutWindowOpen,
  isValidPeriod,
  latestOpenedPeriod,
  payableFrom,
  payoutCutoffs,
  payoutDayOnOrAfter,
  periodCutoff,
  periodName,
  periodOf,
} from './payout-calendar.js';

const at = (iso: string) => new Date(iso);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

describe('periods: the month paid in, written YYYY-MM', () => {
  it.each([
    ['2026-01', true],
    ['2026-12', true],
    ['2000-01', true],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-1', false],
    ['26-01', false],
    ['2026-01-22', false],
    ['1999-12', false],
    [202601, false],
  ])('%j is a period: %s', (period, valid) => {
    expect(isValidPeriod(period)).toBe(valid);
  });

  it.each([
    // [period, its cutoff (the 22nd 00:00 UTC), its name]
    ['2024-02', '2024-02-22T00:00:00.000Z', 'February 2024'],
    ['2025-12', '2025-12-22T00:00:00.000Z', 'December 2025'],
    ['2026-03', '2026-03-22T00:00:00.000Z', 'March 2026'],
  ])('%s: cutoff %s, named %s', (period, cutoff, name) => {
    expect(periodCutoff(period).toISOString()).toBe(cutoff);
    expect(periodName(period)).toBe(name);
  });

  it('a cutoff of something not a period is refused', () => {
    expect(() => periodCutoff('2026-13')).toThrow(RangeError);
  });

  it.each([
    ['2025-12-31T23:59:59.999Z', '2025-12'],
    ['2026-01-01T00:00:00.000Z', '2026-01'],
  ])('%s is in %s', (moment, period) => expect(periodOf(at(moment))).toBe(period));

  it.each([
    ['2025-12', 1, '2026-01'],
    ['2026-01', -1, '2025-12'],
    ['2024-02', 12, '2025-02'],
    ['2026-03', 0, '2026-03'],
  ])('%s plus %i months: %s', (period, months, expected) => expect(addPeriods(period, months)).toBe(expected));
});

describe('payableFrom: a credit is payable from the 22nd of the month after the payment', () => {
  it.each([
    ['2025-03-01T00:00:00Z', '2025-04-22T00:00:00.000Z'],
    ['2025-03-31T23:59:59Z', '2025-04-22T00:00:00.000Z'],
    ['2025-03-22T12:00:00Z', '2025-04-22T00:00:00.000Z'],
    ['2025-12-15T00:00:00Z', '2026-01-22T00:00:00.000Z'],
    ['2024-01-31T00:00:00Z', '2024-02-22T00:00:00.000Z'],
    ['2025-12-31T23:59:59.999Z', '2026-01-22T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', '2026-02-22T00:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', '2024-03-22T00:00:00.000Z'],
    ['2026-11-30T23:00:00.000Z', '2026-12-22T00:00:00.000Z'],
  ])('paid %s: payable from %s', (paidAt, from) => expect(payableFrom(at(paidAt)).toISOString()).toBe(from));
});

describe('the payout window: the 22nd to the 28th', () => {
  it.each([
    // [now, window open, the period whose window is open or last opened]
    ['2026-03-21T23:59:59.999Z', false, '2026-02'],
    ['2026-03-22T00:00:00.000Z', true, '2026-03'],
    ['2026-03-28T23:59:59.999Z', true, '2026-03'],
    ['2026-03-29T00:00:00.000Z', false, '2026-03'],
    ['2026-03-31T12:00:00.000Z', false, '2026-03'],
    ['2026-01-05T00:00:00.000Z', false, '2025-12'],
  ])('%s: open %s, latest opened %s', (now, open, period) => {
    expect(isPayoutWindowOpen(at(now))).toBe(open);
    expect(latestOpenedPeriod(at(now))).toBe(period);
  });
});

describe('payoutCutoffs: the next payout days', () => {
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

describe('payoutDayOnOrAfter: the first 22nd on or after a moment', () => {
  it.each([
    ['2025-03-22T00:00:00Z', '2025-03-22'],
    ['2025-03-22T00:00:01Z', '2025-04-22'],
    ['2025-03-02T00:00:00Z', '2025-03-22'],
    ['2025-12-30T00:00:00Z', '2026-01-22'],
  ])('%s: %s', (date, day) => expect(dayOf(payoutDayOnOrAfter(at(date)))).toBe(day));
});
