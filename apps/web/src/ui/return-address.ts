/**
 * Where to go back to after signing in: `/login?next=/a/some-artist`. Only a path on this site counts
 * (never another origin, `//host`, or a `javascript:` address), so the parameter cannot send anyone away.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const origin = window.location.origin;
    const url = new URL(raw, origin);
    if (url.origin !== origin) return null;
    if (url.pathname.startsWith('/login')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/login?next=...` for a same-site path (plain `/login` when the path does not qualify). */
export function loginHref(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path ? `/login?${new URLSearchParams({ next: path }).toString()}` : '/login';
}

const STORAGE_KEY = 'hfm:return-to';
/** Long enough for sign-up and the emailed code (which lasts a day), short enough not to surprise. */
const REMEMBER_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-up goes through an email and the confirmation screen before /login, so the address to come back
 * to is also kept here; /login uses it only after a confirmation (`?confirmed=1`), when no `next` is given.
 */
export function rememberReturnPath(returnTo: string, now = Date.now()): void {
  const path = safeReturnPath(returnTo);
  if (!path) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage may be off (private mode): the ?next= parameter still works.
  }
}

/** The remembered path, once: reading it forgets it. */
export function takeRememberedReturnPath(now = Date.now()): string | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    window.localStorage.removeItem(STORAGE_KEY);
    if (!stored) return null;
    const { path, at } = JSON.parse(stored) as { path?: string; at?: number };
    if (typeof at !== 'number' || now - at > REMEMBER_MS) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/** Forgets a remembered path (a plain sign-in that followed `?next=` has used it). */
export function forgetReturnPath(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
