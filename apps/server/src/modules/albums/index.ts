/** The albums module's public face: what other modules, the app, the seed and the CLI may use. */
export { albumsRoutes } from './albums.routes.js';
export { albumArtworkFileName, albumArtworkKey, listOwnAlbums } from './albums.service.js';
