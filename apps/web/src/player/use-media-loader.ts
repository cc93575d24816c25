import { MAX_PREVIEW_SECONDS, type PlaybackAnswer } from '@hfm/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../api/server-errors';
import { fetchPlaySources } from '../api/songs/get-play-sources';
import { isCrossOrigin } from './loudness';
import { attachPlayback, canPlayNativeHls, choosePlayback } from './playback';
import type { EngineRefs } from './player-engine';
import type { EngineLink } from './player-provider';

/** Where this listener's song ends: null when they hear it in full, else the preview's playable seconds (at most 45). */
export function playableEnd(answer: PlaybackAnswer | null): number | null {
  if (!answer || answer.full) return null;
  return Math.min(answer.playableSeconds ?? MAX_PREVIEW_SECONDS, MAX_PREVIEW_SECONDS);
}

interface MediaLoaderInput extends EngineRefs {
  songId: string;
  /** Bumped by the provider for every load, so the same song played again loads anew. */
  loads: number;
  /** Whether the element may go through Web Audio: then media from another origin is fetched with CORS. */
  webAudio: boolean;
  onLoadError: (message: string) => void;
  onAutoplayRefused: () => void;
}

/**
 * Asks the server what this listener may hear (GET /api/songs/{id}/play), points the audio element at it
 * (native HLS, DASH through shaka-player, or the preview) and plays. Answers the play answer once loaded.
 */
export function useMediaLoader({ audioRef, linkRef, songId, loads, webAudio, ...report }: MediaLoaderInput) {
  const [loaded, setLoaded] = useState<{ songId: string; loads: number; answer: PlaybackAnswer } | null>(null);
  const onLoadError = useEffectEvent(report.onLoadError);
  const onAutoplayRefused = useEffectEvent(report.onAutoplayRefused);
  const wantsCors = useEffectEvent(() => webAudio);

  useEffect(() => {
    const audio = audioRef.current;
    const link = linkRef.current;
    if (!audio) return;
    let release: (() => void) | null = null;
    let cancelled = false;
    link.playableEnd = null;
    void (async () => {
      try {
        const answer = await fetchPlaySources(songId);
        if (cancelled) return;
        const choice = choosePlayback(answer, canPlayNativeHls(audio));
        if (!choice) throw new Error('This song has nothing to play yet.');
        link.playableEnd = playableEnd(answer);
        setLoaded({ songId, loads, answer });
        const urls = [choice.url, answer.preview].filter((url): url is string => url !== null);
        // Native HLS fetches its segments itself, and on S3 our route redirects them to the bucket (decision 0031).
        const mayLeaveOrigin = choice.kind === 'hls' || urls.some(isCrossOrigin);
        if (wantsCors() && mayLeaveOrigin) audio.crossOrigin = 'anonymous';
        else audio.removeAttribute('crossorigin');
        release = await attachPlayback(audio, choice, answer.preview);
        if (cancelled) return release();
        startWhereItWas(audio, link);
        if (!link.autoplay) return;
        await audio.play().catch((reason: unknown) => {
          // Superseded by another load (AbortError) is no refusal; anything else leaves the song paused.
          if (!cancelled && (reason as Error | null)?.name !== 'AbortError') onAutoplayRefused();
        });
      } catch (reason) {
        if (!cancelled) onLoadError(errorMessage(reason));
      }
    })();
    return () => {
      cancelled = true;
      audio.pause();
      release?.();
    };
  }, [audioRef, linkRef, songId, loads]);

  return loaded && loaded.songId === songId && loaded.loads === loads ? loaded.answer : null;
}

/** A song brought back after a reload starts where it was (once its length is known, so the jump holds). */
function startWhereItWas(audio: HTMLAudioElement, link: EngineLink) {
  const { startAt } = link;
  if (startAt <= 0) return;
  const jump = () => {
    // Another song chosen meanwhile starts from its start (goTo set startAt to 0).
    if (link.startAt !== startAt) return;
    link.startAt = 0;
    link.onSeek();
    audio.currentTime = Math.min(startAt, link.playableEnd ?? Infinity);
  };
  if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) jump();
  else audio.addEventListener('loadedmetadata', jump, { once: true });
}
