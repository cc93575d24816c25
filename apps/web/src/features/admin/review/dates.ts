const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO time as a date people read ('May 1, 2025'); '—' when there is none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}
