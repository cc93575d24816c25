/**
 * The page of the build that opens a path's area with no network: the copy of index.html the server sends for
 * it (apps/server/src/http/web-app.ts, apps/web/area-pages.ts), which the app's entry then routes by its path.
 */
export function shellPageFor(pathname: string): string {
  if (pathname === '/' || pathname.startsWith('/main')) return '/pages/public.html';
  if (pathname.startsWith('/login')) return '/pages/login.html';
  if (pathname.startsWith('/artist') || pathname.startsWith('/admin')) return '/pages/signed-in.html';
  if (/^\/(members|discover)(\/|$)|^\/a\//.test(pathname)) return '/pages/fans.html';
  return '/index.html';
}
