/**
 * The summary at the top of docs/performance.md, made from the result files the benches write under
 * bench/results/ (the default names: what `npm run bench` writes). Each figure stands beside its target
 * (from the issues) and its bare baseline where the bench has one, with the ratio. A missing file is listed
 * as not run; a file of a shape this does not know is skipped with a note. Everything between the markers
 * is replaced; the hand-written sections below them are kept.
 *
 * Run: `npm run bench:summary -w @hfm/bench` (the last step of `npm run bench`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results');
const DOC = path.join(repoRoot, 'docs/performance.md');
export const START = '<!-- bench-summary:start -->';
export const END = '<!-- bench-summary:end -->';

export interface Row {
  bench: string;
  figure: string;
  measured: string;
  target: string;
  baseline: string;
  ratio: string;
  /** true met, false missed, null no target. */
  met: boolean | null;
  file: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- result files are JSON of many shapes, read defensively */
type Json = any;

const number = (value: number | null | undefined, unit = '', places = 0) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toLocaleString('en-US', { maximumFractionDigits: places, minimumFractionDigits: 0 })}${unit}`;
const ratioOf = (ours: number | undefined, bare: number | undefined) =>
  ours && bare ? (Math.round((ours / bare) * 100) / 100).toFixed(2) : '—';

/** One bench's rows from one file: a function of the file's JSON. */
interface Source {
  file: string;
  rows(result: Json, file: string): Row[];
}

const row = (partial: Partial<Row> & Pick<Row, 'bench' | 'figure' | 'measured' | 'file'>): Row => ({
  target: '—',
  baseline: '—',
  ratio: '—',
  met: null,
  ...partial,
});

const engineName = (engine: string) => (engine === 'postgres' ? 'PostgreSQL' : 'PGlite');

const identity = (engine: string): Source => ({
  file: `identity-${engine}.json`,
  rows: (r, file) =>
    (['signIn', 'profile'] as const).map((name) =>
      row({
        bench: `identity, ${engineName(engine)}`,
        figure: `${name === 'signIn' ? 'sign-in' : 'profile'} at ${r.connections} connections`,
        measured: `${number(r[name].requestsPerSecond, ' req/s')}, p99 ${number(r[name].latencyMs.p99, ' ms')}`,
        file,
      }),
    ),
});

const upload: Source = {
  file: 'upload.json',
  rows: (r, file) => [
    row({
      bench: 'upload',
      figure: `${number(r.fileBytes / 2 ** 20)} MiB WAV in ${r.parts} parts, median of rounds`,
      measured: number(r.oursMiBPerSecond, ' MiB/s'),
      target: '≥ 0.70 of bare',
      baseline: number(r.bareMiBPerSecond, ' MiB/s'),
      ratio: ratioOf(r.oursMiBPerSecond, r.bareMiBPerSecond),
      met: r.oursMiBPerSecond / r.bareMiBPerSecond >= 0.7,
      file,
    }),
  ],
};

const transcode: Source = {
  file: 'transcode.json',
  rows: (r, file) =>
    (r.cases as Json[]).map((c) =>
      row({
        bench: 'transcode',
        figure: `${c.minutes}-minute song, whole pipeline`,
        measured: number(c.pipelineSeconds, ' s', 1),
        target: c.minutes <= 5 ? `≤ ${r.clientPollBudgetSeconds ?? 120} s (client polling)` : '—',
        baseline: `${number(c.singleCommandSeconds, ' s', 1)} (one ffmpeg)`,
        ratio: ratioOf(c.singleCommandSeconds, c.pipelineSeconds),
        met: c.minutes <= 5 ? c.pipelineSeconds <= (r.clientPollBudgetSeconds ?? 120) : null,
        file,
      }),
    ),
};

const firstSound: Source = {
  file: 'first-sound.json',
  rows: (r, file) => [
    row({
      bench: 'first sound',
      figure: `${number((r.song?.seconds ?? 300) / 60)}-minute song: upload complete to playable, median`,
      measured: number(r.median.playableSeconds, ' s', 1),
      target: `≤ ${r.budgetSeconds ?? 5} s`,
      baseline: `${number(r.median.bareAacHlsSeconds, ' s', 1)} (ffmpeg AAC/HLS)`,
      ratio: ratioOf(r.median.bareAacHlsSeconds, r.median.playableSeconds),
      met: r.median.playableSeconds <= (r.budgetSeconds ?? 5),
      file,
    }),
  ],
};

const webTransfer: Source = {
  file: 'web-transfer.json',
  rows: (r, file) =>
    Object.entries(r as Record<string, Json>).map(([page, kinds]) =>
      row({
        bench: 'web transfer',
        figure: `${page}: JavaScript over the wire (brotli)`,
        measured: `${number(kinds.javascript?.wireKiB, ' KiB', 1)} in ${kinds.javascript?.files} files`,
        file,
      }),
    ),
};

const firstLoad: Source = {
  file: 'first-load.json',
  rows: (r, file) =>
    Object.entries(r.pages as Record<string, Json>).map(([page, load]) =>
      row({
        bench: 'first load',
        figure: `${page}: first-load JavaScript, gzip`,
        measured: number(load.gzipKB, ' KB', 1),
        target: `≤ ${r.budgetKB} KB`,
        met: load.gzipKB <= r.budgetKB,
        file,
      }),
    ),
};

const lighthouse: Source = {
  file: 'lighthouse.json',
  rows: (r, file) => {
    const scores = Object.entries(r.pages as Record<string, Record<string, Json>>).flatMap(([page, presets]) =>
      Object.entries(presets).map(([preset, s]) => ({ where: `${page} ${preset}`, ...s })),
    );
    return (['performance', 'accessibility'] as const).map((category) => {
      const worst = scores.reduce((low, s) => (s[category] < low[category] ? s : low), scores[0]);
      return row({
        bench: 'Lighthouse',
        figure: `${category}, lowest of ${scores.length} (page, preset)`,
        measured: `${number(worst?.[category])} (${worst?.where})`,
        target: `≥ ${r.target ?? 95}`,
        met: worst ? worst[category] >= (r.target ?? 95) : null,
        file,
      });
    });
  },
};

/** The song list and the artists list (bench/song-list.bench.ts): each case beside the bare handler doing the same work. */
const list = (name: 'song-list' | 'artists-list', engine: string): Source => ({
  file: `${name}-${engine}.json`,
  rows: (r, file) =>
    Object.entries(r.cases as Record<string, Json>).map(([, c]) =>
      row({
        bench: `${name === 'song-list' ? 'song list' : 'artists list'}, ${engineName(engine)}`,
        figure: `12 per page, ${c.who}, at ${r.connections} connections`,
        measured: `${number(c.ours.requestsPerSecond, ' req/s')}, ${number(c.ours.cpuMsPerRequest, ' ms CPU', 2)}`,
        target: name === 'song-list' ? '≥ 0.80 of bare' : '—',
        baseline: `${number(c.bare.requestsPerSecond, ' req/s')}, ${number(c.bare.cpuMsPerRequest, ' ms CPU', 2)} (same SQL and bytes)`,
        ratio: c.ratio.toFixed(2),
        met: name === 'song-list' ? c.ratio >= 0.8 : null,
        file,
      }),
    ),
});

const discovery = (engine: string): Source => ({
  file: `discovery-${engine}.json`,
  rows: (r, file) => [
    ...Object.entries(r.endpoints as Record<string, Json>).flatMap(([name, e]) => [
      ...(e.page
        ? [
            row({
              bench: `discovery, ${engineName(engine)}`,
              figure: `the artist page as a browser opens a shared link (${e.page.requestsPerPage} request(s): HTML + API calls) at ${r.connections} connections, per page`,
              measured:
                `${number(e.page.ours.pagesPerSecond, ' pages/s')}, ${number(e.page.ours.cpuMsPerPage, ' ms CPU', 2)}, ` +
                `${number(e.page.ours.bytesPerPage, ' B')}, ${e.page.statementsPerPage} statements` +
                (r.artistPageBrowserCpuOverJson ? ` (CPU ${r.artistPageBrowserCpuOverJson}x the JSON call's)` : ''),
              target: '≥ 0.50 of bare',
              baseline: `${number(e.page.bare.pagesPerSecond, ' pages/s')} (the page's statements)`,
              ratio: ratioOf(e.page.ours.pagesPerSecond, e.page.bare.pagesPerSecond),
              met: e.page.ours.pagesPerSecond / e.page.bare.pagesPerSecond >= 0.5,
              file,
            }),
          ]
        : []),
      ...(e.page
        ? []
        : [
            row({
              bench: `discovery, ${engineName(engine)}`,
              figure: `${name} at ${r.connections} connections${e.oursUncached ? ' (read models cached)' : ''}`,
              measured:
                `${number(e.ours.requestsPerSecond, ' req/s')}, p99 ${number(e.ours.latencyMs?.p99, ' ms')}` +
                (e.oursUncached
                  ? `; uncached ${number(e.oursUncached.requestsPerSecond, ' req/s')}, p99 ${number(e.oursUncached.latencyMs?.p99, ' ms')}`
                  : ''),
              target: '≥ 0.50 of bare',
              baseline: `${number(e.bare.requestsPerSecond, ' req/s')}, p99 ${number(e.bare.latencyMs?.p99, ' ms')}`,
              ratio: ratioOf(e.ours.requestsPerSecond, e.bare.requestsPerSecond),
              met: e.ours.requestsPerSecond / e.bare.requestsPerSecond >= 0.5,
              file,
            }),
          ]),
      ...(e.p99TargetMs
        ? [
            row({
              bench: `discovery, ${engineName(engine)}`,
              figure: `${name} p99 at ${r.connections} connections`,
              measured: number(e.ours.latencyMs.p99, ' ms'),
              target: `< ${number(e.p99TargetMs, ' ms')}`,
              baseline: `${number(e.bare.latencyMs.p99, ' ms')} (bare)`,
              ratio: ratioOf(e.bare.latencyMs.p99, e.ours.latencyMs.p99),
              met: e.p99TargetMet,
              file,
            }),
          ]
        : []),
      ...(e.requestsPerSecondTarget
        ? [
            row({
              bench: `discovery, ${engineName(engine)}`,
              figure: `${name}s per second`,
              measured: number(e.ours.requestsPerSecond, '/s'),
              target: `> ${number(e.requestsPerSecondTarget, '/s')}`,
              baseline: `${number(e.bare.requestsPerSecond, '/s')} (bare)`,
              ratio: ratioOf(e.ours.requestsPerSecond, e.bare.requestsPerSecond),
              met: e.requestsPerSecondTargetMet,
              file,
            }),
          ]
        : []),
    ]),
    ...(r.searchOneAtATime
      ? [
          row({
            bench: `discovery, ${engineName(engine)}`,
            figure: 'search one at a time, p95',
            measured: number(r.searchOneAtATime.ours.p95, ' ms', 1),
            target: `≤ ${r.searchOneAtATime.p95TargetMs} ms`,
            baseline: number(r.searchOneAtATime.bare.p95, ' ms', 1),
            ratio: ratioOf(r.searchOneAtATime.bare.p95, r.searchOneAtATime.ours.p95),
            met: r.searchOneAtATime.ours.p95 <= r.searchOneAtATime.p95TargetMs,
            file,
          }),
        ]
      : []),
  ],
});

/** Subscribing (issue 25): subscriptions per second beside a bare handler doing the same work; commits each. */
const billing = (engine: string): Source => ({
  file: `billing-${engine}.json`,
  rows: (r, file) => {
    const commits = (side: Json) => side.database?.commitsPerSubscription;
    // The baseline does the same work when it called the provider too (runs before issue 25 wrote three rows).
    const check = r.ledgerCheck ?? {};
    const sameWork =
      check.provider?.charges > 0 && check.provider.charges === check.ours?.subscriptions + check.bare?.subscriptions;
    return [
      row({
        bench: `billing, ${engineName(engine)}`,
        figure: `subscriptions at ${r.connections} connections`,
        measured: `${number(r.ours.requestsPerSecond, '/s')}, p99 ${number(r.ours.latencyMs.p99, ' ms')}`,
        target: sameWork ? '≥ 0.5 of the bare handler' : '—',
        baseline: `${number(r.bare.requestsPerSecond, '/s')} (${sameWork ? 'the same work, plain SQL' : 'the three rows'})`,
        ratio: ratioOf(r.ours.requestsPerSecond, r.bare.requestsPerSecond),
        met: sameWork ? r.ours.requestsPerSecond / r.bare.requestsPerSecond >= 0.5 : null,
        file,
      }),
      ...(commits(r.ours) === undefined
        ? []
        : [
            row({
              bench: `billing, ${engineName(engine)}`,
              figure: 'commits per subscription (xact_commit, reads and the job queue included)',
              measured: number(commits(r.ours), '', 1),
              baseline: `${number(commits(r.bare), '', 1)} (no worker)`,
              ratio: ratioOf(commits(r.bare), commits(r.ours)),
              file,
            }),
          ]),
    ];
  },
});

/** The renewal sweep (issue 25): renewals per second with many due at once, beside a bare sweep's same writes. */
const renewals = (engine: string): Source => ({
  file: `billing-renewals-${engine}.json`,
  rows: (r, file) => [
    row({
      bench: `renewal sweep, ${engineName(engine)}`,
      figure: `renewals, ${number(r.due)} due at once`,
      measured: `${number(r.ours.renewalsPerSecond, '/s', 1)}`,
      baseline: `${number(r.bare.renewalsPerSecond, '/s', 1)} (the same writes, plain SQL)`,
      ratio: ratioOf(r.ours.renewalsPerSecond, r.bare.renewalsPerSecond),
      file,
    }),
  ],
});

/** Release mails for one artist's subscribers (issue 23): mails per second, and the longest batch a worker held. */
const drops = (engine: string): Source => ({
  file: `drops-${engine}.json`,
  rows: (r, file) => [
    row({
      bench: `drops, ${engineName(engine)}`,
      figure: `release mails to ${number(r.subscribers)} subscribers (fan-out and sending)`,
      measured: `${number(r.ours.mailsPerSecond, '/s')} (fan-out ${number(r.ours.fanOutSeconds, ' s', 1)})`,
      baseline: `${number(r.bare.mailsPerSecond, '/s')} (same writes and transport, one loop)`,
      ratio: ratioOf(r.ours.mailsPerSecond, r.bare.mailsPerSecond),
      file,
    }),
    row({
      bench: `drops, ${engineName(engine)}`,
      figure: `longest batch held by a worker (${r.senders} senders)`,
      measured: number(r.ours.longestBatchMs, ' ms'),
      target: '≤ 5,000 ms',
      baseline: number(r.bare.longestBatchMs, ' ms'),
      met: r.ours.longestBatchMs <= 5000,
      file,
    }),
  ],
});

const DOWNLOAD_TARGETS = { song: 0.9, albumZip: 0.8 };

const downloads = (engine: string): Source => ({
  file: `downloads-${engine}.json`,
  rows: (r, file) =>
    (['song', 'signedUrl', 'albumZip'] as const)
      .filter((name) => r[name])
      .map((name) =>
        row({
          bench: `downloads, ${engineName(engine)}`,
          figure: { song: 'a song (FLAC)', signedUrl: 'signed URL only', albumZip: 'album zip' }[name],
          measured: number(r[name].ours.megabytesPerSecond, ' MB/s'),
          baseline: number(r[name].bare.megabytesPerSecond, ' MB/s'),
          ratio: ratioOf(r[name].ours.megabytesPerSecond, r[name].bare.megabytesPerSecond),
          // Issue 25's targets: a song at 0.9 of the bare read, a zip at 0.8.
          ...(name === 'signedUrl'
            ? {}
            : {
                target: `≥ ${DOWNLOAD_TARGETS[name].toFixed(2)} of bare`,
                met: r[name].ours.megabytesPerSecond >= DOWNLOAD_TARGETS[name] * r[name].bare.megabytesPerSecond,
              }),
          file,
        }),
      ),
});

const formats = (engine: string): Source => ({
  file: `formats-${engine}.json`,
  rows: (r, file) =>
    Object.entries(r.formats as Record<string, Json>).flatMap(([format, f]) => [
      row({
        bench: `formats, ${engineName(engine)}`,
        figure: `first download of ${format} (${r.songSeconds} s song): time to first byte`,
        measured: number(f.ours.ttfbMs, ' ms'),
        baseline: `${number(f.bare.totalMs, ' ms')} (one ffmpeg)`,
        ratio: ratioOf(f.bare.totalMs, f.ours.ttfbMs),
        file,
      }),
      row({
        bench: `formats, ${engineName(engine)}`,
        figure: `first download of ${format} (${r.songSeconds} s song): total`,
        measured: number(f.ours.totalMs, ' ms'),
        baseline: `${number(f.bare.totalMs, ' ms')} (one ffmpeg)`,
        ratio: ratioOf(f.bare.totalMs, f.ours.totalMs),
        file,
      }),
    ]),
});

const coldStart = (engine: string): Source => ({
  file: `cold-start-${engine}.json`,
  rows: (r, file) => {
    const bench = `cold start, ${engineName(engine)} (ROLE=${r.role})`;
    // The target is for ROLE=api, which only PostgreSQL runs; the embedded default's row has none.
    const targeted = r.role === r.target?.role;
    return [
      row({
        bench,
        figure: `spawn to the first 200 on ${r.endpoint}, median of ${r.rounds}`,
        measured: number(r.ours.medianMs, ' ms'),
        target: targeted ? `≤ ${number(r.target.msToFirst200, ' ms')}` : '—',
        baseline: `${number(r.bare.medianMs, ' ms')} (bare Fastify + ${engine === 'postgres' ? 'pg' : 'PGlite'})`,
        ratio: ratioOf(r.bare.medianMs, r.ours.medianMs),
        met: targeted ? r.ours.medianMs <= r.target.msToFirst200 : null,
        file,
      }),
      row({
        bench,
        figure: 'CPU used until that 200 (user + system, all threads), median',
        measured: number(r.ours.medianCpuMs, ' ms'),
        baseline: number(r.bare.medianCpuMs, ' ms'),
        ratio: ratioOf(r.bare.medianCpuMs, r.ours.medianCpuMs),
        file,
      }),
      row({
        bench,
        figure: 'first start on a fresh database (migrations applied), spawn to the first 200',
        measured: `${number(r.firstStartMigrating.ms, ' ms')}, ${number(r.firstStartMigrating.cpuMs, ' ms')} CPU`,
        file,
      }),
    ];
  },
});

const signed = (percent: number) => `${percent >= 0 ? '+' : ''}${number(percent, '%', 1)}`;

const soak: Source = {
  file: 'soak.json',
  rows: (r, file) => {
    const bench = `soak (${r.minutes} min, ${r.connections} connections)`;
    const growth = Object.entries(r.memory as Record<string, Json>)
      .map(([name, m]) =>
        m.liveHeap
          ? `${name} live heap ${signed(m.liveHeap.growthPercent)}, resident peak ${number(m.rss.beforeLastQuarterPeakMiB, ' MiB')} before the last quarter, ${number(m.rss.lastQuarterPeakMiB, ' MiB')} in it`
          : `${name} heap ${signed(m.heapUsed.growthPercent)}, peak ${number(m.rss.secondQuarterPeakMiB, ' MiB')} -> ${number(m.rss.lastQuarterPeakMiB, ' MiB')}`,
      )
      .join('; ');
    return [
      row({
        bench,
        figure: `errors in ${number(r.totals.requests)} requests (${number(r.totals.requestsPerSecond, ' req/s', 1)}, load average ${number(r.machine?.loadAverage?.before?.[0])})`,
        measured: number(r.totals.errors),
        target: '0',
        met: r.totals.errors === 0,
        file,
      }),
      row({
        bench,
        figure: 'reads p99 (p50, p95)',
        measured: `${number(r.reads.p99, ' ms')} (${number(r.reads.p50, ' ms')}, ${number(r.reads.p95, ' ms')})`,
        target: '< 250 ms',
        met: r.reads.p99 < 250,
        file,
      }),
      row({
        bench,
        figure: 'writes p99 (p50, p95)',
        measured: `${number(r.writes.p99, ' ms')} (${number(r.writes.p50, ' ms')}, ${number(r.writes.p95, ' ms')})`,
        target: '< 250 ms',
        met: r.writes.p99 < 250,
        file,
      }),
      ...(r.writesNotWaitingOnStore
        ? [
            row({
              bench,
              figure: 'writes p99 without the two upload steps that wait on the bucket',
              measured: number(r.writesNotWaitingOnStore.p99, ' ms'),
              file,
            }),
          ]
        : []),
      row({
        bench,
        figure:
          'memory: live heap (last quarter against the second), resident set (last quarter against its highest before)',
        measured: growth,
        target: 'flat',
        met: r.targets?.memoryFlat?.met ?? null,
        file,
      }),
    ];
  },
};

const jsonFlood = (engine: string): Source => ({
  file: `json-flood-${engine}.json`,
  rows: (r, file) => [
    row({
      bench: `JSON flood, ${engineName(engine)}`,
      figure:
        `resident set after ${r.rounds} x ${r.width} x 3 sign-up bodies of ~15 MB (a million keys; just under ` +
        `the limits; over the byte limit), collected, vs before`,
      measured:
        `${number(r.ours.before.rssMiB, ' MiB')} → ${number(r.ours.afterForcedGc.rssMiB, ' MiB')} ` +
        `(×${r.ours.rssRatio}; peak ${number(r.ours.peakRssMiB, ' MiB')}; heap ×${r.ours.heapRatio})`,
      target: `≤ ×${1 + r.targetPercent / 100} (RSS and heap)`,
      baseline: `${number(r.bare.before.rssMiB, ' MiB')} → ${number(r.bare.afterForcedGc.rssMiB, ' MiB')} (×${r.bare.rssRatio})`,
      // Less memory kept is better: bare over ours, as for times.
      ratio: ratioOf(r.bare.rssRatio, r.ours.rssRatio),
      met: r.met,
      file,
    }),
  ],
});

export const SOURCES: Source[] = [
  identity('postgres'),
  identity('pglite'),
  jsonFlood('postgres'),
  jsonFlood('pglite'),
  upload,
  transcode,
  firstSound,
  webTransfer,
  firstLoad,
  lighthouse,
  list('song-list', 'postgres'),
  list('song-list', 'pglite'),
  list('artists-list', 'postgres'),
  list('artists-list', 'pglite'),
  discovery('postgres'),
  discovery('pglite'),
  billing('postgres'),
  billing('pglite'),
  renewals('postgres'),
  renewals('pglite'),
  drops('postgres'),
  drops('pglite'),
  downloads('postgres'),
  downloads('pglite'),
  formats('postgres'),
  formats('pglite'),
  coldStart('postgres'),
  coldStart('pglite'),
  soak,
];

/** The run's date, when the file says it (a file's time on disk is when it was checked out, not run). */
const dateOf = (result: Json) => (typeof result.date === 'string' ? result.date.slice(0, 10) : 'undated');

/** The summary's Markdown: the table, then the files not there and those not understood. */
export function summarise(resultsDir = RESULTS): string {
  const rows: (Row & { date: string })[] = [];
  const missing: string[] = [];
  const unreadable: string[] = [];
  for (const source of SOURCES) {
    const file = path.join(resultsDir, source.file);
    if (!fs.existsSync(file)) {
      missing.push(source.file);
      continue;
    }
    try {
      const result = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
      const date = dateOf(result);
      rows.push(...source.rows(result, source.file).map((r) => ({ ...r, date })));
    } catch (error) {
      unreadable.push(`${source.file} (${(error as Error).message})`);
    }
  }
  const verdict = (met: boolean | null) => (met === null ? '' : met ? 'met' : '**missed**');
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    START,
    '## Summary',
    '',
    'Generated by `bench/summary.ts` from `bench/results/*.json` (the files `npm run bench` writes; older',
    'files with other names are the runs the sections below discuss). Do not edit between the markers: the next',
    '`npm run bench` (or `npm run bench:summary -w @hfm/bench`) replaces it. "Ratio" is ours over the bare',
    'baseline for throughput, bare over ours for times, so above 1 is better than the baseline either way.',
    '',
    '| bench | figure | measured | target | bare baseline | ratio | target met | file (date) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) =>
      [r.bench, r.figure, r.measured, r.target, r.baseline, r.ratio, verdict(r.met), `\`${r.file}\` (${r.date})`]
        .map(cell)
        .join(' | ')
        .replace(/^/, '| ')
        .replace(/$/, ' |'),
    ),
    '',
    ...(missing.length ? [`Not run yet (no result file): ${missing.map((f) => `\`${f}\``).join(', ')}.`, ''] : []),
    ...(unreadable.length ? [`Not understood: ${unreadable.join('; ')}.`, ''] : []),
    END,
  ];
  return lines.join('\n');
}

/** docs/performance.md with the summary put in: after the title and introduction, or where it was. */
export function withSummary(doc: string, summary: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start !== -1 && end > start) return `${doc.slice(0, start)}${summary}${doc.slice(end + END.length)}`;
  const firstSection = doc.indexOf('\n## ');
  if (firstSection === -1) return `${doc.trimEnd()}\n\n${summary}\n`;
  return `${doc.slice(0, firstSection + 1)}${summary}\n\n${doc.slice(firstSection + 1)}`;
}

if (import.meta.main) {
  const summary = summarise();
  fs.writeFileSync(DOC, withSummary(fs.readFileSync(DOC, 'utf8'), summary));
  console.log(summary);
}
