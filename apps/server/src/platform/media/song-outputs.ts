import path from 'node:path';
import { contentTypeForKey } from '../storage/storage.js';
import type { DownloadOutputs, StreamOutputs, TranscodedSong } from './song-pipeline.js';

export interface SongOutputObject {
  /** Local file in the work folder. */
  file: string;
  /** Storage key: the song's media prefix plus the file's path inside the work folder. */
  key: string;
  contentType: string;
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

export function listDownloadOutputs(files: DownloadOutputs, workDir: string, mediaPrefix: string): SongOutputObject[] {
  return objectsFor(Object.values(files), workDir, mediaPrefix);
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
