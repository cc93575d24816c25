import type { PublicSong } from '@hfm/shared';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/server-errors';
import { fetchPlaySources } from '../api/songs/get-play-sources';
import { attachPlayback, canPlayNativeHls, choosePlayback } from './playback';
import { PlayerContext, type Player, type PlayerState } from './player-context';

/** 'Previous' within this many seconds of the start goes to the song before; later it restarts the song. */
const RESTART_AFTER_SECONDS = 3;

/**
 * Owns the app's one audio element and what it plays: native HLS where the browser plays it, DASH through
 * shaka-player (loaded only then) elsewhere, the preview file otherwise, and a queue for next/previous.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [queue, setQueue] = useState<PublicSong[]>([]);
  const [index, setIndex] = useState(-1);
  const [state, setState] = useState<PlayerState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  /** Counts loads, so playing the same song again after an error (or twice in a queue) loads it anew. */
  const [loads, setLoads] = useState(0);
  const song = queue[index] ?? null;
  const songId = song?.id ?? null;

  useEffect(() => {
    const audio = audioRef.current;
    if (!songId || !audio) return;
    let release: (() => void) | null = null;
    let cancelled = false;
    const fail = (reason: unknown) => {
      if (cancelled) return;
      setState('error');
      setError(errorMessage(reason));
    };
    void (async () => {
      try {
        const sources = await fetchPlaySources(songId);
        const choice = choosePlayback(sources, canPlayNativeHls(audio));
        if (!choice) throw new Error('This song has nothing to play yet.');
        if (cancelled) return;
        release = await attachPlayback(audio, choice, sources.preview);
        if (cancelled) return release();
        await audio.play().catch(() => !cancelled && setState('paused'));
      } catch (reason) {
        fail(reason);
      }
    })();
    return () => {
      cancelled = true;
      audio.pause();
      release?.();
    };
  }, [songId, loads]);

  const player = useMemo<Player>(() => {
    const audio = () => audioRef.current;
    const goTo = (nextQueue: PublicSong[], nextIndex: number) => {
      setQueue(nextQueue);
      setIndex(nextIndex);
      setState('loading');
      setError(null);
      setTime({ current: 0, duration: 0 });
      setLoads((count) => count + 1);
    };
    /** Plays on from where it paused; after an error, loads the song again. */
    const resume = () => {
      if (state === 'error') return goTo(queue, index);
      void audio()
        ?.play()
        .catch(() => setState('paused'));
    };
    return {
      song,
      queue,
      state,
      error,
      time,
      play: (next, list = [next]) => {
        if (next.id === songId && state !== 'error') return resume();
        const position = list.findIndex((entry) => entry.id === next.id);
        if (position >= 0) goTo(list, position);
        else goTo([next], 0);
      },
      pause: () => audio()?.pause(),
      resume,
      seek: (seconds) => {
        const element = audio();
        if (element) element.currentTime = seconds;
      },
      next: () => {
        if (index < queue.length - 1) goTo(queue, index + 1);
      },
      previous: () => {
        const element = audio();
        if (element && (element.currentTime > RESTART_AFTER_SECONDS || index === 0)) element.currentTime = 0;
        else if (index > 0) goTo(queue, index - 1);
      },
      close: () => {
        setQueue([]);
        setIndex(-1);
        setState('idle');
        setError(null);
      },
    };
  }, [song, songId, queue, index, state, error, time]);

  return (
    <PlayerContext.Provider value={player}>
      {children}
      <audio
        ref={audioRef}
        data-testid="player-audio"
        onPlay={() => setState('playing')}
        onPause={() => setState((current) => (current === 'playing' ? 'paused' : current))}
        onEnded={() => (index < queue.length - 1 ? player.next() : setState('paused'))}
        onTimeUpdate={(event) =>
          setTime({ current: event.currentTarget.currentTime, duration: event.currentTarget.duration || 0 })
        }
      />
    </PlayerContext.Provider>
  );
}
