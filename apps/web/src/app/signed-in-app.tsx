import { messages, ROUTE_BY_ROLE } from '@hfm/shared';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ApiError } from '../api/client';
import { useSessionProfile, type SessionProfile } from '../api/session';
import { errorMessage } from '../api/server-errors';
import { AppShell, ShellMessage } from '../features/shells/app-shell';
import { AREA_BY_ROLE, type Area } from '../features/shells/areas';
import { PlayerProvider } from '../player/player-provider';
import { Button } from '../ui/button';
import { ErrorBoundary } from '../ui/error-boundary';

const StudioApp = lazy(() => import('../features/studio/studio-app'));
const AdminApp = lazy(() => import('../features/admin/admin-app'));

/** The artist's area is the studio, loaded only for artists. */
function ArtistStudio({ profile }: { profile: SessionProfile }) {
  return (
    <Suspense fallback={<ShellMessage>{messages.loading}</ShellMessage>}>
      <StudioApp user={profile.user} artist={profile.artist} />
    </Suspense>
  );
}

/** The admin's area, loaded only for admins. */
function AdminArea({ profile }: { profile: SessionProfile }) {
  return (
    <Suspense fallback={<ShellMessage>{messages.loading}</ShellMessage>}>
      <AdminApp profile={profile} />
    </Suspense>
  );
}

type StaffArea = Exclude<Area, 'members'>;

const HOMES: Record<StaffArea, (props: { profile: SessionProfile }) => ReactNode> = {
  artist: ArtistStudio,
  admin: AdminArea,
};

/**
 * /artist/ and /admin/: the signed-in user's area; anyone else's role goes to their own area. (The members
 * area shares a router with the artists' public pages: app/fan-app.tsx.)
 */
export default function SignedInApp({ area }: { area: StaffArea }) {
  const profile = useSessionProfile();
  const ownArea = profile.data ? AREA_BY_ROLE[profile.data.user.role] : null;

  useEffect(() => {
    if (profile.data && ownArea !== area) window.location.replace(ROUTE_BY_ROLE[profile.data.user.role]);
  }, [profile.data, ownArea, area]);

  if (profile.isPending) return <ShellMessage>{messages.loading}</ShellMessage>;
  if (profile.isError) return <ProfileError error={profile.error} retry={() => void profile.refetch()} />;
  if (ownArea !== area) return <ShellMessage>Taking you to your own area…</ShellMessage>;

  const Home = HOMES[area];
  return (
    <PlayerProvider>
      <AppShell area={area} user={profile.data.user}>
        <ErrorBoundary name={`${area} area`}>
          <Home profile={profile.data} />
        </ErrorBoundary>
        {/* Toasts belong to the signed-in areas: the public site and /login load no toaster. */}
        <Toaster position="top-center" richColors />
      </AppShell>
    </PlayerProvider>
  );
}

function ProfileError({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 401)
    return <ShellMessage>Taking you to the login page…</ShellMessage>;
  return (
    <ShellMessage>
      <p>{errorMessage(error)}</p>
      <Button onClick={retry}>Try again</Button>
    </ShellMessage>
  );
}
