import type { PublicUser } from '@hfm/shared';
import type { QueryClient } from '@tanstack/react-query';

/** Puts the changed user into every cached view of the signed-in user (the header, the account page). */
export function replaceSessionUser(client: QueryClient, userId: string, change: (user: PublicUser) => PublicUser) {
  client.setQueriesData<{ user: PublicUser | null }>({ queryKey: ['session'] }, (session) =>
    session?.user?.id === userId ? { ...session, user: change(session.user) } : session,
  );
}
