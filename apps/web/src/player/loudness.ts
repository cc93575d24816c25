import type { PlayerSettings } from './player-settings';

/** A gain in dB as the factor it multiplies the signal by. */
export function dbToLinear(db: number): number {
  return Number.isFinite(db) ? 10 ** (db / 20) : 1;
}

export interface OutputLevels {
  /** What the audio element's own volume is set to. */
  elementVolume: number;
  elementMuted: boolean;
  /** What the GainNode is set to; null without Web Audio. */
  gain: number | null;
}

/**
 * How loud to play: with Web Audio the GainNode carries volume and loudness gain together (raising quiet
 * songs as well as lowering loud ones; iOS ignores element volume); without it the element's volume can
 * only turn loud songs down. With even loudness off the gain is the volume alone.
 */
export function outputLevels(settings: PlayerSettings, gainDb: number, webAudio: boolean): OutputLevels {
  const loudness = settings.evenLoudness ? dbToLinear(gainDb) : 1;
  if (webAudio)
    return { elementVolume: 1, elementMuted: settings.muted, gain: settings.muted ? 0 : settings.volume * loudness };
  return { elementVolume: clamp(settings.volume * Math.min(1, loudness)), elementMuted: settings.muted, gain: null };
}

function clamp(value: number) {
  return Math.min(1, Math.max(0, value));
}

export interface AudioGraph {
  context: AudioContext;
  gain: GainNode;
}

/** An element can be given to createMediaElementSource once: its graph is kept for as long as the element lives. */
const graphs = new WeakMap<HTMLMediaElement, AudioGraph>();
const failed = new WeakSet<HTMLMediaElement>();

export function audioGraphOf(audio: HTMLMediaElement): AudioGraph | null {
  return graphs.get(audio) ?? null;
}

/** element -> MediaElementAudioSourceNode -> GainNode -> speakers; null (and plain volume) when that fails. */
export function connectAudioGraph(audio: HTMLMediaElement, context: AudioContext): AudioGraph | null {
  const existing = graphs.get(audio);
  if (existing) return existing;
  if (failed.has(audio)) return null;
  try {
    const source = context.createMediaElementSource(audio);
    const gain = context.createGain();
    source.connect(gain);
    gain.connect(context.destination);
    const graph = { context, gain };
    graphs.set(audio, graph);
    return graph;
  } catch (error) {
    failed.add(audio);
    console.warn('Web Audio is not available for the player: even loudness only turns loud songs down.', error);
    return null;
  }
}

export function applyOutputLevels(audio: HTMLMediaElement, graph: AudioGraph | null, levels: OutputLevels): void {
  audio.volume = levels.elementVolume;
  audio.muted = levels.elementMuted;
  if (graph && levels.gain !== null) graph.gain.gain.value = levels.gain;
}

/** Media from another origin reaches Web Audio only when fetched with CORS (else the graph hears silence). */
export function isCrossOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}
