import type { PlaybackAnswer } from '@hfm/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { fetchPlaySources } from '../api/songs/get-play-sources';
import type { EngineRefs } from './player-engine';
import type { StandbyLoad } from './player-provider';
import { attachAnswer, playbackChoiceFor } from './use-media-loader';

interface StandbyInput extends Pick<EngineRefs, 'standbyRef' | 'linkRef'> {
  /** The song after the one in the player; null at the end of the queue. */
  nextSongId: string | null;
  /** Whether the song in the player has loaded: the next one waits for it, so the two do not compete. */
  ready: boolean;
  /** Changes when the elements swap roles: the standby element is then the other one. */
  slot: number;
  /** Whether the element may go through Web Audio (media of another origin is then fetched with CORS). */
  webAudio: boolean;
}

/**
 * Gapless playback (decision 0055): once the song in the player has loaded, the next song of the queue is
 * loaded in the standby element (its play answer fetched, its media attached and buffering, paused), so the
 * provider can start it the moment the song ends. A queue edit that changes the next song drops it; so does
 * a jump elsewhere. Answers the standby song's play answer (for its loudness gain) while it is loaded.
 */
export function useStandby({ standbyRef, linkRef, nextSongId, ready, slot, webAudio }: StandbyInput) {
  const [loaded, setLoaded] = useState<{ songId: string; answer: PlaybackAnswer } | null>(null);
  const wantsCors = useEffectEvent(() => webAudio);

  useEffect(() => {
    const element = standbyRef.current;
    const link = linkRef.current;
    if (!element || !ready || !nextSongId) return;
    let cancelled = false;
    let load: StandbyLoad | null = null;
    void (async () => {
      try {
        const answer = await fetchPlaySources(nextSongId);
        await untilStill(element);
        if (cancelled) return;
        const release = await attachAnswer(element, answer, playbackChoiceFor(element, answer), wantsCors());
        if (cancelled) return release();
        load = { songId: nextSongId, element, answer, release };
        link.standby = load;
        setLoaded(load);
      } catch {
        // Nothing ahead then: the next song loads when it comes, and says then what went wrong.
      }
    })();
    return () => {
      cancelled = true;
      // Swapped in, the load is the loader's now.
      if (!load || link.standby !== load || load.playing) return;
      link.standby = null;
      load.element.pause();
      load.release();
    };
  }, [standbyRef, linkRef, nextSongId, ready, slot]);

  return loaded && loaded.songId === nextSongId ? loaded.answer : null;
}

/** The element that just handed over may still be playing out its last moment: its next media waits for that. */
function untilStill(audio: HTMLAudioElement): Promise<void> {
  if (audio.paused || audio.ended) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      audio.removeEventListener('ended', done);
      audio.removeEventListener('pause', done);
      resolve();
    };
    audio.addEventListener('ended', done);
    audio.addEventListener('pause', done);
  });
}
