/**
 * Text helpers the fans' pages show, kept apart from the schema modules: a page that imports only these
 * loads no zod (docs/decisions/0030-first-load-budget.md).
 */

/** Duration in seconds shown as m:ss. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '--:--';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The notice on a terminated artist's public page; `date` as the viewer reads dates ('May 2, 2026'). */
export function artistLeftNotice(name: string, date: string): string {
  return `${name} has left HFM on ${date}. Subscribers keep access until their subscription ends, and keep every song they downloaded.`;
}
