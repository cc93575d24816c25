import type { PlayableSong } from './player-context';

/** Where the tab keeps its player across reloads (sessionStorage: this tab only, gone when it closes). */
export const PLAYER_MEMORY_KEY = 'hfm.player.queue';

/**
 * What a sign-out leaves in the key: the page being left (its pagehide) does not write the player back, and
 * the next page that plays starts with none; reading it clears it.
 */
const SIGNED_OUT = '{"signedOut":true}';

/** The player as a reload finds it: the queue, the song in it and how far into that song it was. */
export interface RememberedPlayer {
  queue: PlayableSong[];
  index: number;
  /** Seconds into the song. */
  position: number;
}

/** Only what the player needs of a song: lists hand it bigger objects (counts, dates) it has no use for. */
function playableOf(song: PlayableSong): PlayableSong {
  const { id, title, artistID, duration, artistName, artistSlug, isFullPreview, artwork } = song;
  return { id, title, artistID, duration, artistName, artistSlug, isFullPreview, artwork };
}

function isPlayable(value: unknown): value is PlayableSong {
  if (!value || typeof value !== 'object') return false;
  const song = value as Record<string, unknown>;
  return (
    typeof song.id === 'string' &&
    typeof song.title === 'string' &&
    typeof song.artistID === 'string' &&
    (song.duration === null || typeof song.duration === 'number')
  );
}

/** The player this tab had before the reload; null when it had none (or what is stored does not parse). */
export function readRememberedPlayer(): RememberedPlayer | null {
  try {
    const raw = window.sessionStorage.getItem(PLAYER_MEMORY_KEY);
    if (raw === SIGNED_OUT) {
      window.sessionStorage.removeItem(PLAYER_MEMORY_KEY);
      return null;
    }
    const stored = JSON.parse(raw ?? 'null') as Partial<Record<keyof RememberedPlayer, unknown>> | null;
    if (!stored || !Array.isArray(stored.queue) || !stored.queue.every(isPlayable)) return null;
    const { queue, index, position } = stored;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= queue.length) return null;
    return { queue, index, position: typeof position === 'number' && position > 0 ? position : 0 };
  } catch {
    return null;
  }
}

export function rememberPlayer({ queue, index, position }: RememberedPlayer): void {
  try {
    if (window.sessionStorage.getItem(PLAYER_MEMORY_KEY) === SIGNED_OUT) return;
    window.sessionStorage.setItem(
      PLAYER_MEMORY_KEY,
      JSON.stringify({ queue: queue.map(playableOf), index, position: Math.round(position * 10) / 10 }),
    );
  } catch {
    // Storage refused (a private mode, or full): the player just does not come back after a reload.
  }
}

export function forgetPlayer(): void {
  try {
    window.sessionStorage.removeItem(PLAYER_MEMORY_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Signing out (Sign out, or a 401 sending the browser to /login): the tab forgets the player, so whoever
 * signs in next in this tab does not find the last listener's queue, song and place.
 */
export function forgetPlayerOnSignOut(): void {
  try {
    window.sessionStorage.setItem(PLAYER_MEMORY_KEY, SIGNED_OUT);
  } catch {
    // Storage refused: nothing was kept either.
  }
}
