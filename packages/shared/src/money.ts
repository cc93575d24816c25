/**
 * Money: what a fan pays, what the artist earns of it, and dollar amounts as people read them. Amounts are
 * integer cents everywhere; only formatUsd turns them into text.
 */

/** What a fan pays for one artist for one year, in cents ($9.99). */
export const PRICE_CENTS_PER_ARTIST_YEAR = 999;
/** What the artist earns per paid subscription-year, in cents: the licence fee ($5.00). */
export const ARTIST_CREDIT_CENTS = 500;

export interface UsdFormat {
  /** Cents shown: 'always' ($5.00, the default), 'auto' ($5, $9.99), 'never' ($5,000). */
  cents?: 'always' | 'auto' | 'never';
  /** Thousands separators ($1,234.56, the default); false: $1234.56. */
  grouping?: boolean;
  /** The '$' (the default); false for a column already headed USD: '-5.00'. */
  symbol?: boolean;
  /** Short for chart axes: '$5', '$1.2K'. */
  compact?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(options: UsdFormat): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    const compact: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };
    const digits = options.cents === 'never' ? 0 : 2;
    formatter = new Intl.NumberFormat('en-US', {
      ...(options.symbol === false ? { style: 'decimal' } : { style: 'currency', currency: 'USD' }),
      ...(options.compact ? compact : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      ...(options.grouping === false ? { useGrouping: false } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Integer cents as US dollars: 50000 is '$500.00', -500 '-$5.00'. The options keep each screen's, mail's and
 * file's own form (see UsdFormat).
 */
export function formatUsd(cents: number, options: UsdFormat = {}): string {
  const normal = {
    ...options,
    cents: options.cents === 'auto' ? (cents % 100 === 0 ? 'never' : 'always') : options.cents,
  };
  return formatterFor(normal).format(cents / 100);
}
