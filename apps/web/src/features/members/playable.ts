import type { CatalogueSong } from '@hfm/shared';
import { useCallback } from 'react';
import { usePlayer, usePlayingId, type PlayableSong } from '../../player/player-context';

/**
 * What a song row needs: what the player plays, with the artist named and linked: a catalogue song, or a
 * song found by search (which carries no counts, nor what HFM Radio and HFM Picks open up).
 */
export type ListSong = PlayableSong &
  Pick<CatalogueSong, 'artistName' | 'artistSlug' | 'isFullPreview'> &
  Partial<Pick<CatalogueSong, 'hifives' | 'explicit' | 'playsInFull' | 'freeToKeep'>>;

/**
 * Play and pause from a list: a song starts the player with the list it was chosen in as the queue (so
 * next/previous walk that list, starting at the chosen song); the playing song's button pauses it.
 */
export function usePlayFromList(songs: readonly ListSong[]) {
  const player = usePlayer();
  const playingId = usePlayingId();
  const toggle = useCallback(
    (song: ListSong) => {
      if (song.id === playingId) return player.pause();
      player.play(song, songs);
    },
    [player, playingId, songs],
  );
  return { playingId, toggle };
}
