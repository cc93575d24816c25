/** The payments module's public face: what other modules, the app, the seed and the CLI may use. */
export { paymentsRoutes } from './payments.routes.js';
