import { describe, expect, it } from 'vitest';
import { downloadOptionText, formatBytes } from './library.js';

describe('formatBytes: sizes as people read them (decimal units)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [812_345, '812 KB'],
    [9_600_000, '9.6 MB'],
    [24_123_456, '24.1 MB'],
    [999_960, '1.0 MB'],
    [1_234_000_000, '1.2 GB'],
    [-1, ''],
    [Number.NaN, ''],
  ])('%d bytes is "%s"', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('names a menu entry "FLAC · 24.1 MB"', () => {
    expect(downloadOptionText({ label: 'FLAC', bytes: 24_123_456 })).toBe('FLAC · 24.1 MB');
  });
});
