/** The discovery module's public face: what other modules, the app, the seed and the CLI may use. */
export { artistShareRoutes } from './artist-share.routes.js';
export { catalogueSongColumns } from './catalogue-song-columns.js';
export { presentCatalogueSong } from './discovery.presenter.js';
export { discoveryRoutes } from './discovery.routes.js';
export { embedRoutes } from './embed.routes.js';
export { listRelatedArtists } from './discovery.service.js';
export { publicPageRoutes } from './public-pages.routes.js';
