import type { EventAnswer, EventBody, SessionAnswer, SessionProfile } from '@hfm/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { releaseKeys } from '../releases/keys';
import { sessionQuery } from '../session';

/** POST /api/mzd-events with a listen. A 401 is not worth leaving the page for: it is only logged. */
export function postListenEvent(memberID: string, songId: string): Promise<EventAnswer> {
  const body: EventBody = {
    memberID,
    itemID: songId,
    itemType: 'song',
    eventPayload: { action: 'listen', clientTime: new Date().toISOString() },
  };
  return api.post('/mzd-events', { body, redirectOn401: false });
}

/**
 * Who is signed in: the session profile a signed-in area has already loaded, else the quiet session answer
 * (public pages, where a signed-out visitor must not be sent to /login).
 */
export async function signedInUserId(client: QueryClient): Promise<string | null> {
  const profiles = client.getQueriesData<SessionProfile>({ queryKey: ['session', 'profile'] });
  const profile = profiles.map(([, data]) => data).find((data) => data?.user);
  if (profile) return profile.user.id;
  const session: SessionAnswer = await client.fetchQuery({ ...sessionQuery, staleTime: 60_000 });
  return session.user?.id ?? null;
}

/**
 * Sends a listen for the signed-in user; nothing when signed out. Event failures are only logged (spec).
 * Answers the event, or null when nobody is signed in.
 */
export function useSendListenEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (songId: string) => {
      const memberID = await signedInUserId(client);
      return memberID ? postListenEvent(memberID, songId) : null;
    },
    // A played song is no longer new: New for you and the badge refresh when next shown (not under the
    // list being played from).
    onSuccess: () => client.invalidateQueries({ queryKey: releaseKeys.newReleases, refetchType: 'none' }),
    onError: (error) => console.warn('The listen event was not sent.', error),
  });
}
