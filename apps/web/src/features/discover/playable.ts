import type { CatalogueSong } from '@hfm/shared';
import { useCallback } from 'react';
import { usePlayer, usePlayingId, type Player } from '../../player/player-context';

/** What a song row needs: a catalogue song, or a song found by search (which carries no counts). */
export type ListSong = Pick<
  CatalogueSong,
  'id' | 'title' | 'artistID' | 'artistName' | 'artistSlug' | 'duration' | 'isFullPreview'
> &
  Partial<Pick<CatalogueSong, 'hifives' | 'explicit'>>;

type PlayerSong = Parameters<Player['play']>[0];

/** The player takes catalogue songs (id, title, artistID, duration, artistName, artistSlug, isFullPreview). */
function toPlayerSong(song: ListSong): PlayerSong {
  return song as unknown as PlayerSong;
}

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
      player.play(toPlayerSong(song), songs.map(toPlayerSong));
    },
    [player, playingId, songs],
  );
  return { playingId, toggle };
}
