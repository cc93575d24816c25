import { MAX_PREVIEW_SECONDS, type PlaybackAnswer } from '@hfm/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../api/server-errors';
import { fetchPlaySources } from '../api/songs/get-play-sources';
import { isCrossOrigin } from './loudness';
import { attachPlayback, choosePlayback, prefersNativeHls, type PlaybackChoice } from './playback';
import type { EngineRefs } from './player-engine';
import { PLAYS_OUT_SECONDS, type EngineLink, type StandbyLoad } from './player-provider';

/** Where this listener's song ends: null when they hear it in full, else the preview's playable seconds (at most 45). */
export function playableEnd(answer: PlaybackAnswer | null): number | null {
  if (!answer || answer.full) return null;
  return Math.min(answer.playableSeconds ?? MAX_PREVIEW_SECONDS, MAX_PREVIEW_SECONDS);
}

interface MediaLoaderInput extends EngineRefs {
  songId: string;
  /** Bumped by the provider for every load, so the same song played again loads anew. */
  loads: number;
  /** Changes when the elements swap roles: the standby element, with the song loaded, becomes the one playing. */
  slot: number;
  /** Whether the element may go through Web Audio: then media from another origin is fetched with CORS. */
  webAudio: boolean;
  onLoadError: (message: string) => void;
  onAutoplayRefused: () => void;
}

/** What the element plays of a play answer; throws when there is nothing yet (no stream and no preview). */
export function playbackChoiceFor(audio: HTMLAudioElement, answer: PlaybackAnswer): PlaybackChoice {
  const choice = choosePlayback(answer, prefersNativeHls(audio));
  if (!choice) throw new Error('This song has nothing to play yet.');
  return choice;
}

/**
 * Points the element at the choice, fetched with CORS when Web Audio is to hear media that may come from
 * another origin. Answers how to let go of it.
 */
export function attachAnswer(
  audio: HTMLAudioElement,
  answer: PlaybackAnswer,
  choice: PlaybackChoice,
  webAudio: boolean,
): Promise<() => void> {
  const urls = [choice.url, answer.preview].filter((url): url is string => url !== null);
  // Native HLS fetches its segments itself, and on S3 our route redirects them to the bucket (decision 0031).
  const mayLeaveOrigin = choice.kind === 'hls' || urls.some(isCrossOrigin);
  if (webAudio && mayLeaveOrigin) audio.crossOrigin = 'anonymous';
  else audio.removeAttribute('crossorigin');
  return attachPlayback(audio, choice, answer.preview);
}

/** The standby load of this song in this element, taken over (the provider swapped the elements to it). */
function takeStandby(link: EngineLink, audio: HTMLAudioElement, songId: string): StandbyLoad | null {
  const standby = link.standby;
  if (!standby || standby.element !== audio || standby.songId !== songId) return null;
  link.standby = null;
  return standby;
}

/**
 * Asks the server what this listener may hear (GET /api/songs/{id}/play), points the audio element at it
 * (native HLS, DASH through shaka-player, or the preview) and plays; or takes over the song loaded ahead in
 * the element that is now the one playing. Answers the play answer once loaded.
 */
export function useMediaLoader({ audioRef, linkRef, songId, loads, slot, webAudio, ...report }: MediaLoaderInput) {
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
    const standby = takeStandby(link, audio, songId);
    if (standby) release = standby.release;
    void (async () => {
      try {
        const answer = standby?.answer ?? (await fetchPlaySources(songId));
        if (cancelled) return;
        const choice = standby ? null : playbackChoiceFor(audio, answer);
        link.playableEnd = playableEnd(answer);
        setLoaded({ songId, loads, answer });
        if (choice) release = await attachAnswer(audio, answer, choice, wantsCors());
        // A load cancelled while attaching lets go itself; a taken-over one is let go by the clean-up.
        if (cancelled) return standby ? undefined : release?.();
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
      afterPlayingOut(audio, () => release?.());
    };
  }, [audioRef, linkRef, songId, loads, slot]);

  return loaded && loaded.songId === songId && loaded.loads === loads ? loaded.answer : null;
}

/**
 * Stops the element and lets its media go; one that handed over at its very end (the next song is already
 * playing in the other element) first plays its last moment out, so it is not cut.
 */
function afterPlayingOut(audio: HTMLAudioElement, letGo: () => void) {
  const left = audio.duration - audio.currentTime;
  if (audio.paused || audio.ended || !(left <= PLAYS_OUT_SECONDS)) {
    audio.pause();
    return letGo();
  }
  const done = () => {
    clearTimeout(backstop);
    audio.removeEventListener('ended', done);
    audio.removeEventListener('pause', done);
    audio.pause();
    letGo();
  };
  const backstop = setTimeout(done, (left + 0.5) * 1000);
  audio.addEventListener('ended', done);
  audio.addEventListener('pause', done);
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
