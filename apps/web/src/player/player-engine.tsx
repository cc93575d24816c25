import { useEffect, useState, type RefObject } from 'react';
import { useSendListenEvent } from '../api/engagement/post-listen-event';
import type { AudioUnlock } from './audio-unlock';
import { useMediaSession } from './media-session';
import { PlayerBar } from './player-bar';
import type { Player } from './player-context';
import type { EngineLink } from './player-provider';
import { readPlayerSettings, writePlayerSettings, type PlayerSettings } from './player-settings';
import { playableEnd, useMediaLoader } from './use-media-loader';
import { useLoudness } from './use-loudness';
import { usePlaybackClock } from './use-playback-clock';
import { useSpaceKey } from './use-space-key';
import { useStandby } from './use-standby';

/** What the provider hands the engine: its refs (read in effects and handlers only) and how to report. */
export interface EngineRefs {
  /** The element playing the song; it changes when the standby element takes over (slot says which). */
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The other element, where the next song is loaded ahead (decision 0055). */
  standbyRef: RefObject<HTMLAudioElement | null>;
  linkRef: RefObject<EngineLink>;
  unlockRef: RefObject<AudioUnlock>;
}

export interface PlayerEngineProps extends EngineRefs {
  /** The provider's player, with a song in it. */
  player: Player;
  loads: number;
  /** Which of the provider's two elements plays: effects that listen to the element follow it. */
  slot: number;
  onLoadError: (message: string) => void;
  onAutoplayRefused: () => void;
}

/**
 * Everything the player does once a song is chosen, loaded on the first play (a chunk of its own, with the
 * bar and the waveform; shaka-player is a further chunk, loaded only for DASH): the media, the next song
 * loaded ahead, preview stops, even loudness, listen events, the Media Session and the keyboard.
 */
export default function PlayerEngine({
  player,
  loads,
  slot,
  onLoadError,
  onAutoplayRefused,
  ...refs
}: PlayerEngineProps) {
  const song = player.song!;
  const [settings, setSettings] = useState<PlayerSettings>(readPlayerSettings);
  useEffect(() => writePlayerSettings(settings), [settings]);

  const answer = useMediaLoader({
    ...refs,
    songId: song.id,
    loads,
    slot,
    webAudio: settings.evenLoudness,
    onLoadError,
    onAutoplayRefused,
  });
  const end = playableEnd(answer);
  const songDuration = answer?.duration ?? song.duration ?? null;
  const sendListen = useSendListenEvent();
  const time = usePlaybackClock({
    ...refs,
    player,
    slot,
    loadKey: answer,
    playableSeconds: end ?? songDuration,
    onListen: (songId) => sendListen.mutate(songId),
  });
  const standby = useStandby({
    ...refs,
    nextSongId: player.queue[player.index + 1]?.id ?? null,
    ready: answer !== null,
    slot,
    webAudio: settings.evenLoudness,
  });
  useLoudness({ ...refs, slot, gainDb: answer?.gainDb ?? 0, settings });
  useLoudness({ ...refs, audioRef: refs.standbyRef, slot, gainDb: standby?.gainDb ?? 0, settings });
  useMediaSession({ ...refs, slot, song, player });
  const playing = player.state === 'playing' || player.state === 'loading';
  useSpaceKey(playing ? player.pause : player.resume);

  const changeSettings = (change: Partial<PlayerSettings>) => {
    // Switching even loudness on is a click: the moment an AudioContext may be made and started.
    if (change.evenLoudness) refs.unlockRef.current.unlock(refs.audioRef.current, true);
    setSettings((current) => ({ ...current, ...change }));
  };

  return (
    <PlayerBar
      player={player}
      time={time.current}
      songDuration={songDuration ?? time.duration}
      playableEnd={answer ? end : null}
      seekBy={(seconds) => player.seek((refs.audioRef.current?.currentTime ?? 0) + seconds)}
      settings={settings}
      onSettingsChange={changeSettings}
    />
  );
}
