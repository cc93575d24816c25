/** The labels module's public face: what other modules, the app, the seed and the CLI may use. */
export { labelsRoutes } from './labels.routes.js';
