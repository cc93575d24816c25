export interface Loudness {
  /** Integrated loudness, LUFS (ebur128 reads silence as -70). */
  integratedLufs: number;
  /** True peak, dBTP; a silent file reads -inf, kept as SILENT_PEAK_DB so it stays a JSON number. */
  truePeakDb: number;
  /** Loudness range, LU. */
  lra: number;
}

export const SILENT_PEAK_DB = -144;

const patterns = {
  integratedLufs: /^\s*I:\s+(-?[\d.]+|-?inf) LUFS/m,
  lra: /^\s*LRA:\s+(-?[\d.]+|-?inf) LU\b/m,
  truePeakDb: /^\s*Peak:\s+(-?[\d.]+|-?inf) dBFS/m,
};

/** Reads the summary ffmpeg's ebur128 filter prints last on stderr; null when it is missing. */
export function parseLoudnessSummary(stderr: string): Loudness | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  if (!summary.startsWith('Summary:')) return null;
  const read = (pattern: RegExp) => {
    const value = pattern.exec(summary)?.[1];
    if (value === undefined) return undefined;
    return value.endsWith('inf') ? SILENT_PEAK_DB : Number(value);
  };
  const integratedLufs = read(patterns.integratedLufs);
  const lra = read(patterns.lra);
  const truePeakDb = read(patterns.truePeakDb);
  if (integratedLufs === undefined || lra === undefined || truePeakDb === undefined) return null;
  return { integratedLufs, truePeakDb, lra };
}
