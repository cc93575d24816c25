import { DEFAULT_MAX_SONG_SECONDS, messages, type PublicArtist, type PublicSong } from '@hfm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { createSong } from '../../api/songs/create-song';
import { hasDownloadsSettled, pollSongStatus, uploadSongFile, type PollOptions, type PutPart } from '../../api/uploads';
import { titleFromFileName, todayReleaseDate } from './song-info';
import { audioFileProblem, uploadFailure, type UploadFailure } from './upload-failure';

export type UploadPhase = 'uploading' | 'uploaded' | 'failed';

export interface UploadItem {
  key: string;
  fileName: string;
  song: PublicSong | null;
  /** 0 to 100 over the file's bytes. */
  progress: number;
  phase: UploadPhase;
  /** Why it failed, in words for the artist, and whether sending it again can succeed. */
  failure: UploadFailure | null;
}

export interface SongUploadsOptions {
  artist: Pick<PublicArtist, 'id' | 'songDirectory'>;
  /** Every new state of a song (created, uploading, polled) goes here, e.g. into the song list. */
  onSong: (song: PublicSong) => void;
  putPart?: PutPart;
  poll?: PollOptions;
  /** The longest song the server takes (its MAX_SONG_SECONDS), for the check made before sending. */
  maxSongSeconds?: number;
}

let uploadCounter = 0;

/** Uploads lossless files (WAV, FLAC, AIFF, ALAC) by the spec's protocol, then polls each song until it is ready or failed. */
export function useSongUploads({
  artist,
  onSong,
  putPart,
  poll,
  maxSongSeconds = DEFAULT_MAX_SONG_SECONDS,
}: SongUploadsOptions) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const mounted = useRef(true);
  const latest = useRef({ artist, onSong, putPart, poll, maxSongSeconds });
  const itemsRef = useRef(items);
  useEffect(() => {
    latest.current = { artist, onSong, putPart, poll, maxSongSeconds };
    itemsRef.current = items;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (mounted.current)
      setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const files = useRef(new Map<string, File>());
  /** Keys being sent right now, so a double press on Retry cannot start the same file twice. */
  const sending = useRef(new Set<string>());

  const fail = useCallback(
    (key: string, error: unknown) => {
      console.error('Song upload failed', error);
      const failure = uploadFailure(error);
      patch(key, { phase: 'failed', failure });
      toast.error(messages.songUploadFailed(failure.reason));
    },
    [patch],
  );

  /** Creates the item's song (titled after the file); null when that fails (the item is marked failed). */
  const createFor = useCallback(
    async (key: string, file: File): Promise<PublicSong | null> => {
      try {
        const song = await createSong({ title: titleFromFileName(file.name), releaseDate: todayReleaseDate() });
        patch(key, { song });
        latest.current.onSong(song);
        return song;
      } catch (error) {
        fail(key, error);
        return null;
      }
    },
    [patch, fail],
  );

  /** Sends the file for the item's song (creating the song first when there is none yet), then polls it. */
  const uploadOne = useCallback(
    async (key: string, file: File, existing: PublicSong | null): Promise<PublicSong | null> => {
      const { artist: owner, onSong: report, putPart: sendPart, poll: pollOptions } = latest.current;
      sending.current.add(key);
      try {
        const song = existing ?? (await createFor(key, file));
        if (!song) return null;
        const uploading = await uploadSongFile({
          song,
          file,
          artist: owner,
          putPart: sendPart,
          onProgress: (percent) => patch(key, { progress: percent }),
        });
        patch(key, { song: uploading, progress: 100, phase: 'uploaded' });
        report(uploading);
        const refused = (reason: string) => patch(key, { phase: 'failed', failure: { reason, retryable: false } });
        void watchUntilDone(uploading.id, report, pollOptions, () => !mounted.current, refused);
        return uploading;
      } catch (error) {
        fail(key, error);
        return null;
      } finally {
        sending.current.delete(key);
      }
    },
    [patch, fail, createFor],
  );

  const start = useCallback(
    async (chosen: File[]) => {
      const checked = await Promise.all(
        chosen.map(async (file) => ({
          file,
          key: `upload-${++uploadCounter}`,
          problem: await audioFileProblem(file, latest.current.maxSongSeconds),
        })),
      );
      for (const { file, key } of checked) files.current.set(key, file);
      setItems((current) => [
        ...current,
        ...checked.map(({ file, key, problem }) => ({
          key,
          fileName: file.name,
          song: null,
          progress: 0,
          phase: problem ? ('failed' as const) : ('uploading' as const),
          failure: problem ? { reason: problem, retryable: false } : null,
        })),
      ]);
      // A file whose header already says no is never sent: no song is made for it.
      const sendable = checked.filter(({ problem }) => !problem);
      return uploadBatch(sendable, createFor, uploadOne);
    },
    [createFor, uploadOne],
  );

  /** Resumes a failed file for the song it already made: the server keeps the parts stored so far. */
  const retry = useCallback(
    async (key: string): Promise<PublicSong | null> => {
      const file = files.current.get(key);
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (!file || !item || item.phase !== 'failed' || !item.failure?.retryable || sending.current.has(key))
        return null;
      patch(key, { phase: 'uploading', progress: 0, failure: null });
      return uploadOne(key, file, item.song);
    },
    [patch, uploadOne],
  );

  const clear = useCallback(() => {
    files.current.clear();
    setItems([]);
  }, []);
  return { items, start, retry, clear };
}

/**
 * The list shows the newest song first, so the batch's songs are created one at a time from the last
 * file to the first: the list then reads in the order the files were chosen. Each file starts
 * uploading as soon as its song exists, side by side with the others.
 */
async function uploadBatch(
  added: { file: File; key: string }[],
  createFor: (key: string, file: File) => Promise<PublicSong | null>,
  uploadOne: (key: string, file: File, song: PublicSong | null) => Promise<PublicSong | null>,
): Promise<(PublicSong | null)[]> {
  const results = new Map<string, Promise<PublicSong | null>>();
  for (const { file, key } of [...added].reverse()) {
    const song = await createFor(key, file);
    results.set(key, song ? uploadOne(key, file, song) : Promise.resolve(null));
  }
  return Promise.all(added.map(({ key }) => results.get(key)!));
}

async function watchUntilDone(
  id: string,
  report: (song: PublicSong) => void,
  options: PollOptions | undefined,
  isCancelled: () => boolean,
  refused: (reason: string) => void,
) {
  try {
    const song = await pollSongStatus(id, { ...options, onUpdate: report, isCancelled });
    if (song.status === 'failed') {
      const reason = song.failureReason ?? 'This file could not be turned into a song.';
      refused(reason);
      toast.error(messages.songUploadFailed(reason));
    }
    if (song.downloads === 'preparing') await watchDownloads(id, report, options, isCancelled);
  } catch (error) {
    if (!isCancelled()) toast.error(messages.songUploadFailed(uploadFailure(error).reason));
  }
}

/** The song already plays; its downloads follow. The list says "preparing" meanwhile, so a long wait is quiet. */
async function watchDownloads(
  id: string,
  report: (song: PublicSong) => void,
  options: PollOptions | undefined,
  isCancelled: () => boolean,
) {
  try {
    const song = await pollSongStatus(id, { ...options, onUpdate: report, isCancelled, until: hasDownloadsSettled });
    if (song.downloads === 'failed') toast.error(song.failureReason ?? 'The downloads of this song could not be made.');
  } catch {
    // Still preparing after the polls: the song list shows it so; a reload shows the outcome.
  }
}

/** The bar's value: the mean progress of the files still in this batch. */
export function overallProgress(items: UploadItem[]): number {
  const active = items.filter((item) => item.phase !== 'failed');
  if (active.length === 0) return 0;
  return active.reduce((total, item) => total + item.progress, 0) / active.length;
}

/** 'Uploading Track...' while below 100, then 'Finishing up...'. */
export function progressLabel(progress: number): string {
  return progress < 100 ? 'Uploading Track...' : 'Finishing up...';
}
