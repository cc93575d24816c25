/**
 * Each HFM process's memory, read from its `/metrics` (prom-client's default process metrics): resident set
 * and V8 heap in use, and beside them the event loop's lag (p99 since the last scrape), which tells a process
 * short of CPU from one waiting on its database. docs/operations.md: loopback without a token, or
 * `Authorization: Bearer METRICS_TOKEN`.
 */
export interface MemorySample {
  rssMiB: number | null;
  heapUsedMiB: number | null;
  /** The heap in use right after the process's last full collection (hfm_heap_used_after_major_gc_bytes). */
  liveHeapMiB: number | null;
  eventLoopLagP99Ms: number | null;
}

const MiB = 1024 * 1024;

function gauge(text: string, name: string, unit: number): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) return null;
  const value = Number(line.slice(line.lastIndexOf(' ') + 1));
  return Number.isFinite(value) ? Math.round((value / unit) * 10) / 10 : null;
}
const nothing: MemorySample = { rssMiB: null, heapUsedMiB: null, liveHeapMiB: null, eventLoopLagP99Ms: null };

/** One scrape of every process; a process that does not answer is null for that sample. */
export async function sampleMemory(urls: string[], token?: string): Promise<Record<string, MemorySample>> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const samples = await Promise.all(
    urls.map(async (url): Promise<MemorySample> => {
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
        if (!response.ok) return nothing;
        const text = await response.text();
        return {
          rssMiB: gauge(text, 'process_resident_memory_bytes', MiB),
          heapUsedMiB: gauge(text, 'nodejs_heap_size_used_bytes', MiB),
          liveHeapMiB: gauge(text, 'hfm_heap_used_after_major_gc_bytes', MiB),
          eventLoopLagP99Ms: gauge(text, 'nodejs_eventloop_lag_p99_seconds', 1e-3),
        };
      } catch {
        return nothing;
      }
    }),
  );
  return Object.fromEntries(urls.map((url, n) => [processName(url), samples[n]!]));
}

/** A short name for a process: its host and port. */
export const processName = (url: string) => new URL(url).host;

/**
 * A process's memory over the run: the median of the last quarter of the samples against the median of the
 * second quarter (the first quarter is warm-up: JIT, pools, caches filling), and the same quarters' peaks.
 */
export function memoryTrend(values: number[]) {
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const quarter = Math.max(1, Math.floor(values.length / 4));
  const settled = median(values.slice(quarter, 2 * quarter));
  const last = median(values.slice(-quarter));
  const growthMiB = Math.round((last - settled) * 10) / 10;
  const peak = (list: number[]) => (list.length ? Math.max(...list) : 0);
  return {
    secondQuarterPeakMiB: peak(values.slice(quarter, 2 * quarter)),
    /** The highest point before the last quarter: the high-water mark the process had reached. */
    beforeLastQuarterPeakMiB: peak(values.slice(0, -quarter)),
    lastQuarterPeakMiB: peak(values.slice(-quarter)),
    firstMiB: values[0] ?? 0,
    settledMiB: settled,
    lastMiB: last,
    peakMiB: Math.max(...values),
    growthMiB,
    growthPercent: settled > 0 ? Math.round((growthMiB / settled) * 1000) / 10 : 0,
  };
}

/**
 * Flat (decision 0045): the live heap (the V8 heap in use right after a full collection: what the process
 * keeps) ends within `percent` of where it settled, and the resident set sets no new high in the last quarter
 * more than `percent` above its highest before. A leak keeps growing: it keeps setting new highs.
 *
 * The heap in use at any moment is a saw: garbage piles up for minutes between full collections (56 to 236 MiB
 * on one API process in ten minutes), so two medians of it compare two phases of the saw. The resident set
 * keeps its high-water mark: V8 and malloc hand pages back slowly, if at all, after a burst (one step of 345 to
 * 418 MiB, then flat for five minutes), so comparing the last quarter's peak with the second's reads one burst
 * as growth. What this lets pass: native memory (outside V8's heap) growing by less than `percent` in the last
 * quarter; the live heap catches a leak of JavaScript objects. A process without a full collection by the
 * second quarter is judged on the heap in use.
 */
export function memoryFlat(
  trend: {
    rss: ReturnType<typeof memoryTrend>;
    heapUsed: ReturnType<typeof memoryTrend>;
    liveHeap?: ReturnType<typeof memoryTrend> | null;
  },
  percent: number,
): boolean {
  const heap = trend.liveHeap ?? trend.heapUsed;
  const heapFlat = heap.growthPercent <= percent;
  const rssFlat = trend.rss.lastQuarterPeakMiB <= trend.rss.beforeLastQuarterPeakMiB * (1 + percent / 100);
  return heapFlat && rssFlat;
}

/**
 * A process's live heap over the run, for memoryTrend: null when some sample from the second quarter on has
 * none (the process made no full collection by then, or did not answer); the samples before its first full
 * collection take that first value.
 */
export function liveHeapValues(values: (number | null)[]): number[] | null {
  const quarter = Math.max(1, Math.floor(values.length / 4));
  if (values.length === 0 || values.slice(quarter).some((value) => value === null)) return null;
  const first = values.find((value) => value !== null) as number;
  return values.map((value) => value ?? first);
}
