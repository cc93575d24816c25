import v8 from 'node:v8';

/**
 * Every request body chunk Node's HTTP parser hands over is a new buffer outside the JS heap. By
 * default V8 starts a full mark-compact each time such memory grows by a few tens of MiB, so receiving
 * upload parts at a few hundred MiB/s ran a full collection of the whole app's heap every ~100 ms
 * (about a quarter of the CPU). Counting that memory in the global heap limit instead lets the cheap
 * young-generation collections free those buffers; memory stays bounded by that limit.
 * Measured in bench/upload.bench.ts; see docs/performance.md.
 */
export function tuneGarbageCollection(): void {
  v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
}
