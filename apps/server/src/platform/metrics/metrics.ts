import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import client from 'prom-client';

/**
 * Prometheus metrics (GET /metrics; docs/operations.md, decision 0024). Each app has its own registry, so
 * every process (api or worker) exposes what it did and Prometheus sums the processes; the process's own
 * figures (memory, CPU, event loop lag, GC) sit in one registry per process, added to every answer.
 *
 * Label values must come from short fixed sets (route templates, job kinds, outcomes): never ids, e-mail
 * addresses or raw paths, which would make a new time series per user or per request.
 */
export interface Metrics {
  readonly registry: client.Registry;
  /** The counter of this name, made on first use (later calls with the same name answer the same one). */
  counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): client.Counter<Label>;
  gauge<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    collect?: (this: client.Gauge<Label>) => Promise<void> | void,
  ): client.Gauge<Label>;
  histogram<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    buckets?: readonly number[],
  ): client.Histogram<Label>;
  /** The exposition text: this app's metrics, then the process's. */
  expose(): Promise<{ contentType: string; text: string }>;
}

/** Seconds: 5 ms to 30 s (requests), and the same scale on to an hour (jobs). */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;
export const JOB_SECONDS_BUCKETS = [0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600] as const;

let processRegistry: client.Registry | undefined;

/**
 * prom-client's default metrics (process_*, nodejs_*), once per process: they watch the event loop and the
 * garbage collector from the moment they are made, and a second set would only watch the same process twice.
 */
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
    watchLiveHeap(processRegistry);
  }
  return processRegistry;
}

type GcEntry = { detail?: { kind?: number } | null };

/**
 * `hfm_heap_used_after_major_gc_bytes`: the V8 heap in use right after the last full collection, the objects
 * the process keeps. The heap in use at any other moment (`nodejs_heap_size_used_bytes`) also counts garbage
 * not collected yet, a saw of minutes between full collections; a leak shows as this one rising.
 */
function watchLiveHeap(register: client.Registry): void {
  const liveHeap = new client.Gauge({
    name: 'hfm_heap_used_after_major_gc_bytes',
    help: 'V8 heap in use right after the last full (mark-compact) garbage collection; absent before the first',
    registers: [register],
  });
  liveHeap.remove();
  const observer = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some((entry) => (entry as GcEntry).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (major) liveHeap.set(v8.getHeapStatistics().used_heap_size);
  });
  observer.observe({ entryTypes: ['gc'] });
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  const process = processMetrics();
  function existing<T>(name: string): T | undefined {
    return registry.getSingleMetric(name) as T | undefined;
  }
  return {
    registry,
    counter(name, help, labelNames) {
      return existing(name) ?? new client.Counter({ name, help, labelNames, registers: [registry] });
    },
    gauge(name, help, labelNames, collect) {
      return (
        existing(name) ??
        new client.Gauge({ name, help, labelNames, registers: [registry], ...(collect ? { collect } : {}) })
      );
    },
    histogram(name, help, labelNames, buckets = REQUEST_SECONDS_BUCKETS) {
      return (
        existing(name) ?? new client.Histogram({ name, help, labelNames, buckets: [...buckets], registers: [registry] })
      );
    },
    async expose() {
      const [own, shared] = await Promise.all([registry.metrics(), process.metrics()]);
      return { contentType: registry.contentType, text: `${own.trimEnd()}\n${shared}` };
    },
  };
}

/** Status codes by class: 2xx, 3xx, 4xx, 5xx. */
export function statusClass(statusCode: number): string {
  return statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : 'other';
}

/** Request bodies that carry a song's audio into this process right now (direct uploads and embedded parts). */
export function uploadsInFlight(metrics: Metrics): client.Gauge<'kind'> {
  const name = 'hfm_upload_requests_in_flight';
  const made = registryHas(metrics, name);
  const gauge = metrics.gauge(
    name,
    "Requests streaming a song's audio into this process now (kind: direct, or part of a multipart upload).",
    ['kind'],
  );
  if (!made) for (const kind of ['direct', 'part']) gauge.set({ kind }, 0);
  return gauge;
}

/**
 * `hfm_db_transactions_committed`: the transactions the embedded database (PGlite) committed since this process
 * opened it, as PostgreSQL counts them (pg_stat_database.xact_commit: every statement outside a transaction is
 * one, read-only ones too). PostgreSQL's own exporters give this for a server; PGlite lives in the process, and
 * its counters with it (the billing bench reads commits per subscription here). Read when scraped: two small
 * statements on the database's one connection.
 */
export function embeddedDatabaseCommits(metrics: Metrics, query: (text: string) => Promise<{ rows: unknown[] }>) {
  metrics.gauge(
    'hfm_db_transactions_committed',
    'Transactions the embedded database committed since this process opened it (pg_stat_database.xact_commit).',
    [],
    async function collect() {
      // PGlite's one backend publishes its counters at the end of the next transaction once asked to.
      await query('select pg_stat_force_next_flush()');
      const { rows } = await query(
        'select xact_commit::float8 as commits from pg_stat_database where datname = current_database()',
      );
      this.set((rows[0] as { commits: number } | undefined)?.commits ?? 0);
    },
  );
}

const registryHas = (metrics: Metrics, name: string) => metrics.registry.getSingleMetric(name) !== undefined;

/** Runs `work` counted as one upload in flight of `kind`, however it ends. */
export async function countUploadInFlight<T>(
  metrics: Metrics,
  kind: 'direct' | 'part',
  work: () => Promise<T>,
): Promise<T> {
  const gauge = uploadsInFlight(metrics);
  gauge.inc({ kind });
  try {
    return await work();
  } finally {
    gauge.dec({ kind });
  }
}
