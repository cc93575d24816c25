import { describe, expect, it } from 'vitest';
import { codecArgs, formatEncodeArgs, oggMetadataFile, pictureBlock } from './format-args.js';

const tags = { title: 'A=B; #1', artist: 'Band', album: 'LP', trackNumber: 4, year: '2024' };

describe('format encode arguments', () => {
  it.each([
    ['alac', 16, ['-c:a', 'alac', '-f', 'ipod']],
    ['aac', 16, ['-c:a', 'aac', '-b:a', '256k', '-f', 'ipod']],
    ['aiff', 16, ['-c:a', 'pcm_s16be', '-write_id3v2', '1', '-f', 'aiff']],
    ['aiff', 24, ['-c:a', 'pcm_s24be', '-write_id3v2', '1', '-f', 'aiff']],
    ['mp3-v0', 16, ['-c:a', 'libmp3lame', '-q:a', '0', '-id3v2_version', '3', '-write_id3v1', '1', '-f', 'mp3']],
    ['vorbis', 16, ['-c:a', 'libvorbis', '-q:a', '8', '-f', 'ogg']],
    ['opus', 24, ['-c:a', 'libopus', '-b:a', '160k', '-ar', '48000', '-f', 'ogg']],
  ] as const)('%s from a %i-bit master', (format, bits, expected) => {
    expect(codecArgs(format, bits)).toEqual(expected);
  });

  it('MP4, AIFF and MP3 take the cover as an attached picture and the tags as -metadata', () => {
    const args = formatEncodeArgs({
      format: 'alac',
      inputPath: 'in.flac',
      bitsPerSample: 16,
      tags,
      artworkPath: 'cover.jpg',
      outputPath: 'out.m4a',
    });
    expect(args.join(' ')).toContain(
      '-i in.flac -i cover.jpg -map 0:a:0 -map 1:v:0 -c:v copy -disposition:v:0 attached_pic',
    );
    expect(args).toContain('title=A=B; #1');
    expect(args).toContain('track=4');
    expect(args).toContain('date=2024');
    expect(args.at(-1)).toBe('out.m4a');
  });

  it('Ogg reads tags and cover from an ffmetadata file, escaped', () => {
    const args = formatEncodeArgs({
      format: 'opus',
      inputPath: 'in.flac',
      bitsPerSample: 16,
      tags,
      metadataPath: 'tags.txt',
      outputPath: 'out.opus',
    });
    expect(args.join(' ')).toContain('-f ffmetadata -i tags.txt -map 0:a:0 -map_metadata 1');
    const file = oggMetadataFile(tags, { mime: 'image/png', width: 2, height: 3, data: Buffer.from([1, 2]) });
    expect(file.split('\n').slice(0, 6)).toEqual([
      ';FFMETADATA1',
      'title=A\\=B\\; \\#1',
      'artist=Band',
      'album=LP',
      'track=4',
      'date=2024',
    ]);
    expect(file).toMatch(/^METADATA_BLOCK_PICTURE=[A-Za-z0-9+/]+(\\=)*$/m);
  });

  it('writes a FLAC picture block: front cover, type, size, data', () => {
    const block = pictureBlock({ mime: 'image/png', width: 2, height: 3, data: Buffer.from([9, 8, 7]) }, 'x');
    expect(block.readUInt32BE(0)).toBe(3);
    expect(block.readUInt32BE(4)).toBe(9);
    expect(block.subarray(8, 17).toString()).toBe('image/png');
    expect(block.readUInt32BE(17)).toBe(1);
    expect(block.readUInt32BE(22)).toBe(2);
    expect(block.readUInt32BE(26)).toBe(3);
    expect(block.readUInt32BE(38)).toBe(3);
    expect([...block.subarray(42)]).toEqual([9, 8, 7]);
  });
});
