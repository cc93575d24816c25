import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_FORMAT_LIST,
  DOWNLOAD_FORMATS,
  estimateDownloadBytes,
  ON_DEMAND_FORMATS,
  UPLOAD_FORMATS,
} from './formats.js';
import { downloadOptionText } from './library.js';

describe('the download formats', () => {
  it('are the nine fans choose from, in menu order, the three of the upload among them', () => {
    expect(DOWNLOAD_FORMATS).toEqual(['flac', 'alac', 'aiff', 'wav', 'mp3', 'mp3-v0', 'aac', 'vorbis', 'opus']);
    expect(UPLOAD_FORMATS.every((format) => DOWNLOAD_FORMATS.includes(format))).toBe(true);
    expect(ON_DEMAND_FORMATS).toEqual(['alac', 'aiff', 'mp3-v0', 'aac', 'vorbis', 'opus']);
    expect(DOWNLOAD_FORMAT_LIST.filter((format) => format.lossless).map((format) => format.id)).toEqual([
      'flac',
      'alac',
      'aiff',
      'wav',
    ]);
  });

  it.each([
    ['opus', 60, {}, 1_200_000],
    ['mp3', 60, {}, 2_400_000],
    ['aac', 0, {}, 0],
    ['alac', 60, { flac: 1000 }, 1040],
    ['aiff', 60, { wav: 5000 }, 5000],
    ['aiff', 1, {}, 176_375],
  ] as const)('estimates %s for %i s as %i bytes', (format, seconds, known, bytes) => {
    expect(estimateDownloadBytes(format, seconds, known)).toBe(bytes);
  });

  it('shows an estimate with ~', () => {
    expect(downloadOptionText({ label: 'Opus', bytes: 1_200_000, estimated: true })).toBe('Opus · ~1.2 MB');
    expect(downloadOptionText({ label: 'FLAC', bytes: 24_100_000, estimated: false })).toBe('FLAC · 24.1 MB');
  });
});
