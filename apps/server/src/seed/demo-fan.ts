/**
 * What the demo fan has done, so My Music and Account show what they are for: one subscription to the demo
 * artist, paid with the local provider's test card through the same services a fan's clicks reach (the
 * charge and the artist's credit land in the ledger), a few songs downloaded while subscribed (kept), and
 * a few Hi Fives.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Role } from '@hfm/shared';
import type { AppContext, SessionUser } from '../context.js';
import { attachPaymentMethod } from '../modules/billing/cards.service.js';
import { subscribe } from '../modules/billing/subscribe.service.js';
import { giveHiFive } from '../modules/engagement/hi-fives.service.js';
import { recordDownloads } from '../modules/library/library.service.js';
import { findUserByEmail } from '../modules/users/users.service.js';
import { artists, songs, subscriptions, users } from '../platform/db/schema.js';
import type { LocalPaymentProvider } from '../platform/payments/local/local-provider.js';
import { TEST_CARDS } from '../platform/payments/test-cards.js';
import { DEMO_ACCOUNTS } from './demo.js';

const emailOf = (label: string) => DEMO_ACCOUNTS.find((account) => account.label === label)!.email;
/** Kept downloads (FLAC) of the demo artist's songs, and Hi Fives: the artist's first songs and a few others. */
const KEPT_SONGS = 3;
const HI_FIVES_OF_ARTIST = 2;
const HI_FIVES_ELSEWHERE = 2;

export interface DemoFanActivity {
  subscribed: boolean;
  kept: number;
  hiFives: number;
}

async function demoArtist(ctx: AppContext): Promise<{ id: string; name: string } | null> {
  const [row] = await ctx.db
    .select({ id: artists.id, name: artists.name })
    .from(artists)
    .innerJoin(users, eq(users.id, artists.userId))
    .where(and(eq(users.email, emailOf('Artist')), eq(artists.status, 'ACTIVE')));
  return row ?? null;
}

async function songIdsOf(ctx: AppContext, artistId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.artistId, artistId), eq(songs.status, 'ready')))
    .orderBy(asc(songs.trackNumber), asc(songs.createdAt));
  return rows.map((row) => row.id);
}

async function otherSongIds(ctx: AppContext, artistId: string, count: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: songs.id })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(and(ne(songs.artistId, artistId), eq(artists.status, 'ACTIVE'), eq(songs.status, 'ready')))
    .orderBy(asc(artists.featuredPosition), asc(songs.createdAt))
    .limit(count);
  return rows.map((row) => row.id);
}

/** A year's subscription paid with the 4242 test card, saved to the fan's account as the card form saves it. */
async function subscribeWithTestCard(ctx: AppContext, fan: SessionUser, artistId: string): Promise<void> {
  const provider = ctx.platform.payments as LocalPaymentProvider;
  const card = await provider.tokenizeCard({
    number: TEST_CARDS.succeeds,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
    cardName: `${fan.firstName} ${fan.lastName}`,
    postalCode: '10001',
  });
  await attachPaymentMethod(ctx, fan, fan.id, { paymentMethodID: card.paymentMethodId });
  await subscribe(
    ctx,
    fan,
    { memberID: fan.id, paymentMethodID: card.paymentMethodId, artistID: artistId },
    `demo-fan-${fan.id}`,
  );
}

/**
 * Once, on the embedded first start: only with the local provider (a real provider would charge a real
 * card), and only while the fan has no subscription yet.
 */
export async function seedDemoFanActivity(ctx: AppContext): Promise<DemoFanActivity | null> {
  if (ctx.platform.payments.name !== 'local') return null;
  const user = await findUserByEmail(ctx.db, emailOf('Fan'));
  const artist = await demoArtist(ctx);
  if (!user || !artist) return null;
  const already = await ctx.db.select().from(subscriptions).where(eq(subscriptions.memberId, user.id)).limit(1);
  if (already.length > 0) return null;
  const fan: SessionUser = {
    id: user.id,
    sessionId: 'demo-seed',
    role: user.role as Role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    artistId: null,
  };
  const artistSongs = await songIdsOf(ctx, artist.id);
  await subscribeWithTestCard(ctx, fan, artist.id);
  const kept = artistSongs.slice(0, KEPT_SONGS);
  if (kept.length > 0) await recordDownloads(ctx, fan, kept, 'flac');
  const liked = [
    ...artistSongs.slice(0, HI_FIVES_OF_ARTIST),
    ...(await otherSongIds(ctx, artist.id, HI_FIVES_ELSEWHERE)),
  ];
  for (const songId of liked) await giveHiFive(ctx, fan, { memberID: fan.id, itemID: songId, itemType: 'song' });
  return { subscribed: true, kept: kept.length, hiFives: liked.length };
}
