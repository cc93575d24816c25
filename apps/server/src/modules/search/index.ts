/** The search module's public face: what other modules, the app, the seed and the CLI may use. */
export { searchRoutes } from './search.routes.js';
