/** The library module's public face: what other modules, the app, the seed and the CLI may use. */
export { libraryRoutes } from './library.routes.js';
export {
  downloadRecordOf,
  forgetDownloadsOfDeletedMember,
  listKeptSongsByArtist,
  recordCheckedDownload,
  recordDownloads,
} from './library.service.js';
export type { DownloadRecordInsert } from './library.repository.js';
