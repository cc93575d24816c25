/** What the discovery bench captures from the server and replays in the bare handler. */

export interface CapturedQuery {
  text: string;
  params: unknown[];
  startMs: number;
  endMs: number;
}

/** One request's statements, grouped into waves: the statements of a wave ran at the same time. */
export type Waves = { text: string; params: unknown[] }[][];

export interface Captures {
  /** endpoint -> variant -> waves */
  [endpoint: string]: Waves[];
}

export type ChildRequest =
  | { id: number; op: 'capture-start' }
  | { id: number; op: 'capture-stop' }
  | { id: number; op: 'member-cookie' }
  | { id: number; op: 'sample' };

/** Statements that overlap in time form one wave; a statement that starts after all before it ended starts the next. */
export function toWaves(queries: CapturedQuery[]): Waves {
  const waves: Waves = [];
  let waveEnd = -Infinity;
  for (const query of [...queries].sort((a, b) => a.startMs - b.startMs)) {
    if (waves.length === 0 || query.startMs >= waveEnd) waves.push([]);
    waves.at(-1)!.push({ text: query.text, params: query.params });
    waveEnd = Math.max(waveEnd, query.endMs);
  }
  return waves;
}
