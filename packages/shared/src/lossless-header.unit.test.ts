/// <reference types="node" />
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  audioFileProblem,
  MAX_LOSSLESS_EXPANSION,
  MediaTypeRejectedError,
  readLosslessHeader,
} from './lossless-header.js';
import { audioNameProblem, contentTypeOfName, LOSSLESS_MESSAGES, losslessAccept } from './lossless-containers.js';
import { messages } from './messages.js';
import { MediaRejectedError, WAV_MESSAGES } from './wav-header.js';

/** A quarter second of 440 Hz in each container, made by ffmpeg (test-fixtures/audio/make.sh). */
const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(new URL(`../test-fixtures/audio/${name}`, import.meta.url)));

const limits = { maxSeconds: 7200 };

function source(bytes: Uint8Array) {
  return {
    size: bytes.length,
    read: async (position: number, length: number) => bytes.slice(position, position + length),
  };
}

const read = (bytes: Uint8Array, name: string, max = limits) => readLosslessHeader(source(bytes), name, max);

function indexOf(bytes: Uint8Array, text: string): number {
  return Buffer.from(bytes).indexOf(text, 0, 'latin1');
}

describe('the header of each lossless container, made by ffmpeg', () => {
  it.each([
    ['tone.wav', 'tone.wav', { container: 'wav', sampleRate: 44_100, bitsPerSample: 16 }],
    ['tone.flac', 'tone.flac', { container: 'flac', sampleRate: 44_100, bitsPerSample: 16 }],
    ['tone-24bit-96k.flac', 'Take 2.FLAC', { container: 'flac', sampleRate: 96_000, bitsPerSample: 24 }],
    ['tone.aiff', 'tone.aif', { container: 'aiff', sampleRate: 44_100, bitsPerSample: 16 }],
    ['tone.m4a', 'tone.m4a', { container: 'alac', sampleRate: 44_100, bitsPerSample: 16 }],
  ])('%s read as %s', async (file, name, expected) => {
    const header = await read(fixture(file), name);
    expect(header).toMatchObject({ ...expected, channels: 2 });
    expect(header.seconds).toBeCloseTo(0.25, 2);
    expect(await audioFileProblem(source(fixture(file)), name, limits)).toBeNull();
  });
});

describe('lossy files, refused with the reason, whatever their name', () => {
  it.each([
    ['tone.mp3', 'song.mp3', 'MP3'],
    ['tone.mp3', 'renamed.wav', 'MP3'],
    ['tone.mp3', 'renamed.flac', 'MP3'],
    ['tone-aac.m4a', 'song.m4a', 'AAC'],
    ['tone-aac.m4a', 'renamed.wav', 'AAC'],
    ['tone.opus', 'song.opus', 'Opus'],
    ['tone.ogg', 'renamed.aiff', 'Ogg Vorbis'],
  ])('%s named %s is %s', async (file, name, label) => {
    const attempt = read(fixture(file), name);
    await expect(attempt).rejects.toThrow(new MediaTypeRejectedError(LOSSLESS_MESSAGES.lossy(label)));
    await expect(attempt).rejects.toBeInstanceOf(MediaTypeRejectedError);
  });

  it('says why in words for a musician', () => {
    expect(LOSSLESS_MESSAGES.lossy('MP3')).toBe(
      'This is an MP3 file, which has already lost detail. Upload the lossless master: WAV, FLAC, AIFF or ALAC.',
    );
    expect(LOSSLESS_MESSAGES.lossy('Opus')).toMatch(/^This is an Opus file/);
  });
});

describe('files that are not what they say', () => {
  const noise = Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256);

  it.each([
    ['noise.wav', WAV_MESSAGES.notWav],
    ['noise.flac', 'This file is not a FLAC audio file.'],
    ['noise.aiff', 'This file is not an AIFF audio file.'],
    ['noise.m4a', 'This file is not an ALAC audio file.'],
  ])('random bytes named %s', async (name, message) => {
    await expect(read(noise, name)).rejects.toThrow(new MediaTypeRejectedError(message));
  });

  it('asks for the real extension when a lossless file is renamed', async () => {
    await expect(read(fixture('tone.flac'), 'master.wav')).rejects.toThrow(
      'This file holds FLAC audio but its name ends in .wav. Rename it to end in .flac and upload it again.',
    );
    await expect(read(fixture('tone.wav'), 'master.m4a')).rejects.toThrow(/holds WAV audio .* end in \.wav/);
  });

  it('refuses names that are no audio we take, in the spec’s words, before a byte is read', async () => {
    await expect(read(fixture('tone.wav'), 'notes.txt')).rejects.toThrow(messages.unsupportedAudio);
  });
});

describe('truncated files', () => {
  it.each([
    ['tone.flac', 20, 'FLAC'],
    ['tone.aiff', 30_000, 'AIFF'],
    ['tone.m4a', 3_000, 'ALAC'],
  ])('%s cut to %i bytes is damaged', async (file, length, label) => {
    const cut = fixture(file).slice(0, length);
    await expect(read(cut, file)).rejects.toThrow(`This ${label} file is damaged and cannot be read.`);
  });

  it('keeps the WAV messages exactly', async () => {
    await expect(read(fixture('tone.wav').slice(0, 30_000), 'tone.wav')).rejects.toThrow(WAV_MESSAGES.damaged);
  });
});

describe('lying headers', () => {
  /** FLAC STREAMINFO's total samples (36 bits from byte 21's low nibble). */
  function flacClaiming(totalSamples: number, sampleRate = 44_100): Uint8Array {
    const bytes = fixture('tone.flac');
    const view = new DataView(bytes.buffer);
    bytes[18] = (sampleRate >> 12) & 0xff;
    bytes[19] = (sampleRate >> 4) & 0xff;
    bytes[20] = ((sampleRate & 0x0f) << 4) | (bytes[20]! & 0x0f);
    bytes[21] = (bytes[21]! & 0xf0) | Math.floor(totalSamples / 2 ** 32);
    view.setUint32(22, totalSamples % 2 ** 32);
    return bytes;
  }

  it('refuses a tiny FLAC that claims hours (a decompression bomb)', async () => {
    const hour = flacClaiming(44_100 * 3600);
    await expect(read(hour, 'bomb.flac')).rejects.toThrow(/says it holds 1 h of audio in only 11 KB/);
    const threeHours = flacClaiming(44_100 * 3 * 3600);
    await expect(read(threeHours, 'bomb.flac')).rejects.toThrow(LOSSLESS_MESSAGES.tooLong(3 * 3600, 7200));
  });

  it('takes a FLAC packed as tightly as real music, and refuses one past the bound', async () => {
    const bytes = fixture('tone.flac');
    const fits = Math.floor((MAX_LOSSLESS_EXPANSION * bytes.length) / 4);
    await expect(read(flacClaiming(fits), 'fits.flac')).resolves.toMatchObject({ container: 'flac' });
    await expect(read(flacClaiming(fits + 2), 'past.flac')).rejects.toThrow(/far more than lossless audio fits/);
  });

  it('refuses a FLAC that does not say its length, or claims a rate too low for music', async () => {
    await expect(read(flacClaiming(0), 'stream.flac')).rejects.toThrow(LOSSLESS_MESSAGES.unknownLength('flac'));
    await expect(read(flacClaiming(2000, 8000), 'phone.flac')).rejects.toThrow(
      LOSSLESS_MESSAGES.lowSampleRate('flac', 8000),
    );
  });

  it('refuses an AIFF whose COMM counts more frames than SSND holds, or that holds compressed audio', async () => {
    const bytes = fixture('tone.aiff');
    new DataView(bytes.buffer).setUint32(22, 44_100 * 3600);
    await expect(read(bytes, 'long.aiff')).rejects.toThrow(LOSSLESS_MESSAGES.damaged('aiff'));
    const ulaw = fixture('tone.aiff');
    const form = Buffer.from(ulaw);
    form.write('AIFC', 8, 'latin1');
    const comm = Buffer.concat([form.subarray(0, 16), Buffer.from([0, 0, 0, 22])]);
    const body = Buffer.concat([form.subarray(20, 38), Buffer.from('ulaw', 'latin1')]);
    const rest = form.subarray(38);
    const aifc = new Uint8Array(Buffer.concat([comm, body, rest]));
    await expect(read(aifc, 'ulaw.aifc')).rejects.toThrow(LOSSLESS_MESSAGES.compressedAiff);
  });

  it('refuses an ALAC whose duration claims hours in a few kilobytes', async () => {
    const bytes = fixture('tone.m4a');
    const mdhd = indexOf(bytes, 'mdhd');
    const view = new DataView(bytes.buffer);
    const timescale = view.getUint32(mdhd + 16);
    view.setUint32(mdhd + 20, timescale * 3600);
    await expect(read(bytes, 'bomb.m4a')).rejects.toThrow(/This ALAC file says it holds 1 h of audio/);
  });
});

describe('names and types', () => {
  it.each([
    ['song.wav', 'audio/wav', null],
    ['song.flac', 'audio/flac', null],
    ['song.FLAC', '', null],
    ['song.aif', 'audio/x-aiff', null],
    ['song.aifc', 'application/octet-stream', null],
    ['song.m4a', 'audio/x-m4a', null],
    ['song.mp3', 'audio/mpeg', LOSSLESS_MESSAGES.lossy('MP3')],
    ['song.ogg', 'audio/ogg', LOSSLESS_MESSAGES.lossy('Ogg Vorbis')],
    ['song.wav', 'text/plain', messages.unsupportedAudio],
    ['song.txt', '', messages.unsupportedAudio],
  ])('%s (%s)', (name, type, expected) => {
    expect(audioNameProblem(name, type)).toBe(expected);
  });

  it('stores each container with its own content type, and the picker takes every name', () => {
    expect(['a.wav', 'a.flac', 'a.aiff', 'a.m4a'].map(contentTypeOfName)).toEqual([
      'audio/wav',
      'audio/flac',
      'audio/aiff',
      'audio/mp4',
    ]);
    expect(new Set(Object.values(losslessAccept()).flat())).toEqual(
      new Set(['.wav', '.flac', '.aiff', '.aif', '.aifc', '.m4a']),
    );
  });

  it('never lets a refusal escape as anything but a MediaRejectedError', async () => {
    const garbage = fixture('tone.m4a').map((byte, index) => (index > 40 ? 0xff : byte));
    await expect(read(garbage, 'garbage.m4a')).rejects.toBeInstanceOf(MediaRejectedError);
  });
});
