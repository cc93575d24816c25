import { isoDateToDob, type PublicSong, type SongStatus } from '@hfm/shared';
import type { SongRow } from './songs.repository.js';

/** A song row as the API shows it. Media fields carry storage keys; playback URLs come signed from /play. */
export function presentSong(row: SongRow, albumIds: string[] = []): PublicSong {
  return {
    _id: row.id,
    id: row.id,
    artistID: row.artistId,
    title: row.title,
    additionalArtists: row.additionalArtists,
    publisher: row.publisher,
    songWriters: row.songWriters,
    ISRC: row.isrc,
    streamFile: row.streamFile,
    dashManifest: row.dashManifest,
    previewFile: row.previewFile,
    downloadFile: row.downloadFile,
    embedCode: row.embedCode,
    explicit: row.explicit,
    releaseDate: row.releaseDate ? isoDateToDob(row.releaseDate) : null,
    trackNumber: row.trackNumber,
    isExclusive: row.isExclusive,
    comment: row.comment,
    isFullPreview: row.isFullPreview,
    fullPreviewPosition: row.fullPreviewPosition,
    plays: row.plays,
    hifives: row.hifives,
    status: row.status as SongStatus,
    failureReason: row.failureReason,
    duration: row.duration,
    active: row.active,
    albumID: albumIds[0] ?? null,
    albumIDs: albumIds,
    peaks: row.peaks ?? null,
    loudness: row.loudness ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
