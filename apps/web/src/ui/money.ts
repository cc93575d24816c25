/** Counts and months as people read them: UTC months and days in English (dollars: formatUsd, @hfm/shared). */

const count = new Intl.NumberFormat('en-US');
const countCompact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return count.format(value);
}

export function formatCountCompact(value: number): string {
  return countCompact.format(value);
}

const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const dayLong = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** '2025-03': 'March 2025'. */
export function formatMonthLong(month: string): string {
  return monthLong.format(monthDate(month));
}

/** '2025-03': 'Mar 2025'. */
export function formatMonthShort(month: string): string {
  return monthShort.format(monthDate(month));
}

/** '2025-03': 'Mar'. */
export function formatMonthName(month: string): string {
  return monthOnly.format(monthDate(month));
}

/** '2025-04-22' (a UTC day): 'April 22, 2025'. */
export function formatDay(day: string): string {
  return dayLong.format(new Date(`${day}T00:00:00Z`));
}

/** An ISO moment's UTC day: 'April 22, 2025'. */
export function formatMoment(iso: string): string {
  return dayLong.format(new Date(iso));
}
