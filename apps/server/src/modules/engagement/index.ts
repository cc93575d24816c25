/** The engagement module's public face: what other modules, the app, the seed and the CLI may use. */
export { engagementRoutes } from './engagement.routes.js';
export { forgetEngagementOfDeletedMember } from './engagement.service.js';
export { giveHiFive } from './hi-fives.service.js';
