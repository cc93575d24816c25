/** The earnings module's public face: what other modules, the app, the seed and the CLI may use. */
export { earningsRoutes } from './earnings.routes.js';
