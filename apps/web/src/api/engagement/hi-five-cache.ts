import type { PublicUser } from '@hfm/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { patchCatalogueSong, restoreSnapshot, snapshotCatalogue } from '../discovery/cached-catalogue';

type HiFived = PublicUser['hiFived'];

/** The signed-in user's cached answers (/api/auth/session and the session profile) both hold `user`. */
const SESSION_KEY = ['session'] as const;

/** Rewrites the signed-in user's hiFived in every cached session answer. */
export function setCachedHiFived(client: QueryClient, update: (hiFived: HiFived) => HiFived): void {
  client.setQueriesData<unknown>({ queryKey: SESSION_KEY }, (answer: unknown) => {
    const user = (answer as { user?: PublicUser | null } | undefined)?.user;
    if (!user) return answer;
    return { ...(answer as object), user: { ...user, hiFived: update(user.hiFived) } };
  });
}

export function setCachedHiFives(client: QueryClient, songId: string, count: (current: number) => number): void {
  patchCatalogueSong(client, songId, (song) => ({ ...song, hifives: Math.max(0, count(song.hifives)) }));
}

export interface HiFiveSnapshot {
  session: [QueryKey, unknown][];
  catalogue: [QueryKey, unknown][];
}

/** Stops session refetches from overwriting the optimistic change, and keeps what to put back on failure. */
export async function takeHiFiveSnapshot(client: QueryClient): Promise<HiFiveSnapshot> {
  await client.cancelQueries({ queryKey: SESSION_KEY });
  return { session: client.getQueriesData<unknown>({ queryKey: SESSION_KEY }), catalogue: snapshotCatalogue(client) };
}

export function rollBackHiFive(client: QueryClient, snapshot: HiFiveSnapshot | undefined): void {
  if (!snapshot) return;
  restoreSnapshot(client, snapshot.session);
  restoreSnapshot(client, snapshot.catalogue);
}

/** The stand-in entry's id until the server answers with the real one. */
export const pendingEntryId = (songId: string) => `pending:${songId}`;
