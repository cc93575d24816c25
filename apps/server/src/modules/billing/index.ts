/** The billing module's public face: what other modules, the app, the seed and the CLI may use. */
export { firstPayableEarningAt, payableArtistBalances, recordArtistPayout } from './artist-balances.service.js';
export { registerBillingJobs } from './billing.jobs.js';
export { billingRoutes } from './billing.routes.js';
export { endSubscriptionsOfDeletedMember, endSubscriptionsOfTerminatedArtist } from './billing.service.js';
export { attachPaymentMethod } from './cards.service.js';
export { listReceiptsOfMember } from './receipts.repository.js';
export { receiptNumber } from './receipts.service.js';
export { subscribe } from './subscribe.service.js';
export { webhookRoutes } from './webhooks.routes.js';
