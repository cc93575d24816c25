/**
 * What must happen inside the listener's click, before anything is awaited: browsers that want a gesture
 * for sound (Safari above all) remember it per media element and per AudioContext. Kept tiny: it is part
 * of the provider that every page loads.
 */

type AudioContextConstructor = new () => AudioContext;

declare global {
  interface Window {
    webkitAudioContext?: AudioContextConstructor;
  }
  interface Navigator {
    /** Safari 16.4+: 'playback' keeps Web Audio going on a locked phone, as media elements do. */
    audioSession?: { type: string };
  }
}

/** One AudioContext for the app's one audio element: undefined until first asked for, null where none can be made. */
export class AudioUnlock {
  private context: AudioContext | null | undefined;
  private primed = new WeakSet<HTMLMediaElement>();

  /** The context if one was made, without making one. */
  current(): AudioContext | null {
    return this.context ?? null;
  }

  /**
   * Call from a click: primes the element (an empty load() lifts WebKit's gesture rule for that element for
   * good) and, when wanted, makes the AudioContext and resumes it while the gesture still counts.
   */
  unlock(audio: HTMLMediaElement | null, wantContext: boolean): AudioContext | null {
    if (audio && !this.primed.has(audio)) {
      this.primed.add(audio);
      if (!audio.getAttribute('src')) primeElement(audio);
    }
    if (!wantContext) return this.current();
    if (this.context === undefined) this.context = makeAudioContext();
    if (this.context && this.context.state !== 'running') void this.context.resume().catch(() => {});
    return this.context;
  }
}

function primeElement(audio: HTMLMediaElement) {
  try {
    audio.load();
  } catch {
    // Nothing to unlock where load() is missing (test DOMs).
  }
}

function makeAudioContext(): AudioContext | null {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  try {
    if (navigator.audioSession) navigator.audioSession.type = 'playback';
    return new Context();
  } catch (error) {
    console.warn('No AudioContext: even loudness falls back to turning loud songs down.', error);
    return null;
  }
}
