/** The songs module's public face: what other modules, the app, the seed and the CLI may use. */
export {
  addSongPlay,
  findSongArtistId,
  findSongArtistIds,
  setSongHiFiveCount,
  totalSongHiFivesOfArtist,
} from './songs.counters.js';
export { registerSongJobs } from './songs.jobs.js';
export { findDownloadFiles } from './songs.playback.js';
export { songsRoutes } from './songs.routes.js';
export { findTopSongOfArtist, listOwnSongs } from './songs.service.js';
export { presentPeaks } from './songs.presenter.js';
export { releaseMinute, scheduleSongs } from './songs.schedule.js';
export { songsZip, songsZipOptions, songsZipStatus, zipEntryTitle, type SongsZip, type ZipSong } from './song-zips.js';
