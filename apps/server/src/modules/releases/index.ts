/** The releases module's public face: release notifications (docs/releases.md). */
export { registerReleaseJobs, RELEASE_MAILS_JOB, RELEASE_SWEEP_JOB } from './releases.jobs.js';
export { releasesRoutes } from './releases.routes.js';
export { sendReleaseMailBatch, sweepReleases } from './releases.service.js';
export { signUnsubscribe } from './unsubscribe-tokens.js';
