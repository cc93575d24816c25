import { createContext, useContext } from 'react';

/**
 * What the player needs of a song: a studio song (PublicSong) and a catalogue song (CatalogueSong) both fit.
 * artistName and artistSlug name the artist in the bar and link the preview offer to the artist page.
 */
export interface PlayableSong {
  id: string;
  title: string;
  artistID: string;
  duration: number | null;
  artistName?: string;
  artistSlug?: string;
  isFullPreview?: boolean;
  /** Cover art for the lock screen and the headset's display, when the list has one. */
  artwork?: string | null;
}

export type PlayerState = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

export interface Player {
  /** The song in the player (playing, paused, loading or failed); null when the player is closed. */
  song: PlayableSong | null;
  /** The list the song was chosen from, in its order; next and previous walk it. */
  queue: readonly PlayableSong[];
  /** Where the song is in the queue; -1 when the player is closed. */
  index: number;
  state: PlayerState;
  /** What went wrong loading the current song, when state is 'error'. */
  error: string | null;
  /**
   * Plays this song, with the list it was chosen from as the queue (starting at this song; by default just
   * the song). Call it from the click: the first call also unlocks audio for browsers that want a gesture.
   */
  play: (song: PlayableSong, queue?: readonly PlayableSong[]) => void;
  pause: () => void;
  resume: () => void;
  seek: (seconds: number) => void;
  next: () => void;
  previous: () => void;
  /** Moves a song of the queue to another place in it (the song in the player stays where it is). */
  moveInQueue: (from: number, to: number) => void;
  /** Takes a song out of the queue (not the song in the player). */
  removeFromQueue: (at: number) => void;
  /** Stops and empties the player. */
  close: () => void;
}

export const PlayerContext = createContext<Player | null>(null);

/**
 * The one player of the app; its provider is mounted once, by each area that plays (app/fan-app.tsx,
 * app/signed-in-app.tsx). This module and the provider are all a list loads: the engine, the bar, the
 * waveform and shaka-player load on the first play.
 */
export function usePlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs the PlayerProvider (app/fan-app.tsx, app/signed-in-app.tsx).');
  return player;
}

/** The id of the song that is playing now, for lists that mark it. */
export function usePlayingId(): string | null {
  const { song, state } = usePlayer();
  return state === 'playing' || state === 'loading' ? (song?.id ?? null) : null;
}
