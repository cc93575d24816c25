import type { PublicUser } from '@hfm/shared';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** Who is looking: the signed-in user (any role) or null; `pending` while that is not known yet. */
export interface ViewerState {
  user: PublicUser | null;
  pending: boolean;
}

const ViewerContext = createContext<ViewerState>({ user: null, pending: false });

/** The layouts of app/ say who is signed in; the discover screens read it through useViewer(). */
export function ViewerProvider({ user, pending = false, children }: ViewerState & { children: ReactNode }) {
  const value = useMemo(() => ({ user, pending }), [user, pending]);
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

export interface Viewer extends ViewerState {
  /** A fan (role SUBSCRIBER): may Hi Five and subscribe. */
  isMember: boolean;
  /** Hears every song in full (subscribers to the artist, admins). */
  hearsInFull: (artistID: string) => boolean;
  subscribesTo: (artistID: string) => boolean;
  hiFiveEntryId: (songId: string) => string | null;
  /**
   * Where the catalogue's pages (search, genres, playlists) live for this viewer: the members area for a fan,
   * the public /discover for anyone else (docs/decisions/0049).
   */
  catalogueBase: '/members' | '/discover';
}

export function useViewer(): Viewer {
  const state = useContext(ViewerContext);
  return useMemo(() => {
    const { user } = state;
    const subscribesTo = (artistID: string) => Boolean(user?.subscribedTo.some((entry) => entry.artistID === artistID));
    return {
      ...state,
      isMember: user?.role === 'SUBSCRIBER',
      catalogueBase: user?.role === 'SUBSCRIBER' ? '/members' : '/discover',
      subscribesTo,
      hearsInFull: (artistID) => user?.role === 'ADMIN' || subscribesTo(artistID),
      hiFiveEntryId: (songId) => user?.hiFived.find((entry) => entry.itemID === songId)?.id ?? null,
    };
  }, [state]);
}
