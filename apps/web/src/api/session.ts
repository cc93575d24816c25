import type { LoginAnswer, LoginBody, LogoutAnswer, SessionAnswer, SessionProfile } from '@hfm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserDeps, clearOffline } from '../offline/offline-store';
import { forgetPlayerOnSignOut } from '../player/player-memory';
import { api } from './client';

export type { SessionProfile };

/** The signed-in user; a 401 sends the browser to /login unless redirectOn401 is false. */
export function fetchSessionProfile(redirectOn401 = true): Promise<SessionProfile> {
  return api.get('/users/session/profile', { redirectOn401 });
}

/** Who is signed in, or null: a signed-out visitor gets a quiet answer, not a 401 error in the console. */
export function fetchSession(): Promise<SessionAnswer> {
  return api.get('/auth/session');
}

export function login(body: LoginBody): Promise<LoginAnswer> {
  return api.post('/auth', { body, redirectOn401: false });
}

export function logout(): Promise<LogoutAnswer> {
  return api.post('/auth/logout');
}

export const sessionProfileQuery = (redirectOn401 = true) =>
  queryOptions({
    queryKey: ['session', 'profile', { redirectOn401 }],
    queryFn: () => fetchSessionProfile(redirectOn401),
    retry: false,
  });

export const sessionQuery = queryOptions({ queryKey: ['session', 'current'], queryFn: fetchSession, retry: false });

/** For screens anyone may see (e.g. /login): answers `{ user: null }` when signed out. */
export function useSession() {
  return useQuery(sessionQuery);
}

export function useSessionProfile(options: { redirectOn401?: boolean } = {}) {
  return useQuery(sessionProfileQuery(options.redirectOn401 ?? true));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/**
 * Signing out forgets who was signed in, whether or not the server still knew the session, the tab's player
 * (its queue is theirs, not the next person's) and the songs they stored on the device (a shared device).
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Awaited before mutateAsync answers, so the page moves on only once the offline songs are gone.
    onSettled: async () => {
      forgetPlayerOnSignOut();
      client.removeQueries({ queryKey: ['session'] });
      await clearOffline(browserDeps());
    },
  });
}
