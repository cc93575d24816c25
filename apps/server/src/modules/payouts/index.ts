/** The payouts module's public face: what other modules, the app, the seed and the CLI may use. */
export { applyPayoutAccountEvent } from './payout-accounts.service.js';
export { type RunResult, runPayouts } from './payout-run.service.js';
export { registerPayoutJobs } from './payouts.jobs.js';
export { payoutsRoutes } from './payouts.routes.js';
