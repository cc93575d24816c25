import { describe, expect, it } from 'vitest';
import { ARTIST_CREDIT_CENTS, formatUsd, PRICE_CENTS_PER_ARTIST_YEAR, type UsdFormat } from './money.js';

describe('the prices', () => {
  it('a fan pays $9.99 a year for an artist, who earns $5.00 of it', () => {
    expect(PRICE_CENTS_PER_ARTIST_YEAR).toBe(999);
    expect(ARTIST_CREDIT_CENTS).toBe(500);
  });
});

describe('formatUsd: integer cents as dollars, in each call site’s form', () => {
  it.each<[number, UsdFormat | undefined, string]>([
    // Screens (the default): cents always, thousands grouped, minus before the sign.
    [999, undefined, '$9.99'],
    [500, undefined, '$5.00'],
    [0, undefined, '$0.00'],
    [5, undefined, '$0.05'],
    [50000, undefined, '$500.00'],
    [123456, undefined, '$1,234.56'],
    [-500, undefined, '-$5.00'],
    // The landing pages: cents only when there are some, or never.
    [999, { cents: 'auto' }, '$9.99'],
    [500, { cents: 'auto' }, '$5'],
    [500000, { cents: 'never' }, '$5,000'],
    [500, { cents: 'always' }, '$5.00'],
    // Mails, receipts and the CLI: no thousands separator.
    [123456, { grouping: false }, '$1234.56'],
    [999, { grouping: false }, '$9.99'],
    // The CSV's 'Amount (USD)' column: no sign, no separator.
    [-500, { symbol: false, grouping: false }, '-5.00'],
    [123456, { symbol: false, grouping: false }, '1234.56'],
    [7, { symbol: false, grouping: false }, '0.07'],
    // Chart axes.
    [500, { compact: true }, '$5'],
    [120000, { compact: true }, '$1.2K'],
    [250000000, { compact: true }, '$2.5M'],
  ])('%j cents with %j: %s', (cents, options, text) => {
    expect(formatUsd(cents, options)).toBe(text);
  });
});
