import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerAccountJobs } from './accounts/accounts.jobs.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { usersAdminRoutes } from './accounts/users-admin.routes.js';
import { albumsRoutes } from './albums/albums.routes.js';
import { artistImagesRoutes } from './artists/artist-images.routes.js';
import { registerArtistJobs } from './artists/artists.jobs.js';
import { artistsRoutes } from './artists/artists.routes.js';
import { countArtistsInGenre, moveArtistsToGenre } from './artists/artist-lookups.js';
import { findArtistByUserId } from './artists/artists.service.js';
import { featuredRoutes } from './artists/featured.routes.js';
import { registerTerminationJobs } from './artists/termination.jobs.js';
import { terminationRoutes } from './artists/termination.routes.js';
import { registerAuthJobs } from './auth/auth.jobs.js';
import { authRoutes } from './auth/auth.routes.js';
import { registerSessionHook } from './auth/session-hook.js';
import { socialRoutes } from './auth/social.routes.js';
import { registerBillingJobs } from './billing/billing.jobs.js';
import { endSubscriptionsOfTerminatedArtist } from './billing/billing.service.js';
import { billingRoutes } from './billing/billing.routes.js';
import { webhookRoutes } from './billing/webhooks.routes.js';
import { artistShareRoutes } from './discovery/artist-share.routes.js';
import { discoveryRoutes } from './discovery/discovery.routes.js';
import { earningsRoutes } from './earnings/earnings.routes.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { seedLegalDocuments } from './documents/documents.service.js';
import { engagementRoutes } from './engagement/engagement.routes.js';
import { genresRoutes } from './genres/genres.routes.js';
import { initialRoutes } from './initial/initial.routes.js';
import { labelsRoutes } from './labels/labels.routes.js';
import { libraryRoutes } from './library/library.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { playlistsRoutes } from './playlists/playlists.routes.js';
import { applyPayoutAccountEvent } from './payouts/payout-accounts.service.js';
import { registerPayoutJobs } from './payouts/payouts.jobs.js';
import { payoutsRoutes } from './payouts/payouts.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { registerSongJobs } from './songs/songs.jobs.js';
import { songsRoutes } from './songs/songs.routes.js';

/** The session hook: auth reads the cookie, artists say which artist an ARTIST account's user has. */
export function registerSessions(app: FastifyInstance): void {
  registerSessionHook(app, async (db, userId) => (await findArtistByUserId(db, userId))?.id ?? null);
}

/** Every domain's routes, registered in one place so the API reads like the spec's catalogue. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(socialRoutes);
  await app.register(accountsRoutes);
  await app.register(initialRoutes);
  const termination = { endSubscriptionsOfArtist: endSubscriptionsOfTerminatedArtist };
  await app.register(artistsRoutes, termination);
  await app.register(artistImagesRoutes);
  await app.register(featuredRoutes);
  await app.register(terminationRoutes, termination);
  await app.register(genresRoutes, { artistsOfGenre: { count: countArtistsInGenre, move: moveArtistsToGenre } });
  await app.register(songsRoutes);
  await app.register(albumsRoutes);
  await app.register(searchRoutes);
  await app.register(discoveryRoutes);
  await app.register(artistShareRoutes);
  await app.register(engagementRoutes);
  await app.register(paymentsRoutes);
  await app.register(billingRoutes);
  await app.register(webhookRoutes, { payoutAccountUpdated: applyPayoutAccountEvent });
  await app.register(libraryRoutes);
  await app.register(earningsRoutes);
  await app.register(labelsRoutes);
  await app.register(documentsRoutes);
  await app.register(usersAdminRoutes);
  await app.register(playlistsRoutes);
  await app.register(payoutsRoutes);
}

/**
 * Every domain's background jobs, declared in every role: an api process sends them (and checks
 * their payloads), a worker works them.
 */
export function registerJobs(ctx: AppContext): void {
  registerAuthJobs(ctx);
  registerAccountJobs(ctx);
  registerSongJobs(ctx);
  registerBillingJobs(ctx);
  registerArtistJobs(ctx);
  registerTerminationJobs(ctx);
  registerPayoutJobs(ctx);
}

/**
 * Data the product needs in every database, written in code after the migrations (never in them): each
 * start inserts what is missing and changes nothing that exists.
 */
export async function seedStartupData(ctx: AppContext): Promise<void> {
  await seedLegalDocuments(ctx.db);
}
