import type { PublicSong } from '@hfm/shared';
import { createContext, useContext } from 'react';

export type PlayerState = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

export interface Player {
  /** The song in the player (playing, paused, loading or failed); null when the player is closed. */
  song: PublicSong | null;
  queue: PublicSong[];
  state: PlayerState;
  /** What went wrong loading the current song, when state is 'error'. */
  error: string | null;
  /** Seconds into the song, and its length once known. */
  time: { current: number; duration: number };
  /** Plays this song, with the list it is part of as the queue for next/previous (by default just the song). */
  play: (song: PublicSong, queue?: PublicSong[]) => void;
  pause: () => void;
  resume: () => void;
  seek: (seconds: number) => void;
  next: () => void;
  previous: () => void;
  /** Stops and empties the player. */
  close: () => void;
}

export const PlayerContext = createContext<Player | null>(null);

/** The one player of the app; its provider is mounted once, in app/providers.tsx. */
export function usePlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs the PlayerProvider (app/providers.tsx).');
  return player;
}

/** The id of the song that is playing now, for lists that mark it. */
export function usePlayingId(): string | null {
  const { song, state } = usePlayer();
  return state === 'playing' || state === 'loading' ? (song?.id ?? null) : null;
}
