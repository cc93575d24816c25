/**
 * ffmpeg arguments of the formats made on first request, from the FLAC master (pure: unit-tested without
 * running ffmpeg). Every file carries the song's tags and its cover: MP4 (ALAC, AAC), AIFF and MP3 take
 * the cover as an attached picture; Ogg (Vorbis, Opus) as a METADATA_BLOCK_PICTURE comment, which ffmpeg
 * 5.1's Ogg muxer cannot write from a picture stream, read with the tags from an ffmetadata file (a
 * base64 cover is too long for one command-line argument).
 */
import type { OnDemandFormat } from '@hfm/shared';

export interface FormatTags {
  title: string;
  artist: string;
  album?: string | undefined;
  trackNumber?: number | undefined;
  /** Four digits, from the release date. */
  year?: string | undefined;
}

export interface FormatEncode {
  format: OnDemandFormat;
  /** The FLAC master. */
  inputPath: string;
  /** Its bits per sample (16 or 24; 0 when unknown): AIFF keeps the master's depth. */
  bitsPerSample: number;
  tags: FormatTags;
  /** JPEG or PNG (MP4, AIFF, MP3). */
  artworkPath?: string | undefined;
  /** The ffmetadata file for Ogg (tags and cover), from oggMetadataFile(). */
  metadataPath?: string | undefined;
  outputPath: string;
}

const QUIET_ARGS = ['-hide_banner', '-nostdin', '-nostats', '-y'];

/** What each format's audio is encoded with, and its container. */
export function codecArgs(format: OnDemandFormat, bitsPerSample: number): string[] {
  switch (format) {
    case 'alac':
      return ['-c:a', 'alac', '-f', 'ipod'];
    case 'aac':
      return ['-c:a', 'aac', '-b:a', '256k', '-f', 'ipod'];
    case 'aiff':
      return ['-c:a', bitsPerSample > 16 ? 'pcm_s24be' : 'pcm_s16be', '-write_id3v2', '1', '-f', 'aiff'];
    case 'mp3-v0':
      return ['-c:a', 'libmp3lame', '-q:a', '0', '-id3v2_version', '3', '-write_id3v1', '1', '-f', 'mp3'];
    case 'vorbis':
      return ['-c:a', 'libvorbis', '-q:a', '8', '-f', 'ogg'];
    case 'opus':
      // Opus runs at 48 kHz whatever the source; 160 kb/s is transparent for music.
      return ['-c:a', 'libopus', '-b:a', '160k', '-ar', '48000', '-f', 'ogg'];
  }
}

export function isOggFormat(format: OnDemandFormat): boolean {
  return format === 'vorbis' || format === 'opus';
}

function tagPairs(tags: FormatTags): Array<[string, string]> {
  const pairs: Array<[string, string | undefined]> = [
    ['title', tags.title],
    ['artist', tags.artist],
    ['album', tags.album],
    ['track', tags.trackNumber === undefined ? undefined : String(tags.trackNumber)],
    ['date', tags.year],
  ];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

/** One encode: the master's audio (its own tags dropped), the song's tags, the cover, the format's codec. */
export function formatEncodeArgs(encode: FormatEncode): string[] {
  const args = [...QUIET_ARGS, '-i', encode.inputPath];
  if (isOggFormat(encode.format)) {
    if (!encode.metadataPath) throw new Error('An Ogg encode reads its tags from an ffmetadata file.');
    args.push('-f', 'ffmetadata', '-i', encode.metadataPath, '-map', '0:a:0', '-map_metadata', '1');
  } else {
    if (encode.artworkPath) args.push('-i', encode.artworkPath);
    args.push('-map', '0:a:0');
    if (encode.artworkPath) {
      args.push('-map', '1:v:0', '-c:v', 'copy', '-disposition:v:0', 'attached_pic');
      args.push('-metadata:s:v:0', 'title=Album cover', '-metadata:s:v:0', 'comment=Cover (front)');
    }
    args.push('-map_metadata', '-1');
    for (const [key, value] of tagPairs(encode.tags)) args.push('-metadata', `${key}=${value}`);
  }
  return [...args, ...codecArgs(encode.format, encode.bitsPerSample), encode.outputPath];
}

/** ffmetadata's escapes: `=`, `;`, `#`, `\` and newlines are preceded by a backslash. */
function escapeMetadata(value: string): string {
  return value.replace(/[=;#\\\n]/g, (char) => `\\${char}`);
}

export interface Picture {
  mime: string;
  width: number;
  height: number;
  data: Buffer;
}

/** A FLAC METADATA_BLOCK_PICTURE (type 3, front cover), as Vorbis comments carry it (base64). */
export function pictureBlock(picture: Picture, description = 'Cover (front)'): Buffer {
  const mime = Buffer.from(picture.mime, 'ascii');
  const text = Buffer.from(description, 'utf8');
  const header = Buffer.alloc(4 + 4 + mime.length + 4 + text.length + 16 + 4);
  let at = 0;
  at = header.writeUInt32BE(3, at);
  at = header.writeUInt32BE(mime.length, at);
  at += mime.copy(header, at);
  at = header.writeUInt32BE(text.length, at);
  at += text.copy(header, at);
  at = header.writeUInt32BE(picture.width, at);
  at = header.writeUInt32BE(picture.height, at);
  at = header.writeUInt32BE(24, at); // colour depth
  at = header.writeUInt32BE(0, at); // indexed colours: none
  header.writeUInt32BE(picture.data.length, at);
  return Buffer.concat([header, picture.data]);
}

/** The ffmetadata file of an Ogg encode: the tags, and the cover when there is one. */
export function oggMetadataFile(tags: FormatTags, picture?: Picture): string {
  const lines = [';FFMETADATA1'];
  for (const [key, value] of tagPairs(tags)) lines.push(`${key}=${escapeMetadata(value)}`);
  if (picture) lines.push(`METADATA_BLOCK_PICTURE=${escapeMetadata(pictureBlock(picture).toString('base64'))}`);
  return `${lines.join('\n')}\n`;
}
