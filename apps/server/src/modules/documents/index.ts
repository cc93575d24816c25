/** The documents module's public face: what other modules, the app, the seed and the CLI may use. */
export { documentsRoutes } from './documents.routes.js';
export { seedLegalDocuments } from './documents.service.js';
