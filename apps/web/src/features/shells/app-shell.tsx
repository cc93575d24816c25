import type { ReactNode } from 'react';
import type { SessionProfile } from '../../api/session';
import type { Area } from './areas';
import { ShellHeader } from './shell-header';
import './shells.css';

export function AppShell({ area, profile, children }: { area: Area; profile: SessionProfile; children: ReactNode }) {
  return (
    <div className={`app-shell app-shell--${area}`}>
      <ShellHeader area={area} user={profile.user} />
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
