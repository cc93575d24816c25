import { ROUTE_BY_ROLE, type PublicUser } from '@hfm/shared';
import type { ReactNode } from 'react';
import { loginHref, rememberReturnPath } from '../../ui/return-address';
import '../../ui/button.css';
import { AREA_BY_ROLE, AREA_NAMES } from './areas';
import './shells.css';

/**
 * The frame of a public page in the app (an artist's page) for anyone who is not a signed-in fan: the
 * brand, and Log in / Sign up that come back to this page, or the way to one's own area when signed in.
 */
export function PublicShell({
  user,
  returnTo,
  nav,
  children,
}: {
  /** Who is signed in: null when nobody, undefined while that is not known yet (the header waits). */
  user: PublicUser | null | undefined;
  /** This page's path, to come back to after signing in or up. */
  returnTo: string;
  /** The catalogue's navigation (Discover and search), between the brand and the sign-in links. */
  nav?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="app-shell app-shell--public">
      <header className="shell-header">
        <div className="shell-header__brand">
          <a href="/main/#/" className="shell-header__logo" aria-label="HFM home">
            HFM
          </a>
        </div>
        {nav}
        <div className="shell-header__user">
          {user === undefined ? null : user ? (
            <a className="button button--secondary shell-header__link" href={ROUTE_BY_ROLE[user.role]}>
              <span>Go to {AREA_NAMES[AREA_BY_ROLE[user.role]]}</span>
            </a>
          ) : (
            <>
              <a className="button button--ghost shell-header__link" href={loginHref(returnTo)}>
                <span>Log in</span>
              </a>
              <a
                className="button button--primary shell-header__link"
                href="/main/#/fan-sign-up"
                onClick={() => rememberReturnPath(returnTo)}
              >
                <span>Sign up</span>
              </a>
            </>
          )}
        </div>
      </header>
      <main className="app-shell__main">{children}</main>
    </div>
  );
}
