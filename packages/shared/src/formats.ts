/**
 * The download formats, in one list: what a fan may choose in a song's or an album's menu, and what every
 * part of HFM (the server's encoders, the file names, the web menu, size estimates) reads about a format.
 * FLAC, MP3 320 and WAV are made when a song is uploaded; the others are made from the stored FLAC master
 * the first time someone asks for them, then kept (docs/decisions/0051-formats-made-on-first-request.md).
 */
import { z } from 'zod';

export interface DownloadFormatInfo {
  /** What the API calls it: `?format=alac`. */
  id: string;
  /** What the menu calls it. */
  label: string;
  /** The file's extension, without the dot. */
  extension: string;
  /** The file's media type (Content-Type). */
  mime: string;
  lossless: boolean;
  /**
   * Bits per second for a size estimate before the file exists: the encoder's target for lossy formats;
   * for lossless ones, CD audio (16-bit stereo at 44.1 kHz) as stored (FLAC and ALAC at about 60 %).
   */
  estimatedKbps: number;
  /** Made when the song is uploaded; the others on first request. */
  madeAtUpload: boolean;
}

export const DOWNLOAD_FORMAT_LIST = [
  {
    id: 'flac',
    label: 'FLAC',
    extension: 'flac',
    mime: 'audio/flac',
    lossless: true,
    estimatedKbps: 880,
    madeAtUpload: true,
  },
  {
    id: 'alac',
    label: 'ALAC',
    extension: 'm4a',
    mime: 'audio/mp4',
    lossless: true,
    estimatedKbps: 900,
    madeAtUpload: false,
  },
  {
    id: 'aiff',
    label: 'AIFF',
    extension: 'aiff',
    mime: 'audio/aiff',
    lossless: true,
    estimatedKbps: 1411,
    madeAtUpload: false,
  },
  {
    id: 'wav',
    label: 'WAV',
    extension: 'wav',
    mime: 'audio/wav',
    lossless: true,
    estimatedKbps: 1411,
    madeAtUpload: true,
  },
  {
    id: 'mp3',
    label: 'MP3 320',
    extension: 'mp3',
    mime: 'audio/mpeg',
    lossless: false,
    estimatedKbps: 320,
    madeAtUpload: true,
  },
  {
    id: 'mp3-v0',
    label: 'MP3 V0',
    extension: 'mp3',
    mime: 'audio/mpeg',
    lossless: false,
    estimatedKbps: 245,
    madeAtUpload: false,
  },
  {
    id: 'aac',
    label: 'AAC 256',
    extension: 'm4a',
    mime: 'audio/mp4',
    lossless: false,
    estimatedKbps: 256,
    madeAtUpload: false,
  },
  {
    id: 'vorbis',
    label: 'Ogg Vorbis',
    extension: 'ogg',
    mime: 'audio/ogg',
    lossless: false,
    estimatedKbps: 256,
    madeAtUpload: false,
  },
  {
    id: 'opus',
    label: 'Opus',
    extension: 'opus',
    mime: 'audio/ogg',
    lossless: false,
    estimatedKbps: 160,
    madeAtUpload: false,
  },
] as const satisfies readonly DownloadFormatInfo[];

export type DownloadFormat = (typeof DOWNLOAD_FORMAT_LIST)[number]['id'];

/** Every format's id, in the menu's order. */
export const DOWNLOAD_FORMATS = DOWNLOAD_FORMAT_LIST.map((format) => format.id) as [
  DownloadFormat,
  ...DownloadFormat[],
];

/** The formats made when a song is uploaded (its row holds their keys). */
export const UPLOAD_FORMATS = ['flac', 'mp3', 'wav'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** The formats made from the FLAC master on first request. */
export type OnDemandFormat = Exclude<DownloadFormat, UploadFormat>;
export const ON_DEMAND_FORMATS = DOWNLOAD_FORMATS.filter(
  (format): format is OnDemandFormat => !(UPLOAD_FORMATS as readonly string[]).includes(format),
);

export function isUploadFormat(format: DownloadFormat): format is UploadFormat {
  return (UPLOAD_FORMATS as readonly string[]).includes(format);
}

export function downloadFormatInfo(format: DownloadFormat): DownloadFormatInfo {
  return DOWNLOAD_FORMAT_LIST.find((info) => info.id === format)!;
}

/** How each format is named in the download menu. */
export const DOWNLOAD_FORMAT_LABELS = Object.fromEntries(
  DOWNLOAD_FORMAT_LIST.map((format) => [format.id, format.label]),
) as Record<DownloadFormat, string>;

export const downloadFormatSchema = z.enum(DOWNLOAD_FORMATS, {
  error: `Please choose one of: ${DOWNLOAD_FORMATS.join(', ')}.`,
});

/**
 * A file's size before it is made: lossy formats from their bit rate and the duration; lossless ones from
 * the song's FLAC (ALAC compresses about as well) or WAV (AIFF holds the same samples) when those are known,
 * else from CD audio's rate. Whole bytes, never negative.
 */
export function estimateDownloadBytes(
  format: DownloadFormat,
  durationSeconds: number,
  known: { flac?: number; wav?: number } = {},
): number {
  const seconds = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0;
  if ((format === 'alac' || format === 'flac') && known.flac !== undefined) return Math.round(known.flac * 1.04);
  if ((format === 'aiff' || format === 'wav') && known.wav !== undefined) return known.wav;
  const info = downloadFormatInfo(format);
  return Math.round((seconds * info.estimatedKbps * 1000) / 8);
}
