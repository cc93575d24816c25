import {
  billingMessages,
  PRICE_CENTS_PER_ARTIST_YEAR,
  type PublicSubscription,
  type SubscribeAnswer,
  type SubscribeBody,
} from '@hfm/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTransaction } from '../../platform/db/transaction.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  type DeclineCode,
  type SubscriptionPayment,
} from '../../platform/payments/provider.js';
import { requireArtistSeen, requirePayer, type Actor } from '../access/index.js';
import { findArtistById, type ArtistRow } from '../artists/index.js';
import { listRelatedArtists } from '../discovery/index.js';
import { presentSubscription } from './billing.presenter.js';
import { declined, ensureCustomerId, paymentRequestFailure } from './cards.service.js';
import { findCardByRef, findCardsByIds, findCustomerId, type CardRow } from './cards.repository.js';
import { paidTermRows } from './ledger.js';
import { insertTermRows } from './ledger.repository.js';
import { countPayment } from './billing.metrics.js';
import { recordTermReceipt } from './receipts.service.js';
import {
  deleteIncompleteSubscription,
  findByRequestKey,
  findLiveSubscription,
  findPayingCard,
  findSubscription,
  insertIncompleteSubscription,
  insertSubscription,
  listIncompleteSubscriptions,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository.js';

type BillingContext = Pick<AppContext, 'db' | 'platform' | 'jobs'>;

/** What the subscribe request read already (the artist, the card charged): the writes and answer after it reuse it. */
interface Known {
  artist: ArtistRow;
  card: CardRow;
}

/** A first payment that has been under way this long was interrupted (a crash): the next request finishes it. */
const STALE_INCOMPLETE_MS = 60_000;
/**
 * A first payment under way this long has no request paying it any more (a call to the provider, its retries
 * included, ends within a few minutes): it is settled by asking the provider what became of it, never by
 * paying again (docs/billing.md, "A first payment left under way").
 */
export const ABANDONED_INCOMPLETE_MS = 10 * 60_000;

const isAbandoned = (row: SubscriptionRow, now = Date.now()) =>
  row.status === 'incomplete' && now - row.createdAt.getTime() >= ABANDONED_INCOMPLETE_MS;

/** The provider's key for a first payment: from the member and their request key (decision 0013, section 4). */
export const subscribeKey = (memberId: string, requestKey: string) => `subscribe:${memberId}:${requestKey}`;

/** Subscriptions as the API shows them, with their artists' names and their cards' tokens. */
export async function presentSubscriptions(
  ctx: Pick<AppContext, 'db'>,
  rows: SubscriptionRow[],
): Promise<PublicSubscription[]> {
  const cardIds = [...new Set(rows.map((row) => row.paymentMethodId).filter((id): id is string => id !== null))];
  const cards = new Map((await findCardsByIds(ctx.db, cardIds)).map((card) => [card.id, card.providerRef]));
  const artistIds = [...new Set(rows.map((row) => row.artistId))];
  const names = new Map(
    await Promise.all(artistIds.map(async (id) => [id, (await findArtistById(ctx.db, id))?.name ?? ''] as const)),
  );
  return rows.map((row) =>
    presentSubscription(row, {
      artistName: names.get(row.artistId) ?? '',
      paymentMethodID: row.paymentMethodId ? (cards.get(row.paymentMethodId) ?? null) : null,
    }),
  );
}

async function answerFor(
  ctx: BillingContext,
  row: SubscriptionRow,
  memberId: string,
  known?: Known,
): Promise<SubscribeAnswer> {
  if (known) {
    const subscription = presentSubscription(row, {
      artistName: known.artist.name,
      paymentMethodID: row.paymentMethodId === known.card.id ? known.card.providerRef : null,
    });
    return { subscription, relatedArtists: await listRelatedArtists(ctx, known.artist, memberId) };
  }
  const artist = await findArtistById(ctx.db, row.artistId);
  const [subscription] = await presentSubscriptions(ctx, [row]);
  const relatedArtists = artist ? await listRelatedArtists(ctx, artist, memberId) : [];
  return { subscription: subscription!, relatedArtists };
}

/**
 * Writes what a paid first year means, in one transaction: the subscription active for the term the
 * provider charged, and the ledger's two rows (the member's 999 charge, the artist's 500 credit payable from
 * the 22nd of the following month). The ledger's unique term keys make a second call change nothing.
 */
async function recordFirstYear(
  ctx: BillingContext,
  row: SubscriptionRow,
  payment: SubscriptionPayment,
  known?: Known,
): Promise<SubscriptionRow> {
  const provider = ctx.platform.payments.name;
  return withTransaction(ctx, async (tx) => {
    const updated = await updateSubscription(tx.db, row.id, {
      status: 'active',
      termNumber: 1,
      renewalAttempts: 0,
      currentPeriodStart: payment.subscription.currentPeriodStart,
      currentPeriodEnd: payment.subscription.currentPeriodEnd,
      nextAttemptAt: payment.subscription.currentPeriodEnd,
      provider,
      providerSubscriptionId: payment.subscription.subscriptionId,
    });
    if (!updated)
      throw new Error(`Subscription ${row.id} is gone: its first payment ${payment.charge.chargeId} is not recorded.`);
    const added = await insertTermRows(
      tx.db,
      paidTermRows(row, {
        termNumber: 1,
        provider,
        chargeId: payment.charge.chargeId,
        amountCents: payment.charge.amountCents,
        paidAt: payment.charge.createdAt,
        feeCents: payment.charge.feeCents,
      }),
    );
    const card = known?.card.providerRef === payment.charge.paymentMethodId ? known.card : undefined;
    await recordTermReceipt(tx, 'charge', updated, added, payment.charge.paymentMethodId, {
      ...(card ? { card } : {}),
      ...(known ? { artistName: known.artist.name } : {}),
    });
    return updated;
  });
}

/** A first year paid: recorded (row, ledger) and counted. Our own call's answer and the reconciliation's alike. */
async function completeFirstYear(
  ctx: BillingContext,
  row: SubscriptionRow,
  payment: SubscriptionPayment,
  known?: Known,
): Promise<SubscriptionRow> {
  const recorded = await recordFirstYear(ctx, row, payment, known);
  countPayment(ctx, 'first_year', 'succeeded', payment.charge.amountCents);
  return recorded;
}

/**
 * A first payment refused: the row is kept as a record of the refused attempt (no subscription, nothing
 * charged), so the same request key answers the same decline, as the provider would.
 */
async function recordFirstYearDecline(
  ctx: BillingContext,
  row: SubscriptionRow,
  decline: { code: DeclineCode; message: string },
): Promise<void> {
  await updateSubscription(ctx.db, row.id, {
    status: 'declined',
    failureCode: decline.code,
    failureMessage: decline.message,
    endedAt: new Date(),
  });
  countPayment(ctx, 'first_year', 'declined');
}

/** What settling a first payment left under way did: paid and recorded, declined, or released (never charged). */
export type SettledIncomplete = 'completed' | 'declined' | 'released';

/**
 * A first payment whose request died between the provider and our write (or before the provider): the provider
 * is asked what became of it, moving no money. Paid: recorded as our own call's answer would have been. Declined:
 * recorded as a decline. Nothing there: the row is released, so the member and artist's place is free again.
 */
export async function settleIncompleteSubscription(
  ctx: BillingContext,
  row: SubscriptionRow,
): Promise<SettledIncomplete> {
  const provider = ctx.platform.payments;
  const customerId = await findCustomerId(ctx.db, row.memberId, provider.name);
  const attempt = customerId
    ? await provider.findSubscriptionAttempt({
        customerId,
        idempotencyKey: subscribeKey(row.memberId, row.requestKey ?? row.id),
        subscriptionRef: row.id,
      })
    : ({ outcome: 'none' } as const);
  switch (attempt.outcome) {
    case 'paid':
      await completeFirstYear(ctx, row, attempt.payment);
      return 'completed';
    case 'declined':
      await recordFirstYearDecline(ctx, row, attempt);
      return 'declined';
    case 'none':
      await deleteIncompleteSubscription(ctx.db, row.id);
      return 'released';
  }
}

/**
 * Pays the first year of a subscription whose row holds the member and artist's place (status incomplete).
 * A decline marks the row declined (nothing was charged, no subscription) and answers 402 with the
 * provider's message.
 */
async function payFirstYear(
  ctx: BillingContext,
  member: SessionUser,
  row: SubscriptionRow,
  card: CardRow,
  artistName: string,
  known?: Known & { customerId: string },
): Promise<SubscriptionRow> {
  const provider = ctx.platform.payments;
  let payment: SubscriptionPayment;
  try {
    const customerId = known?.customerId ?? (await ensureCustomerId(ctx, member));
    payment = await provider.createSubscription({
      customerId,
      paymentMethodId: card.providerRef,
      amountCents: PRICE_CENTS_PER_ARTIST_YEAR,
      interval: 'year',
      description: `${artistName}, one year`,
      idempotencyKey: subscribeKey(member.id, row.requestKey ?? row.id),
      metadata: { subscriptionId: row.id, memberId: member.id, artistId: row.artistId },
    });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await recordFirstYearDecline(ctx, row, error);
      throw declined(error);
    }
    if (error instanceof PaymentRequestError) {
      await deleteIncompleteSubscription(ctx.db, row.id);
      if (error.code === 'idempotency_key_reused') throw conflict(billingMessages.paymentUnderWay);
      throw paymentRequestFailure();
    }
    throw error;
  }
  return completeFirstYear(ctx, row, payment, known);
}

/**
 * POST /api/subscriptions: the member subscribes to an ACTIVE artist with one of their saved cards, paying
 * 999 cents for one year. The same Idempotency-Key header answers the first result and charges once; a live
 * subscription to the artist is a 409, as is a second request racing the first (one place per member and
 * artist, held by the row before the provider is called).
 */
export async function subscribe(
  ctx: BillingContext,
  actor: Actor,
  body: SubscribeBody,
  requestKey: string | undefined,
): Promise<SubscribeAnswer> {
  const member = await requirePayer(ctx, actor, body.memberID);
  const artistId = body.artistID.toLowerCase();
  const artist = requireArtistSeen(member, await findArtistById(ctx.db, artistId));
  const held = await holdPlaceAtOnce(ctx, member, artist, body.paymentMethodID, requestKey);
  if (!held) return subscribeStepByStep(ctx, member, artistId, body, requestKey);
  const { row, card, customerId } = held;
  const paid = await payFirstYear(ctx, member, row, card, artist.name, { artist, card, customerId });
  return answerFor(ctx, paid, member.id, { artist, card });
}

/**
 * The common case in two statements (docs/decisions/0058): the member's card and customer in one prepared
 * read, then the incomplete row in one prepared insert that takes the place only if no unique index refuses it.
 * Null whenever anything is not plain (a repeated request key, a place taken, an artist not taking subscribers,
 * no card or no customer yet): `subscribeStepByStep` then answers exactly as it always has.
 */
async function holdPlaceAtOnce(
  ctx: BillingContext,
  member: SessionUser,
  artist: ArtistRow,
  paymentMethodRef: string,
  requestKey: string | undefined,
): Promise<{ row: SubscriptionRow; card: CardRow; customerId: string } | null> {
  if (artist.status !== 'ACTIVE' || artist.userId === member.id) return null;
  const paying = await findPayingCard(ctx.db, member.id, paymentMethodRef, ctx.platform.payments.name);
  if (!paying?.customerId) return null;
  const id = crypto.randomUUID();
  const row = await insertIncompleteSubscription(ctx.db, {
    id,
    memberId: member.id,
    artistId: artist.id,
    paymentMethodId: paying.card.id,
    priceCents: PRICE_CENTS_PER_ARTIST_YEAR,
    currentPeriodEnd: new Date(),
    requestKey: requestKey ?? id,
  });
  return row ? { row, card: paying.card, customerId: paying.customerId } : null;
}

/** Every case, one step at a time: a repeated request key, a place taken or left under way, the refusals. */
async function subscribeStepByStep(
  ctx: BillingContext,
  member: SessionUser,
  artistId: string,
  body: SubscribeBody,
  requestKey: string | undefined,
): Promise<SubscribeAnswer> {
  if (requestKey) {
    let earlier = await findByRequestKey(ctx.db, member.id, requestKey);
    if (earlier) await assertSameRequest(ctx, earlier, artistId, body.paymentMethodID);
    if (earlier && isAbandoned(earlier)) {
      await settleIncompleteSubscription(ctx, earlier);
      earlier = await findByRequestKey(ctx.db, member.id, requestKey);
    }
    if (earlier) return answerEarlier(ctx, member, earlier);
  }

  const artist = await findArtistById(ctx.db, artistId);
  if (!artist) throw badRequest(billingMessages.artistNotTaking);
  if (artist.userId === member.id) throw badRequest(billingMessages.notYourself);
  if (artist.status !== 'ACTIVE') throw conflict(billingMessages.artistNotTaking);
  const card = await findCardByRef(ctx.db, member.id, body.paymentMethodID);
  if (!card) throw badRequest(billingMessages.cardNotSaved, { paymentMethodID: billingMessages.cardNotSaved });

  const row = await holdPlace(ctx, member.id, artistId, card, requestKey);
  const paid = await payFirstYear(ctx, member, row, card, artist.name);
  return answerFor(ctx, paid, member.id);
}

/**
 * The incomplete row that takes the member and artist's place before the provider is called. A place held by a
 * first payment left under way (a crash) is settled first, so a new attempt never meets a 409 because of it;
 * one still being paid is a 409 "under way", a live subscription a 409 "already subscribe".
 */
async function holdPlace(
  ctx: BillingContext,
  memberId: string,
  artistId: string,
  card: CardRow,
  requestKey: string | undefined,
): Promise<SubscriptionRow> {
  for (let tries = 1; ; tries++) {
    const id = crypto.randomUUID();
    try {
      return await insertSubscription(ctx.db, {
        id,
        memberId,
        artistId,
        paymentMethodId: card.id,
        status: 'incomplete',
        priceCents: PRICE_CENTS_PER_ARTIST_YEAR,
        currentPeriodEnd: new Date(),
        requestKey: requestKey ?? id,
      });
    } catch (error) {
      if (requestKey && isUniqueViolation(error, 'subscriptions_request_key_idx')) {
        throw conflict(billingMessages.paymentUnderWay);
      }
      if (!isUniqueViolation(error, 'subscriptions_live_idx')) throw error;
      const live = await findLiveSubscription(ctx.db, memberId, artistId);
      if (live && isAbandoned(live) && tries === 1) {
        if ((await settleIncompleteSubscription(ctx, live)) !== 'completed') continue;
      }
      if (live?.status === 'incomplete' && !isAbandoned(live)) throw conflict(billingMessages.paymentUnderWay);
      throw conflict(billingMessages.alreadySubscribed);
    }
  }
}

/**
 * A request key names one request: sent again with another artist or card it is a 422 (as Stripe answers a
 * key reused with other parameters), never the first request's answer. A card deleted since cannot be compared.
 */
async function assertSameRequest(
  ctx: BillingContext,
  earlier: SubscriptionRow,
  artistId: string,
  paymentMethodRef: string,
): Promise<void> {
  const [earlierCard] = earlier.paymentMethodId ? await findCardsByIds(ctx.db, [earlier.paymentMethodId]) : [];
  if (earlier.artistId !== artistId || (earlierCard && earlierCard.providerRef !== paymentMethodRef)) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', billingMessages.idempotencyKeyReused);
  }
}

/** How many abandoned first payments one sweep settles at most (the next sweep takes the rest). */
const SETTLE_PAGE = 100;

/**
 * The reconciliation job (`billing.incomplete-sweep`): every first payment left under way for longer than
 * ABANDONED_INCOMPLETE_MS is settled by asking the provider. One that cannot be settled now (the provider
 * unreachable) is logged and left for the next sweep; the others go on. Answers what was done.
 */
export async function settleAbandonedSubscriptions(
  ctx: BillingContext & Pick<AppContext, 'log'>,
  now: Date,
): Promise<Record<SettledIncomplete | 'failed', number>> {
  const counts = { completed: 0, declined: 0, released: 0, failed: 0 };
  const rows = await listIncompleteSubscriptions(
    ctx.db,
    new Date(now.getTime() - ABANDONED_INCOMPLETE_MS),
    SETTLE_PAGE,
  );
  for (const row of rows) {
    try {
      const settled = await settleIncompleteSubscription(ctx, row);
      counts[settled]++;
      ctx.log.info({ subscriptionId: row.id, settled }, `first payment left under way: ${settled}`);
    } catch (error) {
      counts.failed++;
      ctx.log.error(
        { err: error, subscriptionId: row.id },
        'first payment left under way: not settled, tried again next sweep',
      );
    }
  }
  return counts;
}

/** A repeated request key: the first request's answer; one still paying is a 409 unless it was interrupted. */
async function answerEarlier(
  ctx: BillingContext,
  member: SessionUser,
  earlier: SubscriptionRow,
): Promise<SubscribeAnswer> {
  if (earlier.status === 'declined') {
    throw new AppError('PAYMENT_DECLINED', earlier.failureMessage ?? billingMessages.unknownPaymentMethod);
  }
  if (earlier.status !== 'incomplete') return answerFor(ctx, earlier, member.id);
  if (Date.now() - earlier.createdAt.getTime() < STALE_INCOMPLETE_MS) throw conflict(billingMessages.paymentUnderWay);
  // Interrupted between the provider's answer and our write: the same key replays the provider's result.
  const [card] = earlier.paymentMethodId ? await findCardsByIds(ctx.db, [earlier.paymentMethodId]) : [];
  const artist = await findArtistById(ctx.db, earlier.artistId);
  if (!card || !artist) {
    await deleteIncompleteSubscription(ctx.db, earlier.id);
    throw conflict(billingMessages.paymentUnderWay);
  }
  const paid = await payFirstYear(ctx, member, earlier, card, artist.name);
  return answerFor(ctx, (await findSubscription(ctx.db, paid.id)) ?? paid, member.id);
}
