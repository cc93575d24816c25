import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeWav } from '../../apps/server/src/test/wav.ts';

/** A 16-bit stereo PCM WAV file of a sine tone, written to a temp folder; answers its path. */
export function writeWav(name: string, seconds: number, frequency = 440): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-wav-')), name);
  fs.writeFileSync(file, makeWav(seconds, { frequency }));
  return file;
}
