import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from './ffmpeg.js';
import { checkWav, MediaRejectedError, WAV_MESSAGES } from './wav.js';

const tools = resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
let dir: string;

function ffmpeg(file: string, ...args: string[]): string {
  const target = path.join(dir, file);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', ...args, target]);
  return target;
}

function write(file: string, bytes: Buffer): string {
  const target = path.join(dir, file);
  fs.writeFileSync(target, bytes);
  return target;
}

/** A WAV written byte by byte, as a plain PCM writer would. */
function pcmWav(samples: number, options: { declaredDataBytes?: number; formatTag?: number } = {}): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin(i / 10) * 10000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(options.formatTag ?? 1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(44100, 24);
  header.writeUInt32LE(88200, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(options.declaredDataBytes ?? data.length, 40);
  return Buffer.concat([header, data]);
}

async function reason(file: string): Promise<string> {
  const error = await checkWav(tools, file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MediaRejectedError);
  return (error as Error).message;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-wav-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('checkWav', () => {
  it('accepts 16-bit, 24-bit and float WAVs and reads their format and duration', async () => {
    expect(await checkWav(tools, ffmpeg('s16.wav', '-c:a', 'pcm_s16le'))).toEqual({
      durationSeconds: 2,
      sampleRate: 44100,
      channels: 1,
      bitsPerSample: 16,
      codec: 'pcm_s16le',
    });
    expect(await checkWav(tools, ffmpeg('s24.wav', '-c:a', 'pcm_s24le', '-ar', '48000'))).toMatchObject({
      sampleRate: 48000,
      bitsPerSample: 24,
    });
    expect(await checkWav(tools, ffmpeg('f32.wav', '-c:a', 'pcm_f32le'))).toMatchObject({ codec: 'pcm_f32le' });
  });

  it('accepts a WAV written by hand, byte by byte', async () => {
    expect((await checkWav(tools, write('hand.wav', pcmWav(44100)))).durationSeconds).toBeCloseTo(1, 3);
  });

  it('accepts a WAV whose writer could not go back to fill in the data size', async () => {
    const info = await checkWav(tools, write('streamed.wav', pcmWav(22050, { declaredDataBytes: 0xffffffff })));
    expect(info.durationSeconds).toBeCloseTo(0.5, 2);
  });

  it('rejects other audio renamed .wav: MP3, FLAC, Ogg', async () => {
    expect(await reason(ffmpeg('mp3.wav', '-c:a', 'libmp3lame', '-f', 'mp3'))).toBe(WAV_MESSAGES.notWav);
    expect(await reason(ffmpeg('flac.wav', '-c:a', 'flac', '-f', 'flac'))).toBe(WAV_MESSAGES.notWav);
    expect(await reason(ffmpeg('ogg.wav', '-c:a', 'libvorbis', '-f', 'ogg'))).toBe(WAV_MESSAGES.notWav);
  });

  it('rejects text, an empty file and an AVI (another RIFF kind)', async () => {
    expect(await reason(write('text.wav', Buffer.from('hello, this is not audio')))).toBe(WAV_MESSAGES.notWav);
    expect(await reason(write('empty.wav', Buffer.alloc(0)))).toBe(WAV_MESSAGES.notWav);
    const avi = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST'), Buffer.alloc(100)]);
    expect(await reason(write('avi.wav', avi))).toBe(WAV_MESSAGES.notWav);
  });

  it('rejects a WAV cut short, or one whose header ends before the data', async () => {
    expect(await reason(write('cut.wav', pcmWav(44100).subarray(0, 40_000)))).toBe(WAV_MESSAGES.damaged);
    expect(await reason(write('header-only.wav', pcmWav(44100).subarray(0, 30)))).toBe(WAV_MESSAGES.damaged);
  });

  it('rejects a WAV with compressed audio inside', async () => {
    expect(await reason(ffmpeg('adpcm.wav', '-c:a', 'adpcm_ms'))).toBe(WAV_MESSAGES.compressed);
  });

  it('rejects a WAV with no samples', async () => {
    expect(await reason(write('silent.wav', pcmWav(0)))).toBe(WAV_MESSAGES.empty);
  });
});

/** One second of 16-bit mono audio under a header that lies: its fields as given, or RF64 with a ds64 size. */
function hostileWav(fields: {
  channels?: number;
  sampleRate?: number;
  blockAlign?: number;
  dataBytes?: number;
  rf64DataBytes?: bigint;
}): Buffer {
  const wav = pcmWav(44100);
  if (fields.channels !== undefined) wav.writeUInt16LE(fields.channels, 22);
  if (fields.sampleRate !== undefined) wav.writeUInt32LE(fields.sampleRate, 24);
  if (fields.blockAlign !== undefined) wav.writeUInt16LE(fields.blockAlign, 32);
  if (fields.dataBytes !== undefined) wav.writeUInt32LE(fields.dataBytes, 40);
  if (fields.rf64DataBytes === undefined) return wav;
  const ds64 = Buffer.alloc(8 + 28);
  ds64.write('ds64', 0, 'latin1');
  ds64.writeUInt32LE(28, 4);
  ds64.writeBigUInt64LE(BigInt(wav.length + ds64.length), 8);
  ds64.writeBigUInt64LE(fields.rf64DataBytes, 16);
  const header = Buffer.from(wav.subarray(0, 12));
  header.write('RF64', 0, 'latin1');
  header.writeUInt32LE(0xffffffff, 4);
  const rest = Buffer.from(wav.subarray(12));
  rest.writeUInt32LE(0xffffffff, 28); // the data chunk's size: see ds64
  return Buffer.concat([header, ds64, rest]);
}

describe('checkWav: headers that claim more than the file holds (WAV bombs)', () => {
  it.each([
    ['a 2 GB data chunk in a 88 KB file', { dataBytes: 0x7ffffff0 }],
    ['an RF64 data size of 2^62 bytes', { rf64DataBytes: 2n ** 62n }],
    ['65,535 channels', { channels: 65_535 }],
    ['no channels', { channels: 0 }],
    ['a sample rate of 4,294,967,295 Hz', { sampleRate: 0xffffffff }],
    ['frames of 0 bytes', { blockAlign: 0 }],
    ['frames of 65,535 bytes for one channel', { blockAlign: 65_535 }],
  ])('refuses %s as damaged, from the header', async (name, fields) => {
    expect(await reason(write(`${name.replace(/\W+/g, '-')}.wav`, hostileWav(fields)))).toBe(WAV_MESSAGES.damaged);
  });

  it('still reads an honest RF64 file', async () => {
    const honest = hostileWav({ rf64DataBytes: 88_200n });
    const info = await checkWav(tools, write('rf64.wav', honest));
    expect(info.durationSeconds).toBeCloseTo(1, 1);
  });
});
