/** The artist's "you have been paid" mail, sent from a job queued in the transaction that marks the payout paid. */
import type { AppContext } from '../../context.js';
import { payoutPaidMail } from './payouts.mails.js';
import { findArtistById } from '../artists/index.js';
import { findUser } from '../users/index.js';
import { findPayoutById } from './payouts.repository.js';

/** Sends it; false (skipped) when the payout, the artist or a live account to tell is gone. */
export async function sendPayoutMail(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  { payoutId }: { payoutId: string },
): Promise<boolean> {
  const payout = await findPayoutById(ctx.db, payoutId);
  const artist = payout ? await findArtistById(ctx.db, payout.artistId) : null;
  const user = artist ? await findUser(ctx.db, artist.userId) : null;
  if (!payout || payout.status !== 'paid' || !artist || !user || user.status === 'DELETED') return false;
  await ctx.mailer.send(
    payoutPaidMail({
      to: user.email,
      firstName: user.firstName,
      artistName: artist.name,
      amountCents: payout.amountCents,
      period: payout.period,
    }),
  );
  return true;
}
