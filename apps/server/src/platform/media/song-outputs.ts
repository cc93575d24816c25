import path from 'node:path';
import { attachment } from '../storage/media-headers.js';
import { cleanKeySegment, contentTypeForKey } from '../storage/storage.js';
import type { DownloadOutputs, StreamOutputs, TranscodedSong } from './song-pipeline.js';

export interface SongOutputObject {
  /** Local file in the work folder. */
  file: string;
  /** Storage key: the song's media prefix plus the file's path inside the work folder. */
  key: string;
  contentType: string;
  /** Stored with the object (S3): the downloads are attachments whatever serves them (decision 0034). */
  contentDisposition?: string;
}

/** The keys a song's row points at once it plays (streamFile, dashManifest, previewFile). */
export interface StreamOutputKeys {
  streamFile: string;
  dashManifest: string;
  previewFile: string;
}

/** The keys a song's row points at once its downloads are made (downloadFile is the FLAC). */
export interface DownloadOutputKeys {
  downloadFile: string;
  downloadFiles: { flac: string; mp3: string; wav: string };
}

export type SongOutputKeys = StreamOutputKeys & DownloadOutputKeys;

/**
 * Every file to store, once each (HLS and DASH share the segments), keyed under `mediaPrefix`
 * (e.g. `songs/{song directory name}/{songId}/`): stream/..., preview/preview.m4a, download/song.*.
 */
export function listSongOutputs(song: TranscodedSong, workDir: string, mediaPrefix: string): SongOutputObject[] {
  return [
    ...listStreamOutputs(song, workDir, mediaPrefix),
    ...listDownloadOutputs(song.downloads, workDir, mediaPrefix),
  ];
}

/** The stream's files and the preview: what must be stored before the song plays. */
export function listStreamOutputs(song: StreamOutputs, workDir: string, mediaPrefix: string): SongOutputObject[] {
  return objectsFor([...new Set([...song.hls.files, ...song.dash.files, song.preview])], workDir, mediaPrefix);
}

/**
 * The download files, each stored as an attachment: named by `fileName` (the song's name when it was made;
 * a download URL names it afresh), or by the browser from its key (`song.flac`) when none is given.
 */
export function listDownloadOutputs(
  files: Partial<DownloadOutputs>,
  workDir: string,
  mediaPrefix: string,
  fileName?: (format: keyof DownloadOutputs) => string,
): SongOutputObject[] {
  return (Object.keys(files) as (keyof DownloadOutputs)[]).map((format) => ({
    ...objectsFor([files[format]!], workDir, mediaPrefix)[0]!,
    contentDisposition: fileName ? attachment(fileName(format)) : 'attachment',
  }));
}

/** What a song's download is called: `Artist-Title.flac`, with only safe characters. */
export function downloadFileName(artistName: string, title: string, format: keyof DownloadOutputs): string {
  return `${cleanKeySegment(artistName)}-${cleanKeySegment(title)}.${format}`;
}

export function songOutputKeys(song: TranscodedSong, workDir: string, mediaPrefix: string): SongOutputKeys {
  return {
    ...streamOutputKeys(song, workDir, mediaPrefix),
    ...downloadOutputKeys(song.downloads, workDir, mediaPrefix),
  };
}

export function streamOutputKeys(song: StreamOutputs, workDir: string, mediaPrefix: string): StreamOutputKeys {
  const key = (file: string) => keyFor(file, workDir, mediaPrefix);
  return { streamFile: key(song.hls.playlist), dashManifest: key(song.dash.manifest), previewFile: key(song.preview) };
}

export function downloadOutputKeys(files: DownloadOutputs, workDir: string, mediaPrefix: string): DownloadOutputKeys {
  const key = (file: string) => keyFor(file, workDir, mediaPrefix);
  const downloadFiles = { flac: key(files.flac), mp3: key(files.mp3), wav: key(files.wav) };
  return { downloadFile: downloadFiles.flac, downloadFiles };
}

function objectsFor(files: string[], workDir: string, mediaPrefix: string): SongOutputObject[] {
  return files.map((file) => {
    const key = keyFor(file, workDir, mediaPrefix);
    return { file, key, contentType: contentTypeForKey(key) ?? 'application/octet-stream' };
  });
}

function keyFor(file: string, workDir: string, mediaPrefix: string): string {
  const relative = path.relative(workDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${file} is outside ${workDir}.`);
  return `${mediaPrefix.replace(/\/?$/, '/')}${relative.split(path.sep).join('/')}`;
}
