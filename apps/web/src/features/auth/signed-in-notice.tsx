import { ROUTE_BY_ROLE } from '@hfm/shared';
import { useLogout, useSession } from '../../api/session';
import { Button } from '../../ui/button';

const AREA_NAMES = { ADMIN: 'Admin', ARTIST: 'your studio', SUBSCRIBER: 'your music' } as const;

/** On /login, someone already signed in may go straight on to their area (or sign out). */
export function SignedInNotice() {
  const session = useSession();
  const logout = useLogout();
  const user = session.data?.user;
  if (!user) return null;

  async function signOut() {
    await logout.mutateAsync().catch(() => undefined);
  }

  return (
    <div className="auth-signed-in" role="status">
      <p>
        You're signed in as <strong>{user.name || user.email}</strong>.
      </p>
      <div className="auth-signed-in__actions">
        <Button onClick={() => window.location.assign(ROUTE_BY_ROLE[user.role])}>
          Continue to {AREA_NAMES[user.role]}
        </Button>
        <Button variant="ghost" onClick={signOut} loading={logout.isPending}>
          Sign out
        </Button>
      </div>
    </div>
  );
}
