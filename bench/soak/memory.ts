/**
 * Each HFM process's memory, read from its `/metrics` (prom-client's default process metrics): resident set
 * and V8 heap in use, and beside them the event loop's lag (p99 since the last scrape), which tells a process
 * short of CPU from one waiting on its database. docs/operations.md: loopback without a token, or
 * `Authorization: Bearer METRICS_TOKEN`.
 */
export interface MemorySample {
  rssMiB: number | null;
  heapUsedMiB: number | null;
  eventLoopLagP99Ms: number | null;
}

const MiB = 1024 * 1024;

function gauge(text: string, name: string, unit: number): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) return null;
  const value = Number(line.slice(line.lastIndexOf(' ') + 1));
  return Number.isFinite(value) ? Math.round((value / unit) * 10) / 10 : null;
}
const nothing: MemorySample = { rssMiB: null, heapUsedMiB: null, eventLoopLagP99Ms: null };

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
 * Whether a process's resident memory is flat over the run: the median of the last quarter of the samples
 * against the median of the second quarter (the first quarter is warm-up: JIT, pools, caches filling).
 */
export function memoryTrend(values: number[]) {
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const quarter = Math.max(1, Math.floor(values.length / 4));
  const settled = median(values.slice(quarter, 2 * quarter));
  const last = median(values.slice(-quarter));
  const growthMiB = Math.round((last - settled) * 10) / 10;
  return {
    firstMiB: values[0] ?? 0,
    settledMiB: settled,
    lastMiB: last,
    peakMiB: Math.max(...values),
    growthMiB,
    growthPercent: settled > 0 ? Math.round((growthMiB / settled) * 1000) / 10 : 0,
  };
}
