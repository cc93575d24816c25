/** The playlists module's public face: what other modules, the app, the seed and the CLI may use. */
export { playlistArtworkKey } from './playlist-artwork.service.js';
export { playlistsRoutes } from './playlists.routes.js';
