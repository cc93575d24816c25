import {
  CONTAINER_FACTS,
  LOSSLESS_CONTAINERS,
  LOSSLESS_EXTENSIONS,
  MediaTypeRejectedError,
  MIN_SAMPLE_RATE,
  readLosslessHeader,
  terminationMessages,
  type UploadLimits,
} from '@hfm/shared';
import type { ArtistQuota } from '../../config.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors/app-error.js';
import { MediaRejectedError, type ByteSource } from '../../platform/media/wav.js';
import type { ObjectStorage } from '../../platform/storage/storage.js';
import { type Actor, requireArtistToManage } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { songUsageOfArtist, updateSongRow, type SongRow } from './songs.repository.js';

const GIB = 1024 ** 3;

function formatBytes(bytes: number): string {
  if (bytes >= GIB) return `${Number((bytes / GIB).toFixed(1))} GiB`;
  return `${Math.round(bytes / 1024 ** 2)} MiB`;
}

export const QUOTA_MESSAGES = {
  songs: (limit: number, pending: boolean) =>
    pending
      ? `You can have at most ${limit} songs while your artist account waits for approval.`
      : `You can have at most ${limit} songs. Please delete one before adding another.`,
  bytes: (limit: number, pending: boolean) =>
    pending
      ? `This upload would take your songs past ${formatBytes(limit)}, the space allowed while your artist account waits for approval.`
      : `This upload would take your songs past ${formatBytes(limit)}, the space allowed for an artist.`,
};

/** Also refuses any new music from an artist who has left (decision 0021): 409. */
async function quotaOf(ctx: AppContext, artistId: string): Promise<{ quota: ArtistQuota; pending: boolean }> {
  const artist = await findArtistById(ctx.db, artistId);
  if (artist?.status === 'CANCELLED') throw new AppError('CONFLICT', terminationMessages.noNewMusic);
  const active = artist?.status === 'ACTIVE';
  return { quota: ctx.config.artistQuotas[active ? 'active' : 'pending'], pending: !active };
}

/** What the upload screen states before files are chosen: the file rules and the room left. */
export async function getUploadLimits(ctx: AppContext, actor: Actor): Promise<UploadLimits> {
  const artistId = await requireArtistToManage(ctx, actor, undefined);
  const { quota, pending } = await quotaOf(ctx, artistId);
  const usage = await songUsageOfArtist(ctx.db, artistId);
  return {
    formats: LOSSLESS_CONTAINERS.map((container) => CONTAINER_FACTS[container].label),
    extensions: LOSSLESS_EXTENSIONS,
    minSampleRate: MIN_SAMPLE_RATE,
    maxSongSeconds: ctx.config.maxSongSeconds,
    maxFileBytes: ctx.config.maxUploadBytes,
    awaitingApproval: pending,
    songsLeft: Math.max(0, quota.songs - usage.songs),
    bytesLeft: Math.max(0, quota.bytes - usage.bytes),
  };
}

/** Before a song is made: the artist has room for one more. */
export async function assertSongQuota(ctx: AppContext, artistId: string): Promise<void> {
  const { quota, pending } = await quotaOf(ctx, artistId);
  const usage = await songUsageOfArtist(ctx.db, artistId);
  if (usage.songs >= quota.songs) throw new AppError('CONFLICT', QUOTA_MESSAGES.songs(quota.songs, pending));
}

/** Before a file is taken for a song: its bytes and the artist's other originals fit the quota. */
export async function assertByteQuota(ctx: AppContext, song: Pick<SongRow, 'id' | 'artistId'>, bytes: number) {
  const { quota, pending } = await quotaOf(ctx, song.artistId);
  const usage = await songUsageOfArtist(ctx.db, song.artistId, song.id);
  if (usage.bytes + bytes > quota.bytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', QUOTA_MESSAGES.bytes(quota.bytes, pending), {
      file: QUOTA_MESSAGES.bytes(quota.bytes, pending),
    });
  }
}

/**
 * Every container's header starts in the file's first bytes (WAV and AIFF chunks, FLAC's STREAMINFO, an MP4
 * whose index comes first): read them in one request, not one per field (a WAV took five ranged GETs).
 */
export const HEADER_WINDOW_BYTES = 64 * 1024;

/**
 * The stored original (of `size` bytes, known to the caller) as a ByteSource: its first HEADER_WINDOW_BYTES
 * fetched once and kept, a read beyond them (an MP4 index at the end) fetched on its own. Null when the object
 * is not there.
 */
export async function storedSource(storage: ObjectStorage, key: string, size: number): Promise<ByteSource | null> {
  const known = { size, contentType: 'application/octet-stream' };
  const fetchRange = async (position: number, length: number): Promise<Buffer | null> => {
    const end = Math.min(size, position + length) - 1;
    const object = await storage.get(key, { start: position, end }, known);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const head = size > 0 ? await fetchRange(0, HEADER_WINDOW_BYTES) : Buffer.alloc(0);
  if (!head) return null;
  const read = async (position: number, length: number) => {
    if (position >= size || length <= 0) return Buffer.alloc(0);
    if (position + length <= head.length) return head.subarray(position, position + length);
    return (await fetchRange(position, length)) ?? Buffer.alloc(0);
  };
  return { size, read };
}

/**
 * At upload completion, before any work is queued, the header by the rule the browser ran (decision
 * 0053): a lossy or unknown file, a renamed container, a damaged header, a sample rate below 22,050 Hz,
 * a song longer than MAX_SONG_SECONDS, or a FLAC/ALAC bomb is refused at once; the song fails with the
 * reason and the request answers 415 (the wrong kind of file) or 400. Answers the audio's length in
 * seconds. The job confirms with ffprobe and the decoder.
 */
export async function admitUploadedOriginal(
  ctx: AppContext,
  song: SongRow,
  key: string,
  size: number,
): Promise<number> {
  const source = await storedSource(ctx.storage, key, size);
  if (!source) return ctx.config.maxSongSeconds;
  try {
    const header = await readLosslessHeader(source, key, { maxSeconds: ctx.config.maxSongSeconds });
    return header.seconds;
  } catch (error) {
    if (!(error instanceof MediaRejectedError)) throw error;
    await updateSongRow(ctx.db, song.id, { status: 'failed', uploadId: null, failureReason: error.message });
    const code = error instanceof MediaTypeRejectedError ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION';
    throw new AppError(code, error.message, { file: error.message });
  }
}
