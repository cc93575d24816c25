/** The library module's public face: what other modules, the app, the seed and the CLI may use. */
export { libraryRoutes } from './library.routes.js';
export { forgetDownloadsOfDeletedMember, listKeptSongsByArtist, recordDownloads } from './library.service.js';
