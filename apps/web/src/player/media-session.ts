import { useEffect, useEffectEvent } from 'react';
import type { EngineRefs } from './player-engine';
import type { PlayableSong, Player } from './player-context';

/** How far the headset's and lock screen's skip buttons jump when they do not say. */
export const MEDIA_SESSION_SKIP_SECONDS = 10;

const ACTIONS = [
  'play',
  'pause',
  'previoustrack',
  'nexttrack',
  'seekto',
  'seekbackward',
  'seekforward',
] as const satisfies readonly MediaSessionAction[];

function mediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

interface MediaSessionInput extends Pick<EngineRefs, 'audioRef' | 'linkRef'> {
  /** Changes when the elements swap roles: the position then follows the other element. */
  slot: number;
  song: PlayableSong;
  player: Player;
}

/**
 * The Media Session API: title, artist and artwork on the lock screen and in the headset's display, its
 * buttons (and the keyboard's media keys) driving the player, and the position shown there.
 */
export function useMediaSession({ audioRef, linkRef, slot, song, player }: MediaSessionInput) {
  const act = useEffectEvent((action: (player: Player) => void) => action(player));

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    const artwork = song.artwork ? [{ src: song.artwork }] : [];
    const metadata = { title: song.title, artist: song.artistName ?? '', album: '', artwork };
    session.metadata = typeof MediaMetadata === 'undefined' ? (metadata as MediaMetadata) : new MediaMetadata(metadata);
    return () => {
      session.metadata = null;
    };
  }, [song.title, song.artistName, song.artwork]);

  useEffect(() => {
    const session = mediaSession();
    const audio = audioRef.current;
    if (!session || !audio) return;
    const seekBy = (seconds: number) => act((player) => player.seek(audio.currentTime + seconds));
    const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
      play: () => act((player) => player.resume()),
      pause: () => act((player) => player.pause()),
      previoustrack: () => act((player) => player.previous()),
      nexttrack: () => act((player) => player.next()),
      seekto: (details) => {
        if (details.seekTime !== undefined) act((player) => player.seek(details.seekTime!));
      },
      seekbackward: (details) => seekBy(-(details.seekOffset ?? MEDIA_SESSION_SKIP_SECONDS)),
      seekforward: (details) => seekBy(details.seekOffset ?? MEDIA_SESSION_SKIP_SECONDS),
    };
    for (const action of ACTIONS) setHandler(session, action, handlers[action]);

    const updatePosition = () => {
      const duration = linkRef.current.playableEnd ?? audio.duration;
      if (!session.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
      try {
        session.setPositionState({
          duration,
          playbackRate: audio.playbackRate || 1,
          position: Math.min(Math.max(0, audio.currentTime), duration),
        });
      } catch {
        // A browser refusing odd numbers mid-load is no reason to stop playing.
      }
    };
    const events = ['durationchange', 'loadedmetadata', 'play', 'pause', 'seeked', 'ratechange'];
    for (const event of events) audio.addEventListener(event, updatePosition);
    updatePosition();
    return () => {
      for (const event of events) audio.removeEventListener(event, updatePosition);
      for (const action of ACTIONS) setHandler(session, action, null);
      session.playbackState = 'none';
    };
  }, [audioRef, linkRef, slot]);

  const playing = player.state === 'playing';
  useEffect(() => {
    const session = mediaSession();
    if (session) session.playbackState = playing ? 'playing' : 'paused';
  }, [playing]);
}

/** Browsers throw for actions they do not know (older ones lack seekto): those buttons just do not show. */
function setHandler(session: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // Not supported here.
  }
}
