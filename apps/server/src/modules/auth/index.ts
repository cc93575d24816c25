/** The auth module's public face: what other modules, the app, the seed and the CLI may use. */
export { registerAuthJobs } from './auth.jobs.js';
export { authRoutes } from './auth.routes.js';
export { mailCodeQuietly } from './confirmation-mail.js';
export { registerSessionHook } from './session-hook.js';
export { SESSION_COOKIE, deleteAllSessions, deleteOtherSessions, findSessionUser } from './sessions.js';
export { forgetSocialLinksOf, linkSocialSignUp } from './social-links.js';
export { socialRoutes } from './social.routes.js';
