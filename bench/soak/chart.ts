/**
 * The soak's plot: a self-contained SVG of three panels over time (requests per second, p99 latency of reads
 * and writes against the 250 ms target, each process's resident memory), and a PNG of it rendered by
 * Debian's Chromium (playwright-core), for the docs.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface SeriesPoint {
  seconds: number;
  requestsPerSecond: number;
  readP99Ms: number | null;
  writeP99Ms: number | null;
  errors: number;
  rssMiB: Record<string, number | null>;
  heapUsedMiB: Record<string, number | null>;
  /** Older result files have none. */
  liveHeapMiB?: Record<string, number | null>;
  eventLoopLagP99Ms: Record<string, number | null>;
}

interface Line {
  label: string;
  color: string;
  points: [number, number | null][];
  dashed?: boolean;
}

const WIDTH = 960;
const PANEL = 210;
const LEFT = 70;
const RIGHT = 230;
const TOP = 40;
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A tidy top for an axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

function panel(title: string, unit: string, lines: Line[], top: number, maxSeconds: number, floor = 0): string {
  const values = lines.flatMap((line) => line.points.map(([, y]) => y)).filter((y): y is number => y !== null);
  const yMax = niceMax(Math.max(floor, ...values));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (seconds: number) => LEFT + (seconds / Math.max(1, maxSeconds)) * plotWidth;
  const y = (value: number) => top + PANEL - (value / yMax) * PANEL;
  const parts = [
    `<text x="${LEFT}" y="${top - 10}" font-weight="bold">${escape(title)}</text>`,
    `<rect x="${LEFT}" y="${top}" width="${plotWidth}" height="${PANEL}" fill="none" stroke="#999"/>`,
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const value = (yMax / 4) * tick;
    parts.push(
      `<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${y(value)}" y2="${y(value)}" stroke="#eee"/>`,
      `<text x="${LEFT - 6}" y="${y(value) + 4}" text-anchor="end">${Math.round(value).toLocaleString('en-US')}${tick === 4 ? ` ${unit}` : ''}</text>`,
    );
  }
  const minuteStep = maxSeconds > 900 ? 300 : 60;
  for (let seconds = 0; seconds <= maxSeconds; seconds += minuteStep) {
    parts.push(`<text x="${x(seconds)}" y="${top + PANEL + 16}" text-anchor="middle">${seconds / 60} min</text>`);
  }
  lines.forEach((line, n) => {
    const segments: string[] = [];
    let pen = 'M';
    for (const [seconds, value] of line.points) {
      if (value === null) {
        pen = 'M';
        continue;
      }
      segments.push(`${pen}${x(seconds).toFixed(1)},${y(Math.min(value, yMax)).toFixed(1)}`);
      pen = 'L';
    }
    parts.push(
      `<path d="${segments.join(' ')}" fill="none" stroke="${line.color}" stroke-width="2"${line.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<line x1="${WIDTH - RIGHT + 12}" x2="${WIDTH - RIGHT + 32}" y1="${top + 14 + n * 20}" y2="${top + 14 + n * 20}" stroke="${line.color}" stroke-width="2"${line.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<text x="${WIDTH - RIGHT + 38}" y="${top + 18 + n * 20}">${escape(line.label)}</text>`,
    );
  });
  return parts.join('\n');
}

export function soakSvg(series: SeriesPoint[], caption: string, runSeconds: number): string {
  const maxSeconds = Math.max(runSeconds, ...series.map((point) => point.seconds));
  const processes = [...new Set(series.flatMap((point) => Object.keys(point.rssMiB)))];
  const height = TOP + 4 * (PANEL + 60) + 10;
  const body = [
    panel(
      'Requests per second (10 s windows)',
      'req/s',
      [{ label: 'all requests', color: COLORS[0]!, points: series.map((p) => [p.seconds, p.requestsPerSecond]) }],
      TOP + 20,
      maxSeconds,
    ),
    panel(
      'Latency p99 (10 s windows)',
      'ms',
      [
        { label: 'reads p99', color: COLORS[0]!, points: series.map((p) => [p.seconds, p.readP99Ms]) },
        { label: 'writes p99', color: COLORS[1]!, points: series.map((p) => [p.seconds, p.writeP99Ms]) },
        {
          label: 'read target 250 ms',
          color: '#555',
          dashed: true,
          points: [
            [0, 250],
            [maxSeconds, 250],
          ],
        },
      ],
      TOP + 20 + PANEL + 60,
      maxSeconds,
      300,
    ),
    panel(
      'Memory per process: resident (solid), V8 heap in use (dashed)',
      'MiB',
      processes.flatMap((name, n): Line[] => [
        {
          label: `${name} RSS`,
          color: COLORS[n % COLORS.length]!,
          points: series.map((p) => [p.seconds, p.rssMiB[name] ?? null]),
        },
        {
          label: `${name} heap`,
          color: COLORS[n % COLORS.length]!,
          dashed: true,
          points: series.map((p) => [p.seconds, p.heapUsedMiB[name] ?? null]),
        },
      ]),
      TOP + 20 + 2 * (PANEL + 60),
      maxSeconds,
    ),
    panel(
      'Live heap per process: V8 heap in use after the last full collection',
      'MiB',
      processes.map((name, n): Line => ({
        label: `${name} live heap`,
        color: COLORS[n % COLORS.length]!,
        points: series.map((p) => [p.seconds, p.liveHeapMiB?.[name] ?? null]),
      })),
      TOP + 20 + 3 * (PANEL + 60),
      maxSeconds,
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${LEFT}" y="22" font-size="15" font-weight="bold">${escape(caption)}</text>
${body.join('\n')}
</svg>
`;
}

/** Writes the SVG and, when Chromium is there, a PNG of it beside it. Answers the files written. */
export async function writeChart(svg: string, svgFile: string, chromium = '/usr/bin/chromium'): Promise<string[]> {
  fs.mkdirSync(path.dirname(svgFile), { recursive: true });
  fs.writeFileSync(svgFile, svg);
  if (!fs.existsSync(chromium)) return [svgFile];
  const pngFile = svgFile.replace(/\.svg$/, '.png');
  const { chromium: launcher } = await import('playwright-core');
  const browser = await launcher.launch({ executablePath: chromium });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 400 } });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: pngFile });
  } finally {
    await browser.close();
  }
  return [svgFile, pngFile];
}
