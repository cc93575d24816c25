/** The accounts module's public face: what other modules, the app, the seed and the CLI may use. */
export { registerAccountJobs } from './accounts.jobs.js';
export { accountsRoutes } from './accounts.routes.js';
export { usersAdminRoutes } from './users-admin.routes.js';
