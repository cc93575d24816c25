/** The initial module's public face: what other modules, the app, the seed and the CLI may use. */
export { initialRoutes } from './initial.routes.js';
