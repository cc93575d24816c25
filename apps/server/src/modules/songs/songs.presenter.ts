import { isoDateToDob, type PublicSong, type SongStatus } from '@hfm/shared';
import { downloadsState } from './songs.downloads-state.js';
import type { SongListRow } from './songs.repository.js';
export { presentPeaks } from '../../platform/media/peaks.js';

/**
 * A song row as the API shows it, without its storage keys (media files, the original): playback URLs come
 * signed from /play, downloads from /download.
 * The waveform peaks are left out (71 KB of a 12-song page): the player fetches them from /peaks.
 */
export function presentSong(row: Omit<SongListRow, 'albumIds'>, albumIds: string[] = []): PublicSong {
  return {
    _id: row.id,
    id: row.id,
    artistID: row.artistId,
    title: row.title,
    additionalArtists: row.additionalArtists,
    publisher: row.publisher,
    songWriters: row.songWriters,
    ISRC: row.isrc,
    embedCode: row.embedCode,
    explicit: row.explicit,
    releaseDate: row.releaseDate ? isoDateToDob(row.releaseDate) : null,
    releaseAt: row.releaseAt?.toISOString() ?? null,
    trackNumber: row.trackNumber,
    isExclusive: row.isExclusive,
    comment: row.comment,
    isFullPreview: row.isFullPreview,
    fullPreviewPosition: row.fullPreviewPosition,
    plays: row.plays,
    hifives: row.hifives,
    status: row.status as SongStatus,
    downloads: downloadsState(row),
    failureReason: row.failureReason,
    duration: row.duration,
    active: row.active,
    albumID: albumIds[0] ?? null,
    albumIDs: albumIds,
    loudness: row.loudness ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
