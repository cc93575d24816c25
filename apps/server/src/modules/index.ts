import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerAccountJobs, accountsRoutes, usersAdminRoutes } from './accounts/index.js';
import { albumsRoutes } from './albums/index.js';
import {
  artistImagesRoutes,
  registerArtistJobs,
  artistsRoutes,
  countArtistsInGenre,
  moveArtistsToGenre,
  findArtistIdOfUser,
  featuredRoutes,
  registerTerminationJobs,
  terminationRoutes,
} from './artists/index.js';
import { registerAuthJobs, authRoutes, registerSessionHook, socialRoutes } from './auth/index.js';
import {
  registerBillingJobs,
  endSubscriptionsOfTerminatedArtist,
  billingRoutes,
  webhookRoutes,
} from './billing/index.js';
import { artistShareRoutes, discoveryRoutes, embedRoutes, publicPageRoutes } from './discovery/index.js';
import { earningsRoutes } from './earnings/index.js';
import { documentsRoutes, seedLegalDocuments } from './documents/index.js';
import { engagementRoutes } from './engagement/index.js';
import { genresRoutes } from './genres/index.js';
import { initialRoutes } from './initial/index.js';
import { keepingRoutes } from './keeping/index.js';
import { labelsRoutes } from './labels/index.js';
import { libraryRoutes } from './library/index.js';
import { paymentsRoutes } from './payments/index.js';
import { playlistsRoutes } from './playlists/index.js';
import { applyPayoutAccountEvent, registerPayoutJobs, payoutsRoutes } from './payouts/index.js';
import { registerReleaseJobs, releasesRoutes } from './releases/index.js';
import { searchRoutes } from './search/index.js';
import { registerSongJobs, songsRoutes } from './songs/index.js';

/** The session hook: auth reads the cookie, artists say which artist an ARTIST account's user has. */
export function registerSessions(app: FastifyInstance): void {
  registerSessionHook(app, findArtistIdOfUser);
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
  await app.register(publicPageRoutes);
  await app.register(embedRoutes);
  await app.register(engagementRoutes);
  await app.register(paymentsRoutes);
  await app.register(billingRoutes);
  await app.register(webhookRoutes, { payoutAccountUpdated: applyPayoutAccountEvent });
  await app.register(libraryRoutes);
  await app.register(keepingRoutes);
  await app.register(earningsRoutes);
  await app.register(labelsRoutes);
  await app.register(documentsRoutes);
  await app.register(usersAdminRoutes);
  await app.register(playlistsRoutes);
  await app.register(payoutsRoutes);
  await app.register(releasesRoutes);
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
  registerReleaseJobs(ctx);
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
