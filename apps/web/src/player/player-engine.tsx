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

/** What the provider hands the engine: its refs (read in effects and handlers only) and how to report. */
export interface EngineRefs {
  audioRef: RefObject<HTMLAudioElement | null>;
  linkRef: RefObject<EngineLink>;
  unlockRef: RefObject<AudioUnlock>;
}

export interface PlayerEngineProps extends EngineRefs {
  /** The provider's player, with a song in it. */
  player: Player;
  loads: number;
  onLoadError: (message: string) => void;
  onAutoplayRefused: () => void;
}

/**
 * Everything the player does once a song is chosen, loaded on the first play (a chunk of its own, with the
 * bar and the waveform; shaka-player is a further chunk, loaded only for DASH): the media, preview stops,
 * even loudness, listen events, the Media Session and the keyboard.
 */
export default function PlayerEngine({ player, loads, onLoadError, onAutoplayRefused, ...refs }: PlayerEngineProps) {
  const song = player.song!;
  const [settings, setSettings] = useState<PlayerSettings>(readPlayerSettings);
  useEffect(() => writePlayerSettings(settings), [settings]);

  const answer = useMediaLoader({
    ...refs,
    songId: song.id,
    loads,
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
    loadKey: answer,
    playableSeconds: end ?? songDuration,
    onListen: (songId) => sendListen.mutate(songId),
  });
  useLoudness({ ...refs, gainDb: answer?.gainDb ?? 0, settings });
  useMediaSession({ ...refs, song, player });
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
