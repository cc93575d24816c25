import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { describe, expect, it } from 'vitest';
import { parseRange } from './media-headers.js';
import { checkCompletion, expectedPartSize, partETagHex } from './multipart-rules.js';

const etag = (n: number) => `"${String(n).repeat(32).slice(0, 32)}"`;
const stored = [
  { PartNumber: 1, ETag: etag(1), Size: UPLOAD_PART_SIZE },
  { PartNumber: 2, ETag: etag(2), Size: 10 },
];
const limits = { maxUploadBytes: 10 * UPLOAD_PART_SIZE };

describe('multipart rules', () => {
  it('reads quoted and bare MD5 ETags and nothing else', () => {
    expect(partETagHex('"0123456789abcdef0123456789ABCDEF"')).toBe('0123456789abcdef0123456789abcdef');
    expect(partETagHex('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    for (const bad of [undefined, '', '"abc"', '"0123456789abcdef0123456789abcdef-2"', 42])
      expect(partETagHex(bad)).toBeNull();
  });

  it('accepts the parts in order and answers the size and multipart ETag', () => {
    const result = checkCompletion(
      [
        { PartNumber: 1, ETag: etag(1) },
        { PartNumber: 2, ETag: etag(2) },
      ],
      stored,
      limits,
    );
    expect(result.size).toBe(UPLOAD_PART_SIZE + 10);
    expect(result.ETag).toMatch(/^"[0-9a-f]{32}-2"$/);
  });

  it.each([
    [
      'reordered',
      [
        { PartNumber: 2, ETag: etag(2) },
        { PartNumber: 1, ETag: etag(1) },
      ],
      400,
    ],
    ['a gap', [{ PartNumber: 2, ETag: etag(2) }], 400],
    [
      'a wrong ETag',
      [
        { PartNumber: 1, ETag: etag(3) },
        { PartNumber: 2, ETag: etag(2) },
      ],
      400,
    ],
    [
      'a part not uploaded',
      [
        { PartNumber: 1, ETag: etag(1) },
        { PartNumber: 2, ETag: etag(2) },
        { PartNumber: 3, ETag: etag(3) },
      ],
      400,
    ],
    [
      'a total over the limit',
      [
        { PartNumber: 1, ETag: etag(1) },
        { PartNumber: 2, ETag: etag(2) },
      ],
      413,
      { maxUploadBytes: 1024 },
    ],
  ] as const)('refuses %s', (_name, parts, status, limit: { maxUploadBytes: number } = limits) => {
    expect(() => checkCompletion(parts as never, stored, limit)).toThrow(expect.objectContaining({ status }));
  });

  it('refuses a part other than the last that is not exactly 5,242,880 bytes', () => {
    const short = [{ ...stored[0]!, Size: UPLOAD_PART_SIZE - 1 }, stored[1]!];
    const parts = short.map(({ PartNumber, ETag }) => ({ PartNumber, ETag }));
    expect(() => checkCompletion(parts, short, limits)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('knows the exact size of each part of a declared file', () => {
    expect(expectedPartSize(2 * UPLOAD_PART_SIZE + 5, 1)).toBe(UPLOAD_PART_SIZE);
    expect(expectedPartSize(2 * UPLOAD_PART_SIZE + 5, 3)).toBe(5);
    expect(expectedPartSize(2 * UPLOAD_PART_SIZE, 3)).toBeNull();
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,4-5', null],
    ['items=0-1', null],
    [undefined, null],
  ] as const)('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
