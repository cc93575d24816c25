import type { PublicUser } from '@hfm/shared';
import type { ReactNode } from 'react';
import type { Area } from './areas';
import { ShellHeader } from './shell-header';
import './shells.css';

export interface AppShellProps {
  area: Area;
  user: PublicUser;
  /** The area's own navigation in the header (the members' Home link and search box). */
  nav?: ReactNode;
  /** The HFM logo, when it leads somewhere in the area (by default it is a link to the public welcome page). */
  logo?: ReactNode;
  children: ReactNode;
}

export function AppShell({ area, user, nav, logo, children }: AppShellProps) {
  return (
    <div className={`app-shell app-shell--${area}`}>
      <ShellHeader area={area} user={user} nav={nav} logo={logo} />
      <main className="app-shell__main">{children}</main>
    </div>
  );
}

/** A full-screen message while the profile loads, or when it cannot. */
export function ShellMessage({ children }: { children: ReactNode }) {
  return (
    <div className="shell-message" role="status">
      {children}
    </div>
  );
}
