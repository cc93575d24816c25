import { z } from 'zod';
import { downloadFormatSchema } from './formats.js';
import { idParams } from './answers.js';
import { DOWNLOADS_STATES, SONG_STATUSES } from './constants.js';
import { paged } from './pagination.js';
import { releaseAtField } from './releases.js';

export const releaseDateMessage = 'Please enter a valid release date (MM/DD/YYYY).';

const RELEASE_DATE_PATTERN = /^(0[1-9]|1[0-2])[-/ .](0[1-9]|[12]\d|3[01])[-/ .]((?:19|20)\d\d)$/;

/** MM/DD/YYYY, a real calendar day (release dates may be in the future). */
export function isValidReleaseDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = RELEASE_DATE_PATTERN.exec(value.trim());
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

export const releaseDateField = z
  .string({ error: releaseDateMessage })
  .refine(isValidReleaseDate, { error: releaseDateMessage });

/** Fields an artist edits on a song (Edit Song Info). */
export const songFields = {
  title: z.string().trim().max(200).optional().nullable(),
  additionalArtists: optionalText(300),
  publisher: optionalText(200),
  songWriters: optionalText(300),
  ISRC: z
    .string()
    .trim()
    .regex(/^$|^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/i, { error: 'Please enter a valid ISRC (e.g. US-S1Z-99-00001).' })
    .optional()
    .nullable(),
  embedCode: optionalText(2000),
  explicit: z.boolean().optional(),
  releaseDate: releaseDateField,
  /** A scheduled release minute; set, the release date becomes its UTC day. */
  releaseAt: releaseAtField,
  trackNumber: z.number().int().min(1).max(999).optional().nullable(),
  isExclusive: z.boolean().optional(),
  comment: optionalText(2000),
  active: z.boolean().optional(),
  albumIDs: z.array(z.string().uuid()).max(50).optional(),
};

export const createSongBody = z.object({ ...songFields, artistID: z.string().uuid().optional() });
export type CreateSongBody = z.input<typeof createSongBody>;

export const updateSongBody = z.object({ ...songFields, releaseDate: releaseDateField.optional() });
export type UpdateSongBody = z.input<typeof updateSongBody>;

export const publicSong = z.object({
  _id: z.string(),
  id: z.string(),
  artistID: z.string(),
  title: z.string(),
  additionalArtists: z.string().nullable(),
  publisher: z.string().nullable(),
  songWriters: z.string().nullable(),
  ISRC: z.string().nullable(),
  // The spec's streamFile, dashManifest, previewFile and downloadFile are storage keys: never in an answer.
  // Playback URLs come signed from /play, downloads from /download.
  embedCode: z.string().nullable(),
  explicit: z.boolean(),
  releaseDate: z.string().nullable(),
  /** The scheduled release minute (ISO), or null. */
  releaseAt: z.string().nullable(),
  trackNumber: z.number().nullable(),
  isExclusive: z.boolean(),
  comment: z.string().nullable(),
  isFullPreview: z.boolean(),
  fullPreviewPosition: z.number(),
  plays: z.number(),
  hifives: z.number(),
  status: z.enum(SONG_STATUSES),
  /** Null until the song is ready; `preparing` while it already plays and its downloads are being made. */
  downloads: z.enum(DOWNLOADS_STATES).nullable(),
  failureReason: z.string().nullable(),
  duration: z.number().nullable(),
  active: z.boolean(),
  albumID: z.string().nullable(),
  albumIDs: z.array(z.string()),
  loudness: z.object({ integratedLufs: z.number(), truePeakDb: z.number(), lra: z.number() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicSong = z.infer<typeof publicSong>;

export const pagedSongs = paged(publicSong);
export type PagedSongs = z.infer<typeof pagedSongs>;

export const songIdParams = idParams('Not a song id.');
export const artistSongsParams = z.object({ artistID: z.uuid({ error: 'Not an artist id.' }) });

/**
 * GET /api/songs/{id}/peaks: the waveform, kept out of song lists and fetched by the player on its own.
 * `peaks` is base64 of `count` unsigned bytes, one per slice of the song: 0 is silence, 255 full scale.
 * `count` is 0 until the song is transcoded.
 */
export const songPeaks = z.object({ id: z.string(), count: z.number().int(), peaks: z.string() });
export type SongPeaks = z.infer<typeof songPeaks>;

/** The largest value a peak byte carries (full scale). */
export const PEAK_SCALE = 255;

export const fullPreviewPositionBody = z.object({
  position: z.number().int().min(0).max(10_000),
  artistID: z.string().uuid().optional(),
});

export const fullPreviewEntry = z.object({
  id: z.string(),
  updatedAt: z.string(),
  isFullPreview: z.boolean(),
  fullPreviewPosition: z.number(),
});
export type FullPreviewEntry = z.infer<typeof fullPreviewEntry>;

/** The artist's full-preview songs in order, as every full-preview change answers them. */
export const fullPreviewList = z.array(fullPreviewEntry);

export const uploadFileEntry = z.object({
  name: z.string().trim().min(1).max(255),
  size: z.number().int().positive(),
  type: z.string().max(100).optional().default(''),
  s3Path: z.string().max(500).optional().nullable(),
});

/** GET /api/songs/upload-limits: what the upload screen states before the artist chooses files. */
export const uploadLimits = z.object({
  /** The containers accepted, all lossless (decision 0053): 'WAV', 'FLAC', 'AIFF', 'ALAC'. */
  formats: z.array(z.string()),
  /** The file name endings the picker takes: '.wav', '.flac', '.aiff', '.aif', '.aifc', '.m4a'. */
  extensions: z.array(z.string()),
  /** Lowest sample rate accepted, in Hz. */
  minSampleRate: z.number(),
  /** Longest song accepted, in seconds (MAX_SONG_SECONDS). */
  maxSongSeconds: z.number(),
  /** Largest file accepted, in bytes (MAX_UPLOAD_BYTES). */
  maxFileBytes: z.number(),
  /** The account waits for approval: the smaller quota holds. */
  awaitingApproval: z.boolean(),
  /** Songs the artist may still add (failed songs hold no place). */
  songsLeft: z.number(),
  /** Bytes of originals the artist may still upload. */
  bytesLeft: z.number(),
});
export type UploadLimits = z.infer<typeof uploadLimits>;

export const presignUploadBody = z.object({
  files: z.array(uploadFileEntry).min(1, { error: 'Choose an audio file to upload.' }).max(1, {
    error: 'Upload one file per song.',
  }),
});

export const presignedUpload = z.object({ uploadId: z.string(), key: z.string(), urls: z.array(z.string()) });
export type PresignedUpload = z.infer<typeof presignedUpload>;
export const presignedUploads = z.array(presignedUpload);

/** A part as the completion call lists it. */
export const uploadedPart = z.object({ ETag: z.string().max(200), PartNumber: z.number().int().min(1).max(10_000) });
export type UploadedPart = z.infer<typeof uploadedPart>;

export const uploadPartsQuery = z.object({ uploadId: z.string().min(1).max(200), key: z.string().min(1).max(1024) });

/** GET /api/songs/upload-parts/{id}: the parts the storage already holds. */
export const storedParts = z.object({
  parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })),
});
export type StoredParts = z.infer<typeof storedParts>;
export type StoredPart = StoredParts['parts'][number];

export const completeUploadBody = z.object({
  key: z.string().min(1).max(1024),
  uploadId: z.string().min(1).max(200),
  parts: z.array(uploadedPart).min(1).max(10_000),
  artistID: z.string().optional().nullable(),
  s3Path: z.string().max(500).optional().nullable(),
  fileName: z.string().max(255).optional().nullable(),
});
export type CompleteUploadBody = z.infer<typeof completeUploadBody>;

export const playbackAnswer = z.object({
  full: z.boolean(),
  hls: z.string().nullable(),
  dash: z.string().nullable(),
  preview: z.string().nullable(),
  duration: z.number().nullable(),
  /** Seconds the listener may hear: the duration when `full`, else at most MAX_PREVIEW_SECONDS. */
  playableSeconds: z.number().nullable(),
  /**
   * Gain in dB that brings the song toward LOUDNESS_TARGET_LUFS (from its stored EBU R128 measure), capped
   * so the true peak stays at or below -1 dBTP; 0 when the song was never measured.
   */
  gainDb: z.number(),
});
export type PlaybackAnswer = z.infer<typeof playbackAnswer>;

/** The loudness songs are played at when normalisation is on (what streaming services use). */
export const LOUDNESS_TARGET_LUFS = -14;

export const downloadQuery = z.object({ format: downloadFormatSchema.default('flac') });
/** 200: the file is made; a short-lived signed URL of it. */
export const downloadAnswer = z.object({ url: z.string() });
export type DownloadAnswer = z.infer<typeof downloadAnswer>;

/** What a file being made answers, how long before asking again. */
export const DOWNLOAD_RETRY_AFTER_SECONDS = 1;
export const DOWNLOAD_PREPARING_MESSAGE = 'Preparing your download…';

/**
 * 202: the file is being made (from the FLAC master, on the first request for it): ask again after
 * `retryAfterSeconds` (also in the Retry-After header).
 */
export const downloadPreparing = z.object({
  state: z.literal('preparing'),
  message: z.string(),
  retryAfterSeconds: z.number().int().min(1),
});
export type DownloadPreparing = z.infer<typeof downloadPreparing>;
