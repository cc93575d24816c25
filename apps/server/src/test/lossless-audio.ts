import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How ffmpeg makes each kind of upload a test sends: the lossless containers and the lossy ones refused. */
const ENCODERS = {
  flac: ['-c:a', 'flac', '-f', 'flac'],
  flac24: ['-c:a', 'flac', '-sample_fmt', 's32', '-f', 'flac'],
  aiff: ['-c:a', 'pcm_s16be', '-f', 'aiff'],
  alac: ['-c:a', 'alac', '-f', 'ipod'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'],
  aac: ['-c:a', 'aac', '-b:a', '192k', '-f', 'ipod'],
} as const;

export type TestAudioKind = keyof typeof ENCODERS;

/** `seconds` of a stereo tone at 44.1 kHz in the given container, made by ffmpeg, as bytes. */
export function makeAudio(kind: TestAudioKind, seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-audio-'));
  try {
    const file = path.join(dir, 'tone');
    const tone = `sine=f=440:r=44100:d=${seconds}`;
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', tone, '-ac', '2', ...ENCODERS[kind], file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A FLAC whose STREAMINFO claims `totalSamples` (36 bits from byte 21's low nibble), whatever its frames hold. */
export function flacClaiming(flac: Buffer, totalSamples: number): Buffer {
  const copy = Buffer.from(flac);
  copy[21] = (copy[21]! & 0xf0) | Math.floor(totalSamples / 2 ** 32);
  copy.writeUInt32BE(totalSamples % 2 ** 32, 22);
  return copy;
}
