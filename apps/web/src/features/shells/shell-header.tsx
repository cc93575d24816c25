import type { PublicUser } from '@hfm/shared';
import type { ReactNode } from 'react';
import { useLogout } from '../../api/session';
import { Button } from '../../ui/button';
import { AREA_NAMES, type Area } from './areas';

/**
 * HFM brand, the area, the area's navigation, who is signed in, and Sign out (which ends every session,
 * then goes to /login).
 */
export function ShellHeader({
  area,
  user,
  nav,
  logo,
}: {
  area: Area;
  user: PublicUser;
  nav?: ReactNode;
  logo?: ReactNode;
}) {
  const logout = useLogout();

  async function signOut() {
    try {
      const { routeTo } = await logout.mutateAsync();
      window.location.assign(routeTo || '/login');
    } catch {
      window.location.assign('/login');
    }
  }

  return (
    <header className="shell-header">
      <div className="shell-header__brand">
        {logo ?? (
          <a href="/main/#/" className="shell-header__logo" aria-label="HFM home">
            HFM
          </a>
        )}
        <span className="shell-header__area">{AREA_NAMES[area]}</span>
      </div>
      {nav}
      <div className="shell-header__user">
        <span className="shell-header__avatar" aria-hidden="true">
          {user.profileImagePath ? <img src={user.profileImagePath} alt="" /> : initials(user)}
        </span>
        <span className="shell-header__name">{user.name || user.email}</span>
        <Button variant="secondary" onClick={signOut} loading={logout.isPending} className="shell-header__sign-out">
          Sign out
        </Button>
      </div>
    </header>
  );
}

function initials(user: PublicUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '♪';
}
