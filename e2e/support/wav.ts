import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A 16-bit stereo PCM WAV file of a sine tone, written to a temp folder; answers its path. */
export function writeWav(name: string, seconds: number, frequency = 440): string {
  const sampleRate = 44_100;
  const channels = 2;
  const frames = Math.round(seconds * sampleRate);
  const dataBytes = frames * channels * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let frame = 0; frame < frames; frame++) {
    const sample = Math.round(Math.sin((2 * Math.PI * frequency * frame) / sampleRate) * 10_000);
    wav.writeInt16LE(sample, 44 + frame * 4);
    wav.writeInt16LE(sample, 46 + frame * 4);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-wav-')), name);
  fs.writeFileSync(file, wav);
  return file;
}
