import crypto from 'node:crypto';
import type { SubscriptionStatus } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { subscriptions } from '../platform/db/schema/billing.js';
import type { SongRow } from '../modules/songs/songs.repository.js';
import { createSong } from './factories.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A subscription row as billing would leave it (tests of what subscribers may do, without paying):
 * active for a year unless told otherwise.
 */
export async function subscribe(
  app: FastifyInstance,
  memberId: string,
  artistId: string,
  values: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.ctx.db
    .insert(subscriptions)
    .values({ memberId, artistId, currentPeriodEnd: new Date(Date.now() + 365 * DAY_MS), ...values })
    .returning({ id: subscriptions.id });
  return row!.id;
}

/** The subscription's term ran out yesterday (a lapse or the end of a cancelled term). */
export async function endSubscription(
  app: FastifyInstance,
  id: string,
  status: SubscriptionStatus = 'active',
): Promise<void> {
  await app.ctx.db
    .update(subscriptions)
    .set({ status, currentPeriodEnd: new Date(Date.now() - DAY_MS) })
    .where(eq(subscriptions.id, id));
}

/**
 * A ready song whose three download files are really in storage (random bytes of the given sizes, not
 * audio): enough for sizes, signed URLs and zips.
 */
export async function createStoredSong(
  app: FastifyInstance,
  artistId: string,
  values: Parameters<typeof createSong>[2] & { sizes?: { flac: number; mp3: number; wav: number } } = {},
): Promise<SongRow & { bytes: Record<'flac' | 'mp3' | 'wav', Buffer> }> {
  const { sizes = { flac: 3000, mp3: 1500, wav: 5000 }, ...overrides } = values;
  const folder = `songs/test-${crypto.randomBytes(6).toString('hex')}/download`;
  const keys = { flac: `${folder}/song.flac`, mp3: `${folder}/song.mp3`, wav: `${folder}/song.wav` };
  const bytes = {
    flac: crypto.randomBytes(sizes.flac),
    mp3: crypto.randomBytes(sizes.mp3),
    wav: crypto.randomBytes(sizes.wav),
  };
  for (const format of ['flac', 'mp3', 'wav'] as const) {
    await app.ctx.storage.put(keys[format], bytes[format], 'application/octet-stream');
  }
  const song = await createSong(app, artistId, {
    status: 'ready',
    duration: 120,
    downloadFile: keys.flac,
    downloadFiles: keys,
    ...overrides,
  });
  return { ...song, bytes };
}
