import { useEffect } from 'react';
import { applyOutputLevels, audioGraphOf, connectAudioGraph, isCrossOrigin, outputLevels } from './loudness';
import type { EngineRefs } from './player-engine';
import type { PlayerSettings } from './player-settings';

/** Web Audio hears silence from media of another origin fetched without CORS: such a source waits for the next load. */
function graphCanHear(audio: HTMLAudioElement): boolean {
  const src = audio.currentSrc || audio.getAttribute('src') || '';
  return !src || audio.crossOrigin === 'anonymous' || !isCrossOrigin(src);
}

interface LoudnessInput extends Pick<EngineRefs, 'audioRef' | 'unlockRef'> {
  /** Changes when the elements swap roles: audioRef then names the other element. */
  slot: number;
  /** The play answer's gain toward -14 LUFS. */
  gainDb: number;
  settings: PlayerSettings;
}

/**
 * Even loudness: the song's gain through a GainNode once an AudioContext runs (made in the listener's click
 * by AudioUnlock), together with the volume; without Web Audio the element's volume turns loud songs down
 * and leaves quiet ones as they are. Switched off, the gain is the volume alone. Each of the two elements has
 * its own graph and gain: the standby one is set for the next song before it plays.
 */
export function useLoudness({ audioRef, unlockRef, slot, gainDb, settings }: LoudnessInput) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let graph = audioGraphOf(audio);
    const apply = () => applyOutputLevels(audio, graph, outputLevels(settings, gainDb, graph !== null));
    const connect = () => {
      if (graph || !settings.evenLoudness) return;
      const context = unlockRef.current.current();
      if (context?.state !== 'running' || !graphCanHear(audio)) return;
      graph = connectAudioGraph(audio, context);
      apply();
    };
    // A phone call or a locked screen may suspend the context; playing again wakes it.
    const wake = () => {
      if (graph && graph.context.state !== 'running') void graph.context.resume().catch(() => {});
      connect();
    };
    apply();
    connect();
    const context = unlockRef.current.current();
    context?.addEventListener('statechange', connect);
    audio.addEventListener('loadstart', connect);
    audio.addEventListener('play', wake);
    return () => {
      context?.removeEventListener('statechange', connect);
      audio.removeEventListener('loadstart', connect);
      audio.removeEventListener('play', wake);
    };
  }, [audioRef, unlockRef, slot, gainDb, settings]);
}
