import { describe, expect, it } from 'vitest';
import { artistDebitCents } from './ledger.js';

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
