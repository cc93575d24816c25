import { describe, expect, it } from 'vitest';
import { decodeToPcmArgs, pcmCodecFor } from './lossless.js';

describe('decoding a FLAC, AIFF or ALAC original to the PCM WAV every output is made from', () => {
  it.each([
    [16, 'flac', 'pcm_s16le'],
    [20, 'flac', 'pcm_s24le'],
    [24, 'alac', 'pcm_s24le'],
    [32, 'flac', 'pcm_s32le'],
    [16, 'pcm_s16be', 'pcm_s16le'],
    [32, 'pcm_f32be', 'pcm_f32le'],
    [64, 'pcm_f64be', 'pcm_f64le'],
  ])('%i-bit %s keeps its depth as %s', (bits, codec, expected) => {
    expect(pcmCodecFor(bits, codec)).toBe(expected);
  });

  it('stops at the length the header allows, keeps only the first audio stream, drops the tags', () => {
    const args = decodeToPcmArgs('/in/take.flac', 'pcm_s24le', 12.3456, '/w/source/decoded.wav');
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual(['-i', '/in/take.flac']);
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '12.346']);
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 2)).toEqual(['-map', '0:a:0']);
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 2)).toEqual(['-c:a', 'pcm_s24le']);
    expect(args).toContain('-nostdin');
    expect(args.slice(-3)).toEqual(['-f', 'wav', '/w/source/decoded.wav']);
  });
});
