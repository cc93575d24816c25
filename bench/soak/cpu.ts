/**
 * Where the machine's CPU goes during the soak, read from Linux's /proc: every process's user + system time,
 * summed per group (each HFM server process by its role and port, PostgreSQL, moto, Caddy, ffmpeg, the soak
 * itself, everything else), so a slow read can be told apart from a machine whose cores something else holds.
 * Off Linux (no /proc) it records nothing.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux Node runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  group: string;
  ticks: number;
}

function readFile(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** An HFM server process is named by its ROLE and PORT (from its environment); others by their command. */
function groupOf(pid: number, comm: string): string {
  if (pid === process.pid) return 'soak';
  if (comm === 'node' || comm.startsWith('MainThread')) {
    const environ = readFile(`/proc/${pid}/environ`) ?? '';
    const vars = new Map(environ.split('\0').map((pair) => [pair.split('=')[0], pair.slice(pair.indexOf('=') + 1)]));
    const cmdline = readFile(`/proc/${pid}/cmdline`) ?? '';
    if (cmdline.includes('dist/main.js') && vars.has('ROLE')) return `${vars.get('ROLE')}:${vars.get('PORT')}`;
    return 'node (other)';
  }
  if (comm.startsWith('postgres')) return 'postgres';
  if (comm === 'moto_server' || comm.startsWith('python')) return 'moto';
  if (comm === 'caddy') return 'caddy';
  if (comm === 'ffmpeg' || comm === 'ffprobe') return 'ffmpeg';
  return 'other';
}

function snapshot(): Map<number, ProcessTimes> {
  const times = new Map<number, ProcessTimes>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return times;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readFile(`/proc/${pid}/stat`);
    if (!stat) continue;
    // The command sits in parentheses and may itself hold spaces or parentheses: split after the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // Fields 14 and 15 of the man page (utime, stime), counted from the state field (3) here.
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number.isFinite(ticks)) times.set(pid, { group: groupOf(pid, comm), ticks });
  }
  return times;
}

/**
 * Cores used per group between two snapshots (1 = one core busy the whole time). A process that started in
 * between counts from zero; one that ended in between is lost for that window (short-lived ffmpeg runs
 * undercount a little).
 */
function coresBetween(before: Map<number, ProcessTimes>, after: Map<number, ProcessTimes>, seconds: number) {
  const ticks = new Map<string, number>();
  for (const [pid, now] of after) {
    const used = now.ticks - (before.get(pid)?.ticks ?? 0);
    if (used > 0) ticks.set(now.group, (ticks.get(now.group) ?? 0) + used);
  }
  return Object.fromEntries(
    [...ticks.entries()]
      .sort(([, a], [, b]) => b - a)
      .map(([group, used]) => [group, Math.round((used / TICKS_PER_SECOND / seconds) * 100) / 100]),
  );
}

export interface CpuSample {
  seconds: number;
  /** Cores used per group over the window before this sample. */
  cores: Record<string, number>;
}

/** Takes a snapshot now; each `sample()` answers the cores used per group since the previous one. */
export function cpuMeter() {
  let last = snapshot();
  let lastAt = Date.now();
  const started = lastAt;
  const samples: CpuSample[] = [];
  return {
    samples,
    cores: os.cpus().length,
    sample(): CpuSample {
      const now = snapshot();
      const at = Date.now();
      const sample = {
        seconds: Math.round((at - started) / 1000),
        cores: coresBetween(last, now, (at - lastAt) / 1000),
      };
      samples.push(sample);
      last = now;
      lastAt = at;
      return sample;
    },
  };
}

/** The mean cores per group over all samples, busiest first. */
export function meanCores(samples: CpuSample[]): Record<string, number> {
  const sums = new Map<string, number>();
  for (const sample of samples)
    for (const [group, cores] of Object.entries(sample.cores)) sums.set(group, (sums.get(group) ?? 0) + cores);
  return Object.fromEntries(
    [...sums.entries()]
      .sort(([, a], [, b]) => b - a)
      .map(([group, sum]) => [group, Math.round((sum / Math.max(1, samples.length)) * 100) / 100]),
  );
}
