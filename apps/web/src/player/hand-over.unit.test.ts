import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntilHandOver, watchForEnd } from './hand-over';

/** An element whose clock the test moves: currentTime, duration and paused, and the events a browser sends. */
function fakeElement(duration: number) {
  const audio = new EventTarget() as EventTarget & { currentTime: number; duration: number; paused: boolean };
  Object.assign(audio, { currentTime: 0, duration, paused: false });
  return audio;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('secondsUntilHandOver', () => {
  it('is the media time left within the last second, and nothing before or while unknown', () => {
    expect(secondsUntilHandOver({ currentTime: 5.5, duration: 6 })).toBeCloseTo(0.5);
    expect(secondsUntilHandOver({ currentTime: 4, duration: 6 })).toBeNull();
    expect(secondsUntilHandOver({ currentTime: 6.2, duration: 6 })).toBe(0);
    expect(secondsUntilHandOver({ currentTime: 0, duration: Number.NaN })).toBeNull();
    expect(secondsUntilHandOver({ currentTime: 0, duration: Infinity })).toBeNull();
  });
});

describe('watchForEnd', () => {
  it('hands over once, when the element’s own clock reaches the end (a timer aimed anew at each look)', () => {
    const audio = fakeElement(6);
    const handOver = vi.fn();
    watchForEnd(audio as unknown as HTMLMediaElement, () => true, handOver);
    audio.currentTime = 4;
    audio.dispatchEvent(new Event('timeupdate'));
    vi.advanceTimersByTime(5000);
    expect(handOver).not.toHaveBeenCalled();

    audio.currentTime = 5.75;
    audio.dispatchEvent(new Event('timeupdate'));
    // The clock ran slower than the timer: the timer looks again rather than hand over early.
    audio.currentTime = 5.9;
    vi.advanceTimersByTime(250);
    expect(handOver).not.toHaveBeenCalled();
    audio.currentTime = 6;
    vi.advanceTimersByTime(100);
    expect(handOver).toHaveBeenCalledTimes(1);
    audio.dispatchEvent(new Event('timeupdate'));
    vi.advanceTimersByTime(1000);
    expect(handOver).toHaveBeenCalledTimes(1);
  });

  it('does not hand over while paused, after a seek away, without a song ready, or once stopped', () => {
    const audio = fakeElement(6);
    const handOver = vi.fn();
    let ready = false;
    const stop = watchForEnd(audio as unknown as HTMLMediaElement, () => ready, handOver);
    audio.currentTime = 5.8;
    audio.dispatchEvent(new Event('timeupdate'));
    audio.currentTime = 6;
    vi.advanceTimersByTime(1000);
    expect(handOver).not.toHaveBeenCalled();

    ready = true;
    audio.currentTime = 5.8;
    audio.dispatchEvent(new Event('timeupdate'));
    audio.paused = true;
    audio.dispatchEvent(new Event('pause'));
    audio.currentTime = 6;
    vi.advanceTimersByTime(1000);
    expect(handOver).not.toHaveBeenCalled();

    audio.paused = false;
    audio.currentTime = 5.8;
    audio.dispatchEvent(new Event('timeupdate'));
    audio.dispatchEvent(new Event('seeking'));
    audio.currentTime = 6;
    vi.advanceTimersByTime(1000);
    expect(handOver).not.toHaveBeenCalled();

    audio.currentTime = 5.8;
    audio.dispatchEvent(new Event('timeupdate'));
    stop();
    audio.currentTime = 6;
    vi.advanceTimersByTime(1000);
    audio.dispatchEvent(new Event('timeupdate'));
    expect(handOver).not.toHaveBeenCalled();
  });
});
