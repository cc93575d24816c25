import { LISTEN_COUNTS_AFTER_SECONDS } from '@hfm/shared';

/**
 * A jump larger than this between two timeupdates is not listening, even if no 'seeking' event told us
 * (browsers send timeupdate every 15-250 ms while playing).
 */
const MAX_STEP_SECONDS = 5;
/** timeupdate stops short of the very end: the whole of a short song counts within this much. */
const END_TOLERANCE_SECONDS = 0.3;

/**
 * Counts the seconds of one play that were really heard: the advance of currentTime between timeupdates
 * while playing; seeks count nothing. Says once when the listen is due: after LISTEN_COUNTS_AFTER_SECONDS,
 * or the whole of a shorter song or preview.
 */
export class ListenTracker {
  heard = 0;
  /** Where the last timeupdate was; null after a seek. A play starts at the start. */
  private last: number | null = 0;
  private due = false;
  private readonly needed: number;

  /** playableSeconds: how much of the song this listener may hear (null when not known). */
  constructor(playableSeconds: number | null) {
    const whole = playableSeconds && playableSeconds > 0 ? playableSeconds : Infinity;
    this.needed = Math.max(
      0,
      Math.min(LISTEN_COUNTS_AFTER_SECONDS, whole) - (whole <= LISTEN_COUNTS_AFTER_SECONDS ? END_TOLERANCE_SECONDS : 0),
    );
  }

  /** A timeupdate (or the end): true the one time the listen becomes due. */
  advance(currentTime: number, playing: boolean): boolean {
    if (playing && this.last !== null) {
      const step = currentTime - this.last;
      if (step > 0 && step <= MAX_STEP_SECONDS) this.heard += step;
    }
    this.last = currentTime;
    if (this.due || this.heard < this.needed || this.heard === 0) return false;
    this.due = true;
    return true;
  }

  /** The position jumped: the next timeupdate starts counting afresh from there. */
  seeked(): void {
    this.last = null;
  }
}
