import path from 'node:path';
import { contentTypeForKey } from '../storage/storage.js';
import type { TranscodedSong } from './song-pipeline.js';

export interface SongOutputObject {
  /** Local file in the work folder. */
  file: string;
  /** Storage key: the song's media prefix plus the file's path inside the work folder. */
  key: string;
  contentType: string;
}

/** The keys a song's row points at (streamFile, dashManifest, previewFile, downloadFile and the three downloads). */
export interface SongOutputKeys {
  streamFile: string;
  dashManifest: string;
  previewFile: string;
  downloadFile: string;
  downloadFiles: { flac: string; mp3: string; wav: string };
}

/**
 * Every file to store, once each (HLS and DASH share the segments), keyed under `mediaPrefix`
 * (e.g. `songs/{song directory name}/{songId}/`): stream/..., preview/preview.m4a, download/song.*.
 */
export function listSongOutputs(song: TranscodedSong, workDir: string, mediaPrefix: string): SongOutputObject[] {
  const files = new Set([...song.hls.files, ...song.dash.files, song.preview, ...Object.values(song.downloads)]);
  return [...files].map((file) => {
    const key = keyFor(file, workDir, mediaPrefix);
    return { file, key, contentType: contentTypeForKey(key) ?? 'application/octet-stream' };
  });
}

export function songOutputKeys(song: TranscodedSong, workDir: string, mediaPrefix: string): SongOutputKeys {
  const key = (file: string) => keyFor(file, workDir, mediaPrefix);
  const downloadFiles = { flac: key(song.downloads.flac), mp3: key(song.downloads.mp3), wav: key(song.downloads.wav) };
  return {
    streamFile: key(song.hls.playlist),
    dashManifest: key(song.dash.manifest),
    previewFile: key(song.preview),
    downloadFile: downloadFiles.flac,
    downloadFiles,
  };
}

function keyFor(file: string, workDir: string, mediaPrefix: string): string {
  const relative = path.relative(workDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${file} is outside ${workDir}.`);
  return `${mediaPrefix.replace(/\/?$/, '/')}${relative.split(path.sep).join('/')}`;
}
