/**
 * Every table, for the database client and drizzle-kit. A module imports its own domain's file
 * under schema/ instead (lint enforces it).
 */
export * from './schema/identity.js';
export * from './schema/genres.js';
export * from './schema/artists.js';
export * from './schema/catalogue.js';
export * from './schema/content.js';
export * from './schema/billing.js';
export * from './schema/engagement.js';
export * from './schema/payments.js';
export * from './schema/library.js';
export * from './schema/payouts.js';
export * from './schema/rate-limits.js';
export * from './schema/releases.js';
export * from './schema/read-models.js';
