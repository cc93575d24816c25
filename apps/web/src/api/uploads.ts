import {
  STATUS_POLL_MAX_ATTEMPTS,
  STATUS_POLL_MS,
  UPLOAD_PART_SIZE,
  type CompleteUploadBody,
  type PresignedUpload,
  type PublicArtist,
  type PublicSong,
  type StoredPart,
  type UploadedPart,
} from '@hfm/shared';
import { api } from './client';
import { fetchSong } from './songs/get-song';

export interface PartRange {
  PartNumber: number;
  start: number;
  end: number;
}

/** PUTs one part's bytes and answers its ETag; onProgress gets the bytes sent so far. */
export type PutPart = (url: string, body: Blob, onProgress: (loaded: number) => void) => Promise<string>;

/** The file cut into parts of exactly `partSize` bytes, except the last (part numbers start at 1). */
export function partRanges(size: number, partSize = UPLOAD_PART_SIZE): PartRange[] {
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, index) => ({
    PartNumber: index + 1,
    start: index * partSize,
    end: Math.min(size, (index + 1) * partSize),
  }));
}

const ETAG_PATTERN = /^(W\/)?"?[^"\s,]+"?$/;

/** The part's tag as the completion call needs it; a missing or malformed tag is an error. */
export function readETag(header: string | null, partNumber: number): string {
  const tag = header?.trim();
  if (!tag || !ETAG_PATTERN.test(tag)) throw new Error(`Part ${partNumber} came back without a valid ETag.`);
  return tag;
}

/** XMLHttpRequest rather than fetch: it reports real upload progress. */
export const putPartWithXhr: PutPart = (url, body, onProgress) =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(`The upload of a part failed (${request.status}).`));
        return;
      }
      onProgress(body.size);
      resolve(request.getResponseHeader('ETag') ?? '');
    };
    request.onerror = () => reject(new Error('The connection dropped while uploading.'));
    request.onabort = () => reject(new Error('The upload was cancelled.'));
    request.send(body);
  });

export interface UploadPartsOptions {
  file: Blob;
  urls: string[];
  putPart?: PutPart;
  concurrency?: number;
  retries?: number;
  /** Parts already stored by an earlier attempt: those of the expected size are not sent again. */
  stored?: StoredPart[];
  /** Bytes sent over all parts (stored ones included), and the file's size. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * Sends the parts not yet stored a few at a time, retrying a failed part; answers every part's tag
 * (stored and new) in part order.
 */
export async function uploadParts({
  file,
  urls,
  putPart = putPartWithXhr,
  concurrency = 4,
  retries = 3,
  stored = [],
  onProgress,
}: UploadPartsOptions): Promise<UploadedPart[]> {
  const ranges = partRanges(file.size);
  if (ranges.length !== urls.length)
    throw new Error(`The server gave ${urls.length} upload addresses for ${ranges.length} parts.`);
  const kept = keptParts(ranges, stored);
  const missing = ranges.filter((range) => !kept.has(range.PartNumber));
  const sentByPart = ranges.map((range) => (kept.has(range.PartNumber) ? range.end - range.start : 0));
  const report = () => onProgress?.(Math.min(file.size, sum(sentByPart)), file.size);
  const parts: UploadedPart[] = [...kept.values()];
  let next = 0;
  report();

  async function sendPart(range: PartRange): Promise<UploadedPart> {
    const body = file.slice(range.start, range.end);
    for (let attempt = 0; ; attempt++) {
      try {
        const header = await putPart(urls[range.PartNumber - 1] ?? '', body, (loaded) => {
          sentByPart[range.PartNumber - 1] = loaded;
          report();
        });
        return { PartNumber: range.PartNumber, ETag: readETag(header, range.PartNumber) };
      } catch (error) {
        sentByPart[range.PartNumber - 1] = 0;
        report();
        if (attempt >= retries) throw error;
      }
    }
  }

  async function worker() {
    for (let range = missing[next++]; range; range = missing[next++]) parts.push(await sendPart(range));
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}

/** The stored parts that can stand as they are: a known part number holding exactly that part's bytes. */
function keptParts(ranges: PartRange[], stored: StoredPart[]): Map<number, UploadedPart> {
  const kept = new Map<number, UploadedPart>();
  for (const part of stored) {
    const range = ranges[part.PartNumber - 1];
    if (range && range.PartNumber === part.PartNumber && part.Size === range.end - range.start && part.ETag)
      kept.set(part.PartNumber, { PartNumber: part.PartNumber, ETag: part.ETag });
  }
  return kept;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function presignUpload(
  songId: string,
  files: { name: string; size: number; type: string; s3Path: string }[],
): Promise<PresignedUpload[]> {
  return api.post('/songs/upload-presigned/{id}', { params: { id: songId }, body: { files } });
}

export async function fetchStoredParts(songId: string, upload: PresignedUpload): Promise<StoredPart[]> {
  const query = { uploadId: upload.uploadId, key: upload.key };
  const answer = await api.get('/songs/upload-parts/{id}', { params: { id: songId }, query });
  return answer.parts;
}

export function completeUpload(songId: string, body: CompleteUploadBody): Promise<PublicSong> {
  return api.post('/songs/upload-complete/{id}', { params: { id: songId }, body });
}

export interface UploadSongFileOptions {
  song: PublicSong;
  file: File;
  artist: Pick<PublicArtist, 'id' | 'songDirectory'>;
  putPart?: PutPart;
  onProgress?: (percent: number) => void;
}

/**
 * The spec's protocol: presign, PUT every part, complete with the tags in order. Presigning the same file
 * again answers the same upload, so the parts already stored are skipped (resume).
 */
export async function uploadSongFile({ song, file, artist, putPart, onProgress }: UploadSongFileOptions) {
  const s3Path = artist.songDirectory;
  const type = file.type || 'audio/wav';
  const [upload] = await presignUpload(song.id, [{ name: file.name, size: file.size, type, s3Path }]);
  if (!upload) throw new Error('The server did not prepare the upload.');
  const stored = await fetchStoredParts(song.id, upload);
  const parts = await uploadParts({
    file,
    urls: upload.urls,
    putPart,
    stored,
    onProgress: (sent, total) => onProgress?.(total === 0 ? 100 : (sent / total) * 100),
  });
  return completeUpload(song.id, {
    key: upload.key,
    uploadId: upload.uploadId,
    parts,
    artistID: artist.id,
    s3Path,
    fileName: file.name,
  });
}

export interface PollOptions {
  fetchStatus?: (id: string) => Promise<PublicSong>;
  intervalMs?: number;
  maxAttempts?: number;
  wait?: (ms: number) => Promise<void>;
  onUpdate?: (song: PublicSong) => void;
  isCancelled?: () => boolean;
  /** When to stop: by default once the song plays or failed (its downloads may still be being made). */
  until?: (song: PublicSong) => boolean;
}

/** The spec's end of polling: the song is ready (it plays) or failed. */
export const isProcessed = (song: PublicSong) => song.status === 'ready' || song.status === 'failed';

/** A ready song's downloads are made after it starts playing: done once they are there or failed for good. */
export const hasDownloadsSettled = (song: PublicSong) => isProcessed(song) && song.downloads !== 'preparing';

export class PollGaveUpError extends Error {
  constructor(readonly attempts: number) {
    super('The song is taking longer than expected to process.');
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** GET the song every 2 s, at most 60 times (errors count as attempts and are retried) until ready or failed (or `until`). */
export async function pollSongStatus(id: string, options: PollOptions = {}): Promise<PublicSong> {
  const {
    fetchStatus = (songId: string) => fetchSong(songId),
    intervalMs = STATUS_POLL_MS,
    maxAttempts = STATUS_POLL_MAX_ATTEMPTS,
    wait = sleep,
    onUpdate,
    isCancelled = () => false,
    until = isProcessed,
  } = options;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    await wait(intervalMs);
    if (isCancelled()) throw new Error('Polling stopped.');
    try {
      const song = await fetchStatus(id);
      onUpdate?.(song);
      if (until(song)) return song;
    } catch (error) {
      console.warn('Song status check failed; trying again.', error);
    }
  }
  throw new PollGaveUpError(maxAttempts);
}
