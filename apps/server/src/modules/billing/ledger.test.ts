import { describe, expect, it } from 'vitest';
import { artistDebitCents, payableFrom } from './ledger.js';

describe('payableFrom: the 22nd of the month after, in UTC', () => {
  it.each([
    ['2025-12-31T23:59:59.999Z', '2026-01-22T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', '2026-02-22T00:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', '2024-03-22T00:00:00.000Z'],
    ['2026-01-31T08:00:00.000Z', '2026-02-22T00:00:00.000Z'],
    ['2026-11-30T23:00:00.000Z', '2026-12-22T00:00:00.000Z'],
  ])('a payment at %s is payable from %s', (paidAt, payable) => {
    expect(payableFrom(new Date(paidAt)).toISOString()).toBe(payable);
  });
});

describe('artistDebitCents: the share of the credit a refund or dispute takes back', () => {
  it.each([
    [999, 999, 500, 0, 500],
    [499, 999, 500, 0, 250],
    [500, 999, 500, -250, 250],
    [999, 999, 500, -250, 250],
    [1, 999, 500, 0, 1],
    [999, 999, 500, -500, 0],
    [999, 0, 500, 0, 0],
  ])(
    '%i of a %i payment, credit %i, debited %i so far: %i',
    (amountCents, chargeCents, creditCents, debitedCents, debit) => {
      expect(artistDebitCents({ amountCents, chargeCents, creditCents, debitedCents })).toBe(debit);
    },
  );
});
