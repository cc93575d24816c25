import { PEAK_SCALE, type SongPeaks } from '@hfm/shared';

/** Bars in a song's waveform: enough for a wide player, small enough to keep on the song's row. */
export const PEAK_COUNT = 1000;

/**
 * Waveform peaks from a stream of mono signed 16-bit little-endian PCM, one chunk at a time: the
 * loudest absolute sample in each of `count` equal slices, from 0 to 1 with 3 decimals. The total
 * is known from the duration, so nothing is held but the peaks.
 */
export class PeaksCollector {
  readonly #peaks: Float64Array;
  readonly #expectedSamples: number;
  #index = 0;
  #carry: number | undefined;

  constructor(expectedSamples: number, count: number = PEAK_COUNT) {
    this.#peaks = new Float64Array(count);
    this.#expectedSamples = Math.max(1, expectedSamples);
  }

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.#carry !== undefined) {
      this.#take((((chunk[0]! << 8) | this.#carry) << 16) >> 16);
      this.#carry = undefined;
      offset = 1;
    }
    const end = chunk.length - ((chunk.length - offset) % 2);
    for (let position = offset; position < end; position += 2) this.#take(chunk.readInt16LE(position));
    if (end < chunk.length) this.#carry = chunk[end];
  }

  peaks(): number[] {
    return Array.from(this.#peaks, (peak) => Math.round(Math.min(1, peak) * 1000) / 1000);
  }

  #take(sample: number): void {
    const count = this.#peaks.length;
    const bucket = Math.min(count - 1, Math.floor((this.#index * count) / this.#expectedSamples));
    const level = Math.abs(sample) / 32767;
    if (level > this.#peaks[bucket]!) this.#peaks[bucket] = level;
    this.#index++;
  }
}

/**
 * A song's peaks as GET /api/songs/{id}/peaks answers them: one unsigned byte a bar (0 to PEAK_SCALE), base64,
 * about 1.3 KB for 1,000 peaks instead of 6 KB of JSON numbers. Here,
 * below the modules, because the song's own route and the page a shared link opens both present them.
 */
export function presentPeaks(row: { id: string; peaks: readonly number[] | null }): SongPeaks {
  const peaks = row.peaks ?? [];
  // A plain loop into one buffer: a shared link's page presents several of these per request.
  const bytes = Buffer.allocUnsafe(peaks.length);
  for (let index = 0; index < peaks.length; index++) {
    const peak = peaks[index]!;
    bytes[index] = Math.round((peak >= 1 ? 1 : peak > 0 ? peak : 0) * PEAK_SCALE);
  }
  return { id: row.id, count: bytes.length, peaks: bytes.toString('base64') };
}
