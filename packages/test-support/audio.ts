import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A stereo 440 Hz tone in the container `name` ends in (.flac, .aiff, .m4a as ALAC, .mp3), made by ffmpeg. */
export function writeAudio(name: string, seconds: number, codecArgs: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-audio-')), name);
  const tone = `sine=f=440:r=44100:d=${seconds}`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', tone, '-ac', '2', ...codecArgs, file]);
  return file;
}
