import type { Readable } from 'node:stream';
import {
  audioNameProblem,
  contentTypeOfName,
  extensionOf,
  messages,
  songDirectoryName,
  UPLOAD_PART_SIZE,
  type CompleteUploadBody,
  type PublicSong,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors/app-error.js';
import { uploadError } from '../../http/multipart.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import { requireAccess, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { updateSongRow, type SongRow } from './songs.repository.js';
import { getSong, loadSong } from './songs.service.js';
import { withTransaction } from '../../platform/db/transaction.js';
import { enqueueTranscode, TRANSCODE_JOB } from './songs.jobs.js';
import { admitUploadedOriginal, assertByteQuota, assertSongQuota } from './songs.limits.js';
import { countSongUpload } from './songs.metrics.js';
import { countUploadInFlight } from '../../platform/metrics/metrics.js';

/** A part URL stays valid long enough for a large file on a slow line. */
const PART_URL_SECONDS = 6 * 60 * 60;
export const DIRECT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** WAV, FLAC, AIFF or ALAC by name (decision 0053); a lossy name is told why, anything else the spec's words. */
function assertLosslessName(name: string, type: string): void {
  const problem = audioNameProblem(name, type);
  if (problem) throw new AppError('UNSUPPORTED_MEDIA_TYPE', problem, { file: problem });
}

/** `{prefix}original/{name}`: the name cleaned for a key, its extension (the container) always kept. */
function originalKey(prefix: string, name: string): string {
  const extension = extensionOf(name);
  const stem = cleanKeySegment(name.slice(0, name.length - extension.length)).slice(0, 90);
  return `${prefix}original/${stem}${extension}`;
}

/** `songs/{song directory}/{songId}/`: every file made from the song lives under it. */
export async function mediaPrefixOf(ctx: AppContext, song: SongRow): Promise<string> {
  if (song.mediaPrefix) return song.mediaPrefix;
  const artist = await findArtistById(ctx.db, song.artistId);
  return `songs/${cleanKeySegment(songDirectoryName(song.artistId, artist?.name ?? ''))}/${song.id}/`;
}

function assertUploadable(song: SongRow): void {
  if (song.status === 'uploading') throw new AppError('CONFLICT', 'This song is already being processed.');
}

/** A failed song holds no place in the quota of songs: a new file for it takes one again. */
async function assertPlaceForFile(ctx: AppContext, song: SongRow): Promise<void> {
  if (song.status === 'failed') await assertSongQuota(ctx, song.artistId);
}

export async function presignSongUpload(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  file: { name: string; size: number; type: string },
) {
  await requireAccess(ctx, actor, 'song.manage', [songId]);
  const song = await loadSong(ctx, songId);
  assertUploadable(song);
  assertLosslessName(file.name, file.type);
  await assertPlaceForFile(ctx, song);
  if (file.size > ctx.config.maxUploadBytes) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
  await assertByteQuota(ctx, song, file.size);
  const prefix = await mediaPrefixOf(ctx, song);
  const key = originalKey(prefix, file.name);
  let uploadId = await resumableUpload(ctx, song, key, file);
  if (!uploadId) {
    uploadId = await startUpload(ctx, song, key, file.size);
    countSongUpload(ctx, 'started');
  }
  const partCount = Math.max(1, Math.ceil(file.size / UPLOAD_PART_SIZE));
  const urls: string[] = [];
  for (let part = 1; part <= partCount; part++) {
    urls.push(await ctx.storage.presignUploadPart(key, uploadId, part, PART_URL_SECONDS));
  }
  await updateSongRow(ctx.db, song.id, {
    mediaPrefix: prefix,
    uploadId,
    originalKey: key,
    originalFileName: file.name,
    originalSize: file.size,
    failureReason: null,
  });
  return [{ uploadId, key, urls }];
}

/**
 * The same file presigned again (same name and size, e.g. after the page was reloaded mid-upload) keeps its
 * upload: fresh URLs, and the parts already stored stay, so the client sends only the rest.
 */
async function resumableUpload(
  ctx: AppContext,
  song: SongRow,
  key: string,
  file: { name: string; size: number },
): Promise<string | null> {
  if (!song.uploadId || song.originalKey !== key || song.originalSize !== file.size) return null;
  // Only "no such upload" starts afresh: storage that is briefly away must not cost the parts already sent.
  const stillThere = await ctx.storage.listParts(key, song.uploadId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    },
  );
  return stillThere ? song.uploadId : null;
}

async function startUpload(ctx: AppContext, song: SongRow, key: string, size: number): Promise<string> {
  if (song.uploadId && song.originalKey) {
    await ctx.storage.abortMultipartUpload(song.originalKey, song.uploadId).catch(() => undefined);
  }
  return ctx.storage.createMultipartUpload(key, contentTypeOfName(key), { size });
}

/** The song whose upload this is (the caller's access line has passed). */
async function findSongUpload(ctx: AppContext, songId: string, uploadId: string, key: string) {
  const song = await loadSong(ctx, songId);
  if (!song.uploadId || song.uploadId !== uploadId || song.originalKey !== key) {
    throw badRequest('This upload does not belong to this song. Please start the upload again.', {
      uploadId: 'Unknown upload.',
    });
  }
  return song;
}

/** The parts already stored, so an interrupted upload sends only the rest. */
export async function listSongUploadParts(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  uploadId: string,
  key: string,
) {
  await requireAccess(ctx, actor, 'song.manage', [songId]);
  await findSongUpload(ctx, songId, uploadId, key);
  return { parts: await ctx.storage.listParts(key, uploadId) };
}

export async function completeSongUpload(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  body: CompleteUploadBody,
): Promise<PublicSong> {
  await requireAccess(ctx, actor, 'song.manage', [songId]);
  const song = await findSongUpload(ctx, songId, body.uploadId, body.key);
  const stored = await ctx.storage.completeMultipartUpload(body.key, body.uploadId, body.parts);
  await startProcessing(ctx, song, stored.size);
  return getSong(ctx, actor, songId);
}

/** A small file in one request (multipart field `file`). */
export async function directSongUpload(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  file: { filename: string; mimetype: string; stream: Readable },
): Promise<PublicSong> {
  await requireAccess(ctx, actor, 'song.manage', [songId]);
  const song = await loadSong(ctx, songId);
  assertUploadable(song);
  try {
    assertLosslessName(file.filename, file.mimetype);
  } catch (error) {
    file.stream.resume();
    throw error;
  }
  await assertPlaceForFile(ctx, song).catch((error: unknown) => {
    file.stream.resume();
    throw error;
  });
  const prefix = await mediaPrefixOf(ctx, song);
  const key = originalKey(prefix, file.filename);
  countSongUpload(ctx, 'started');
  try {
    await countUploadInFlight(ctx.platform.metrics, 'direct', () =>
      ctx.storage.put(key, file.stream, contentTypeOfName(key)),
    );
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw uploadError(error);
  }
  if ((file.stream as Readable & { truncated?: boolean }).truncated) {
    await ctx.storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
  }
  const size = (await ctx.storage.stat(key))?.size ?? 0;
  await updateSongRow(ctx.db, song.id, { mediaPrefix: prefix, originalKey: key, originalFileName: file.filename });
  await startProcessing(ctx, { ...song, mediaPrefix: prefix, originalKey: key }, size);
  return getSong(ctx, actor, songId);
}

async function startProcessing(ctx: AppContext, song: SongRow, size: number): Promise<void> {
  await assertByteQuota(ctx, song, size);
  const durationSeconds = await admitUploadedOriginal(ctx, song, song.originalKey!, size);
  // One transaction: a crash cannot leave a song 'uploading' with no job to move it on.
  await withTransaction(ctx, async (tx) => {
    await updateSongRow(tx.db, song.id, {
      status: 'uploading',
      uploadId: null,
      originalSize: size,
      failureReason: null,
    });
    await enqueueTranscode(tx, song, durationSeconds);
  });
  // The send's own wake-up came before the commit, when there was nothing yet to find.
  ctx.jobs.wake(TRANSCODE_JOB);
  countSongUpload(ctx, 'completed');
}
