import type { AdminPlaylist, AdminPlaylistSummary, PlaylistTrack } from '@hfm/shared';
import { mediaPath } from '../artists/index.js';
import type { PlaylistRow, TrackRow } from './playlists.repository.js';

/** The spec's Playlist as admins edit it; the artwork is a storage key, served under /media like other images. */
export function presentPlaylistSummary(row: PlaylistRow): AdminPlaylistSummary {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    songs: row.songIds,
    type: row.type,
    listType: row.type,
    genre: row.genreId,
    showOnFrontPage: row.showOnFrontPage,
    position: row.position,
    artwork: row.artwork ? (row.artwork.split('/').pop() ?? null) : null,
    artworkPath: row.artwork ? mediaPath(row.artwork) : null,
    tags: row.tags,
    userID: row.userId,
    isHFMPicks: row.isHfmPicks,
    HFMPicksPosition: row.hfmPicksPosition,
    isHFMRadio: row.isHfmRadio,
    label: row.labelId,
    picksMonth: row.picksMonth,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTrack(row: TrackRow): PlaylistTrack {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    artistID: row.artistId,
    artistName: row.artistName,
    duration: row.duration,
    explicit: row.explicit,
    plays: row.plays,
    hifives: row.hifives,
    released: row.released,
    optedIn: row.optedIn,
  };
}

export function presentPlaylist(row: PlaylistRow, tracks: TrackRow[]): AdminPlaylist {
  return { ...presentPlaylistSummary(row), tracks: tracks.map(presentTrack) };
}
