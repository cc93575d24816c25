/**
 * The fan's mails about renewal as they were before receipts (receipts.service.ts now sends them, with the
 * receipt's lines): nothing queues this job any more; it stays so that mails queued before an upgrade still go.
 */
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { renewalDeclinedMail, renewalReceiptMail, subscriptionLapsedMail } from './billing.mails.js';
import { findArtistById } from '../artists/index.js';
import { findUser } from '../users/index.js';
import { findSubscription } from './subscriptions.repository.js';

export const RENEWAL_MAIL_JOB = 'billing.renewal-mail';

/** Ids and amounts only: the address is read when the mail goes (the member may have deleted the account). */
export const renewalMail = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('renewed'), subscriptionId: z.uuid(), amountCents: z.number().int() }),
  z.object({
    kind: z.literal('declined'),
    subscriptionId: z.uuid(),
    amountCents: z.number().int(),
    reason: z.string(),
    retryAt: z.iso.datetime(),
  }),
  z.object({ kind: z.literal('lapsed'), subscriptionId: z.uuid(), amountCents: z.number().int(), reason: z.string() }),
]);
export type RenewalMail = z.infer<typeof renewalMail>;

/** Sends the mail; false (skipped) when the subscription or a live member to tell is gone. */
export async function sendRenewalMail(ctx: Pick<AppContext, 'db' | 'mailer'>, mail: RenewalMail): Promise<boolean> {
  const subscription = await findSubscription(ctx.db, mail.subscriptionId);
  const member = subscription ? await findUser(ctx.db, subscription.memberId) : null;
  if (!subscription || !member || member.status === 'DELETED') return false;
  const artist = await findArtistById(ctx.db, subscription.artistId);
  const common = {
    to: member.email,
    firstName: member.firstName,
    artistName: artist?.name ?? 'your artist',
    amountCents: mail.amountCents,
  };
  switch (mail.kind) {
    case 'renewed':
      await ctx.mailer.send(renewalReceiptMail({ ...common, paidUntil: subscription.currentPeriodEnd }));
      break;
    case 'declined':
      await ctx.mailer.send(renewalDeclinedMail({ ...common, reason: mail.reason, retryAt: new Date(mail.retryAt) }));
      break;
    case 'lapsed':
      await ctx.mailer.send(subscriptionLapsedMail({ ...common, reason: mail.reason }));
      break;
  }
  return true;
}
