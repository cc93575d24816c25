/**
 * What the demo fan has done, so My Music and Account show what they are for: one subscription to the demo
 * artist, paid with the local provider's test card through the same services a fan's clicks reach (the
 * charge and the artist's credit land in the ledger, the charge's receipt in Account > Payments), a few songs
 * downloaded while subscribed (kept), and a few Hi Fives.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Role } from '@hfm/shared';
import type { AppContext, SessionUser } from '../context.js';
import { attachPaymentMethod, listReceiptsOfMember, receiptNumber, subscribe } from '../modules/billing/index.js';
import { giveHiFive } from '../modules/engagement/index.js';
import { recordDownloads } from '../modules/library/index.js';
import { findUserByEmail } from '../modules/users/index.js';
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
  subscribed: true;
  /** The number of the first charge's receipt (Account > Payments), recorded by the subscription's payment. */
  receipt: string | null;
  kept: number;
  hiFives: number;
}

/** Why nothing was done: said by the CLI (seed-demo), which may run before there is anything to do. */
export interface DemoFanSkipped {
  skipped: string;
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
 * Once, after the demo catalogue is made (the embedded first start, and `seed-demo` on any database): only
 * with the local provider (a real provider would charge a real card), only once the demo artist has songs to
 * keep, and only while the fan has no subscription yet.
 */
export async function seedDemoFanActivity(ctx: AppContext): Promise<DemoFanActivity | DemoFanSkipped> {
  if (ctx.platform.payments.name !== 'local') {
    return {
      skipped: `the payments provider is ${ctx.platform.payments.name}, not the local one (no real card is charged)`,
    };
  }
  const user = await findUserByEmail(ctx.db, emailOf('Fan'));
  const artist = await demoArtist(ctx);
  if (!user || !artist) return { skipped: 'the demo fan or the demo artist is missing' };
  const already = await ctx.db.select().from(subscriptions).where(eq(subscriptions.memberId, user.id)).limit(1);
  if (already.length > 0) return { skipped: 'the demo fan has a subscription already' };
  const artistSongs = await songIdsOf(ctx, artist.id);
  if (artistSongs.length === 0) {
    return { skipped: 'the demo artist has no songs yet (seed a catalogue with --artists and --songs)' };
  }
  const fan: SessionUser = {
    id: user.id,
    sessionId: 'demo-seed',
    role: user.role as Role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    artistId: null,
  };
  await subscribeWithTestCard(ctx, fan, artist.id);
  const { rows: receipts } = await listReceiptsOfMember(ctx.db, fan.id, { offset: 0, limit: 1 });
  const kept = artistSongs.slice(0, KEPT_SONGS);
  if (kept.length > 0) await recordDownloads(ctx, fan, kept, 'flac');
  const liked = [
    ...artistSongs.slice(0, HI_FIVES_OF_ARTIST),
    ...(await otherSongIds(ctx, artist.id, HI_FIVES_ELSEWHERE)),
  ];
  for (const songId of liked) await giveHiFive(ctx, fan, { memberID: fan.id, itemID: songId, itemType: 'song' });
  return {
    subscribed: true,
    receipt: receipts[0] ? receiptNumber(receipts[0]) : null,
    kept: kept.length,
    hiFives: liked.length,
  };
}

/** One line for the start-up log and the CLI. */
export function describeDemoFan(outcome: DemoFanActivity | DemoFanSkipped): string {
  if ('skipped' in outcome) return `nothing added: ${outcome.skipped}.`;
  return (
    `subscribes to the demo artist (receipt ${outcome.receipt ?? 'missing'}), keeps ${outcome.kept} songs and ` +
    `gave ${outcome.hiFives} Hi Fives.`
  );
}
