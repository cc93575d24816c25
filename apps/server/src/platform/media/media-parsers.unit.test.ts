import { describe, expect, it } from 'vitest';
import { fixHlsPlaylist } from './hls-playlists.js';
import { parseLoudnessSummary, SILENT_PEAK_DB } from './loudness.js';
import { PeaksCollector } from './peaks.js';
import { parseProbeJson } from './probe.js';

describe('fixHlsPlaylist', () => {
  const media = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:6',
    '#EXT-X-MEDIA-SEQUENCE:1',
    '#EXT-X-MAP:URI="init.mp4"',
    '#EXTINF:5.990748,',
    '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T20:21:15.000+0000',
    'segment-00001.m4s',
    '#EXTINF:0.021406,',
    '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T20:21:20.991+0000',
    'segment-00002.m4s',
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

  it('makes a media playlist an on-demand one without invented dates', () => {
    expect(fixHlsPlaylist(media)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-TARGETDURATION:6',
        '#EXT-X-MEDIA-SEQUENCE:1',
        '#EXT-X-MAP:URI="init.mp4"',
        '#EXTINF:5.990748,',
        'segment-00001.m4s',
        '#EXTINF:0.021406,',
        'segment-00002.m4s',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('gives the master playlist the same single version and no playlist type', () => {
    const master =
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=257622,CODECS="mp4a.40.2"\nmedia_0.m3u8\n\n';
    expect(fixHlsPlaylist(master)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=257622,CODECS="mp4a.40.2"\nmedia_0.m3u8\n',
    );
  });

  it('adds the end of list a media playlist lacks, and is stable when run twice', () => {
    const open = media.replace('#EXT-X-ENDLIST\n', '');
    const fixed = fixHlsPlaylist(open);
    expect(fixed.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(fixHlsPlaylist(fixed)).toBe(fixed);
  });

  it('refuses what is not a playlist', () => {
    expect(() => fixHlsPlaylist('<MPD/>')).toThrow('Not an HLS playlist.');
  });
});

describe('parseLoudnessSummary', () => {
  const summary = (integrated: string, lra: string, peak: string) =>
    `[Parsed_ebur128_1 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         ${integrated} LUFS\n    Threshold: -34.7 LUFS\n\n` +
    `  Loudness range:\n    LRA:         ${lra} LU\n    Threshold: -44.7 LUFS\n    LRA low:   -24.7 LUFS\n    LRA high:  -24.7 LUFS\n\n` +
    `  True peak:\n    Peak:      ${peak} dBFS\n`;

  it('reads integrated loudness, range and true peak', () => {
    expect(parseLoudnessSummary('frame lines...\n' + summary('-14.2', '6.5', '-0.8'))).toEqual({
      integratedLufs: -14.2,
      lra: 6.5,
      truePeakDb: -0.8,
    });
  });

  it('keeps silence as numbers that JSON can hold', () => {
    expect(parseLoudnessSummary(summary('-70.0', '0.0', '-inf'))).toEqual({
      integratedLufs: -70,
      lra: 0,
      truePeakDb: SILENT_PEAK_DB,
    });
  });

  it('answers null when there is no summary', () => {
    expect(parseLoudnessSummary('Conversion failed!')).toBeNull();
  });
});

describe('PeaksCollector', () => {
  const pcm = (samples: number[]) => {
    const buffer = Buffer.alloc(samples.length * 2);
    samples.forEach((sample, index) => buffer.writeInt16LE(sample, index * 2));
    return buffer;
  };

  it('keeps the loudest absolute sample of each slice, from 0 to 1', () => {
    const collector = new PeaksCollector(8, 4);
    collector.push(pcm([100, -32767, 0, 16384, -8192, 0, 0, 32767]));
    expect(collector.peaks()).toEqual([1, 0.5, 0.25, 1]);
  });

  it('gives the same peaks however the stream is cut, even mid-sample', () => {
    const samples = Array.from({ length: 1001 }, (_, i) => Math.round(Math.sin(i / 7) * 30000 * (i / 1001)));
    const whole = new PeaksCollector(samples.length, 50);
    whole.push(pcm(samples));
    const pieces = new PeaksCollector(samples.length, 50);
    const bytes = pcm(samples);
    for (let offset = 0; offset < bytes.length; offset += 333) pieces.push(bytes.subarray(offset, offset + 333));
    expect(pieces.peaks()).toEqual(whole.peaks());
    expect(Math.max(...whole.peaks())).toBeGreaterThan(0.8);
  });

  it('clamps to the last slice when the audio runs longer than expected', () => {
    const collector = new PeaksCollector(2, 2);
    collector.push(pcm([0, 0, 32767]));
    expect(collector.peaks()).toEqual([0, 1]);
  });
});

describe('parseProbeJson', () => {
  it('reads the container, the first audio stream and lower-cased tags', () => {
    const result = parseProbeJson({
      format: { format_name: 'wav', duration: '12.5', tags: { TITLE: 'A', artist: 'B' } },
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg' },
        { codec_type: 'audio', codec_name: 'pcm_s24le', sample_rate: '48000', channels: 2, bits_per_sample: 24 },
      ],
    });
    expect(result).toEqual({
      formatName: 'wav',
      durationSeconds: 12.5,
      audio: { codec: 'pcm_s24le', sampleRate: 48000, channels: 2, bitsPerSample: 24 },
      tags: { title: 'A', artist: 'B' },
      streamTypes: ['video', 'audio'],
    });
  });

  it('reads a file without audio or duration as such', () => {
    expect(parseProbeJson({ format: { format_name: 'png_pipe' }, streams: [{ codec_type: 'video' }] })).toMatchObject({
      durationSeconds: 0,
      audio: undefined,
    });
  });
});
