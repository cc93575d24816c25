/**
 * Gapless playback's timing (decision 0055): the next song, loaded ahead in the standby element, is started
 * when the song's own clock says its media is at its end, not when the ended event arrives (a task that comes
 * some milliseconds later, more on a busy machine); the ended event stays the backstop. No lead: started
 * ahead by the output's latency, the next song overlapped the last by 18 to 21 ms on the audio graph with
 * DASH (media source) in Chromium; at its clock's end, -0.5 to +11 ms.
 */

/** How near its end the song's element is watched closely (timeupdate comes every 250 ms or so). */
export const HAND_OVER_WINDOW_SECONDS = 1;
/** A timer that fires this close to the end hands over; earlier, it looks again. */
export const ON_TIME_SECONDS = 0.004;
/**
 * Seconds until the hand-over: the media time the song has left; null while it has more than the window left.
 */
export function secondsUntilHandOver(audio: Pick<HTMLMediaElement, 'currentTime' | 'duration'>): number | null {
  const left = audio.duration - audio.currentTime;
  if (!Number.isFinite(left) || left > HAND_OVER_WINDOW_SECONDS) return null;
  return Math.max(0, left);
}

/**
 * Watches a playing element near its end and calls handOver once, when its clock reaches the end (timers are
 * re-aimed at the element's clock each time, so a late timer only hands over late, never early). Answers
 * how to stop watching; a pause or a seek stops the timer until the next timeupdate.
 */
export function watchForEnd(audio: HTMLMediaElement, canHandOver: () => boolean, handOver: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => clearTimeout(timer);
  const aim = () => {
    stop();
    if (done || audio.paused || !canHandOver()) return;
    const left = secondsUntilHandOver(audio);
    if (left === null) return;
    if (left > ON_TIME_SECONDS) {
      timer = setTimeout(aim, left * 1000);
      return;
    }
    done = true;
    handOver();
  };
  audio.addEventListener('timeupdate', aim);
  audio.addEventListener('pause', stop);
  audio.addEventListener('seeking', stop);
  return () => {
    stop();
    audio.removeEventListener('timeupdate', aim);
    audio.removeEventListener('pause', stop);
    audio.removeEventListener('seeking', stop);
  };
}
