import type { PlaybackAnswer } from '@hfm/shared';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { AudioUnlock } from './audio-unlock';
import { PlayerContext, type PlayableSong, type Player, type PlayerState } from './player-context';
import { forgetPlayer, readRememberedPlayer, rememberPlayer } from './player-memory';
import { readPlayerSettings } from './player-settings';

/** The media, the bar, the waveform: a chunk of their own, loaded on the first play. */
const PlayerEngine = lazy(() => import('./player-engine'));

/** An element this near its end when the next song takes over plays its last moment out rather than being cut. */
export const PLAYS_OUT_SECONDS = 0.05;

/** 'Previous' within this many seconds of the start goes to the song before; later it restarts the song. */
const RESTART_AFTER_SECONDS = 3;

/** What the engine tells the provider about the loaded song, and the provider the engine, without re-renders. */
export interface EngineLink {
  /** Where this listener's song ends (a preview's playable seconds); null when they hear it all. */
  playableEnd: number | null;
  /** Whether the loaded song should start by itself (false once paused while it was still loading). */
  autoplay: boolean;
  /** Called before the provider moves the position, so the jump is not counted as listening. */
  onSeek: () => void;
  /** Where the loaded song starts (a song brought back after a reload starts where it was); 0 from the start. */
  startAt: number;
  /** The next song, loaded by the engine in the standby element; it becomes the song by a swap of the elements. */
  standby: StandbyLoad | null;
}

/** A song's media attached to the standby element (buffering, paused), ready to play the moment it is wanted. */
export interface StandbyLoad {
  songId: string;
  element: HTMLAudioElement;
  answer: PlaybackAnswer;
  /** Lets go of the media (shaka-player or the src). */
  release: () => void;
  /** Set when the provider swapped it in: it plays now, and the loader takes it over. */
  playing?: boolean;
}

/** Two elements take turns (gapless playback, decision 0055): the one playing, and the next song's, loaded. */
type Slot = 0 | 1;

/**
 * The app's one player: the queue, its two audio elements and its state. Kept small, as every page that plays
 * loads it (the public site and /login do not); the engine that plays (and shows the bar) is mounted with
 * the first song. One element plays the song (audioRef); the other holds the next song, loaded by the
 * engine, and takes over without a gap when the song ends (or Next is pressed): the elements swap roles.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [slots] = useState(() => new Slots());
  /** The slot playing, as state too: the engine's effects follow the element in it. */
  const [active, setActive] = useState<Slot>(0);
  const { audioRef, standbyRef } = slots;
  const unlockRef = useRef(new AudioUnlock());
  // A reload brings the tab's player back paused where it was: browsers refuse to play before a click.
  const [remembered] = useState(readRememberedPlayer);
  const linkRef = useRef<EngineLink>({
    playableEnd: null,
    autoplay: !remembered,
    onSeek: () => {},
    startAt: remembered?.position ?? 0,
    standby: null,
  });
  const [queue, setQueue] = useState<readonly PlayableSong[]>(remembered?.queue ?? []);
  const [index, setIndex] = useState(remembered?.index ?? -1);
  const [state, setState] = useState<PlayerState>(remembered ? 'paused' : 'idle');
  const [error, setError] = useState<string | null>(null);
  /** Counts loads, so playing the same song again after an error (or twice in a queue) loads it anew. */
  const [loads, setLoads] = useState(0);
  const song = queue[index] ?? null;

  const player = useMemo<Player>(() => {
    const audio = () => audioRef.current;
    const link = () => linkRef.current;
    /** Inside the listener's click: lets Safari play later, and starts Web Audio when loudness wants it. */
    const gesture = () => {
      unlockRef.current.unlock(standbyRef.current, false);
      return unlockRef.current.unlock(audio(), readPlayerSettings().evenLoudness);
    };
    const goTo = (nextQueue: readonly PlayableSong[], nextIndex: number) => {
      link().autoplay = true;
      link().playableEnd = null;
      link().startAt = 0;
      setQueue(nextQueue);
      setIndex(nextIndex);
      setState('loading');
      setError(null);
      setLoads((count) => count + 1);
      if (handsOverTo(link().standby, standbyRef.current, nextQueue[nextIndex])) swapToStandby();
    };
    /**
     * The standby element holds the song now wanted: it plays at once (inside the ended event or the click, not
     * after a render), and the elements swap roles; the engine's loader takes its media over (decision 0055).
     */
    const swapToStandby = () => {
      const [leaving, coming] = [audio(), standbyRef.current!];
      link().standby!.playing = true;
      setActive(slots.swap());
      if (leaving && !(leaving.duration - leaving.currentTime <= PLAYS_OUT_SECONDS)) leaving.pause();
      void coming.play().catch(() => {});
    };
    const moveTo = (seconds: number) => {
      const element = audio();
      if (!element) return;
      link().onSeek();
      element.currentTime = seconds;
    };
    /** Plays on from where it paused; from the start after the end (or a preview's end); after an error, loads again. */
    const resume = () => {
      gesture();
      if (state === 'error') return goTo(queue, index);
      const element = audio();
      if (!element) return;
      const { playableEnd } = link();
      link().autoplay = true;
      if (playableEnd !== null && element.currentTime >= playableEnd - 0.05) moveTo(0);
      void element.play().catch((reason: unknown) => {
        if ((reason as Error | null)?.name !== 'AbortError') setState('paused');
      });
    };
    return {
      song,
      queue,
      index,
      state,
      error,
      play: (next, list = [next]) => {
        gesture();
        const position = list.findIndex((entry) => entry.id === next.id);
        const [nextQueue, nextIndex] = position >= 0 ? [list, position] : [[next], 0];
        if (next.id !== song?.id || state === 'error') return goTo(nextQueue, nextIndex);
        // The song in the player, chosen again (perhaps from another list): that list becomes the queue.
        setQueue(nextQueue);
        setIndex(nextIndex);
        resume();
      },
      pause: () => {
        link().autoplay = false;
        if (state === 'loading') setState('paused');
        audio()?.pause();
      },
      resume,
      seek: (seconds) => {
        const element = audio();
        if (!element) return;
        const known = Number.isFinite(element.duration) ? element.duration : Infinity;
        moveTo(Math.max(0, Math.min(seconds, link().playableEnd ?? known)));
      },
      next: () => {
        if (index < queue.length - 1) goTo(queue, index + 1);
      },
      previous: () => {
        const element = audio();
        if (element && (element.currentTime > RESTART_AFTER_SECONDS || index <= 0)) moveTo(0);
        else if (index > 0) goTo(queue, index - 1);
      },
      moveInQueue: (from, to) => {
        const moved = [...queue];
        const [song] = moved.splice(from, 1);
        if (!song || from === index || to === index || to < 0 || to >= queue.length) return;
        moved.splice(to, 0, song);
        setQueue(moved);
        // The playing song keeps its place in what is played: a song moved across it moves the index.
        if (from < index && to > index) setIndex(index - 1);
        else if (from > index && to < index) setIndex(index + 1);
      },
      removeFromQueue: (at) => {
        if (at === index || at < 0 || at >= queue.length) return;
        setQueue(queue.filter((_, position) => position !== at));
        if (at < index) setIndex(index - 1);
      },
      close: () => {
        forgetPlayer();
        setQueue([]);
        setIndex(-1);
        setState('idle');
        setError(null);
      },
    };
  }, [song, queue, index, state, error, slots, audioRef, standbyRef]);

  useRememberedPlayer(audioRef, linkRef, queue, index);

  /** The standby element's events are not the player's: it is only loading the next song. */
  const fromPlaying = (event: SyntheticEvent<HTMLAudioElement>) => event.currentTarget === audioRef.current;
  const element = (slot: Slot) => (
    <audio
      ref={(node) => slots.hold(slot, node)}
      // The element playing is the one tests (and other pages' browser tests) find.
      data-testid={active === slot ? 'player-audio' : 'player-standby-audio'}
      preload="auto"
      onPlay={(event) => fromPlaying(event) && setState('playing')}
      onPause={(event) => fromPlaying(event) && setState((current) => (current === 'playing' ? 'paused' : current))}
      // The playback clock steps on to the next song (once per load); the last one stays paused at its end.
      onEnded={(event) => fromPlaying(event) && setState((current) => (current === 'playing' ? 'paused' : current))}
      onError={(event) => {
        // Only a failure of the media in use: an empty element (between songs, or after close) is not one.
        if (!fromPlaying(event) || !event.currentTarget.getAttribute('src') || state === 'idle') return;
        setState('error');
        setError('This song could not be played. Try again.');
      }}
    />
  );

  return (
    <PlayerContext.Provider value={player}>
      {children}
      {element(0)}
      {element(1)}
      {song && (
        <Suspense fallback={null}>
          <PlayerEngine
            audioRef={audioRef}
            standbyRef={standbyRef}
            slot={active}
            player={player}
            loads={loads}
            linkRef={linkRef}
            unlockRef={unlockRef}
            onLoadError={(message) => {
              setState('error');
              setError(message);
            }}
            onAutoplayRefused={() => setState('paused')}
          />
        </Suspense>
      )}
    </PlayerContext.Provider>
  );
}

/** The two elements and which one plays; audioRef and standbyRef are refs that follow the swaps. */
class Slots {
  private elements: [HTMLAudioElement | null, HTMLAudioElement | null] = [null, null];
  private active: Slot = 0;
  readonly audioRef: RefObject<HTMLAudioElement | null>;
  readonly standbyRef: RefObject<HTMLAudioElement | null>;

  constructor() {
    const elements = () => this.elements;
    const active = () => this.active;
    this.audioRef = {
      get current() {
        return elements()[active()];
      },
    };
    this.standbyRef = {
      get current() {
        return elements()[active() === 0 ? 1 : 0];
      },
    };
  }

  hold(slot: Slot, element: HTMLAudioElement | null) {
    this.elements[slot] = element;
  }

  /** The standby element becomes the one playing; answers its slot. */
  swap(): Slot {
    this.active = this.active === 0 ? 1 : 0;
    return this.active;
  }
}

/** Whether the song now wanted is the one loaded in the standby element (its media attached, ready to play). */
export function handsOverTo(
  standby: StandbyLoad | null,
  standbyElement: HTMLAudioElement | null,
  wanted: PlayableSong | undefined,
): boolean {
  return standby !== null && standby.element === standbyElement && standby.songId === wanted?.id;
}

/** Keeps the queue, the song and its position in the tab's session, for the next load of the page. */
function useRememberedPlayer(
  audioRef: RefObject<HTMLAudioElement | null>,
  linkRef: RefObject<EngineLink>,
  queue: readonly PlayableSong[],
  index: number,
) {
  useEffect(() => {
    if (index < 0) return;
    // Until a brought-back song has loaded, its position is the one it is to start at.
    const position = () => linkRef.current.startAt || (audioRef.current?.currentTime ?? 0);
    const remember = () => rememberPlayer({ queue: [...queue], index, position: position() });
    const rememberWhenHidden = () => {
      if (document.visibilityState === 'hidden') remember();
    };
    remember();
    // A reload, a closed tab or a phone putting the tab away: the position as it is then.
    window.addEventListener('pagehide', remember);
    document.addEventListener('visibilitychange', rememberWhenHidden);
    return () => {
      window.removeEventListener('pagehide', remember);
      document.removeEventListener('visibilitychange', rememberWhenHidden);
    };
  }, [audioRef, linkRef, queue, index]);
}
