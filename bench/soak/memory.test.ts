import { describe, expect, it } from 'vitest';
import { liveHeapValues, memoryFlat, memoryTrend } from './memory.ts';

/** One API process of the whole-bench soak of 2026-11-28 (soak-whole-run-2026-11-28.json), 10 s apart. */
const SAW_HEAP = [
  84, 117, 68, 71, 93, 115, 119, 148, 120, 127, 175, 182, 193, 181, 196, 226, 61, 64, 83, 72, 62, 75, 73, 84, 90, 72,
  62, 78, 73, 111, 94, 139, 157, 165, 184, 92, 80, 76, 82, 140, 126, 130, 149, 168, 180, 175, 236, 56, 68, 70, 82, 68,
  79, 84, 72, 102, 96, 102, 82, 115,
];
/** The other API process's resident set: one step during a burst, then flat. */
const STEP_RSS = [
  318, 319, 320, 319, 320, 343, 343, 344, 343, 343, 343, 344, 344, 364, 344, 344, 344, 344, 345, 345, 345, 345, 345,
  345, 345, 345, 345, 359, 373, 386, 399, 414, 418, 418, 417, 417, 417, 417, 417, 417, 436, 417, 417, 417, 417, 418,
  417, 419, 418, 418, 418, 418, 418, 418, 418, 418, 418, 418, 418, 418,
];
const flat = (length: number, value: number) => Array.from({ length }, () => value);
const rising = (length: number, from: number, perSample: number) =>
  Array.from({ length }, (_, n) => from + n * perSample);

describe('memoryFlat (decision 0045)', () => {
  it('reads a saw of uncollected garbage with a steady live heap as flat, where the heap in use misread it', () => {
    const trend = { rss: memoryTrend(flat(60, 300)), heapUsed: memoryTrend(SAW_HEAP) };
    expect(memoryFlat(trend, 10)).toBe(false);
    expect(memoryFlat({ ...trend, liveHeap: memoryTrend(flat(60, 58)) }, 10)).toBe(true);
  });

  it('reads one step of the resident set, flat after it, as flat; a resident set that keeps setting highs as not', () => {
    const live = memoryTrend(flat(60, 60));
    const heapUsed = memoryTrend(flat(60, 90));
    expect(memoryFlat({ rss: memoryTrend(STEP_RSS), heapUsed, liveHeap: live }, 10)).toBe(true);
    expect(memoryFlat({ rss: memoryTrend(rising(60, 300, 4)), heapUsed, liveHeap: live }, 10)).toBe(false);
  });

  it('reads a live heap that keeps growing as not flat, however the heap in use looks', () => {
    const trend = { rss: memoryTrend(flat(60, 300)), heapUsed: memoryTrend(flat(60, 100)) };
    expect(memoryFlat({ ...trend, liveHeap: memoryTrend(rising(60, 50, 0.5)) }, 10)).toBe(false);
  });
});

describe('liveHeapValues', () => {
  it('fills the samples before the first full collection with its value', () => {
    expect(liveHeapValues([null, null, 50, 52, 51, 50, 53, 52])).toEqual([50, 50, 50, 52, 51, 50, 53, 52]);
  });

  it('has none when a sample from the second quarter on has none', () => {
    expect(liveHeapValues([null, null, null, 52, 51, 50, 53, 52])).toBeNull();
    expect(liveHeapValues([50, 51, 52, 52, 51, null, 53, 52])).toBeNull();
    expect(liveHeapValues([])).toBeNull();
  });
});
