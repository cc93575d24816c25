/**
 * The artist's earnings page and statement (docs/earnings.md): a read model over billing's ledger and
 * subscriptions, the payout run's records and engagement's plays per month. Nothing here writes.
 */
import type { Readable } from 'node:stream';
import { addMonths, EARNINGS_SERIES_MONTHS, monthOf, payoutCutoffs, type ArtistEarnings } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { requireAccess, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { statementCsv } from './earnings.csv.js';
import {
  findPayoutAccount,
  listPayoutsOfArtist,
  readArtistSeries,
  sumArtistLedger,
  type PayoutRow,
} from './earnings.repository.js';
import { dayOf, heldReasonOf, nextPayoutOf } from './payout-schedule.js';

type EarningsContext = Pick<AppContext, 'db'>;

function presentPayout(row: PayoutRow): ArtistEarnings['payouts'][number] {
  return {
    period: row.period,
    status: row.status as ArtistEarnings['payouts'][number]['status'],
    amountCents: row.amountCents,
    paidAt: row.paidAt?.toISOString() ?? null,
    heldReason: row.heldReason,
  };
}

/**
 * GET /api/artists/{id}/earnings: the artist themself or an admin (others: 403, or 404 for an artist they
 * may not see). `now` is the request's time; tests move it.
 */
export async function getArtistEarnings(
  ctx: EarningsContext,
  actor: Actor,
  artistId: string,
  now: Date = new Date(),
): Promise<ArtistEarnings> {
  const id = artistId.toLowerCase();
  await requireAccess(ctx, actor, 'artist.manage', [id]);
  const thisMonth = monthOf(now);
  const history = await listPayoutsOfArtist(ctx.db, id);
  const thisMonthPaid = history.some((payout) => payout.period === thisMonth && payout.status === 'paid');
  const cutoffs = payoutCutoffs(now, thisMonthPaid);
  const sums = await sumArtistLedger(ctx.db, id, { thisMonth, ...cutoffs });
  const series = await readArtistSeries(ctx.db, id, {
    firstMonth: addMonths(thisMonth, 1 - EARNINGS_SERIES_MONTHS),
    count: EARNINGS_SERIES_MONTHS,
    now,
  });
  const account = await findPayoutAccount(ctx.db, id);
  const owedCents = sums.earnedCents - sums.paidOutCents;
  const subscribersNow = series[0]?.subscribersNow ?? 0;
  return {
    artistID: id,
    subscribersNow,
    earnedThisMonthCents: sums.earnedThisMonthCents,
    earnedAllTimeCents: sums.earnedCents,
    paidOutCents: sums.paidOutCents,
    owedCents,
    nextPayout: {
      ...nextPayoutOf(cutoffs, {
        owedCents,
        payableByFirstCents: sums.earnedPayableByFirstCents - sums.paidOutCents,
        payableBySecondCents: sums.earnedPayableBySecondCents - sums.paidOutCents,
        laterPayableFrom: sums.laterPayableFrom,
      }),
      held: heldReasonOf(account),
    },
    payouts: history.map(presentPayout),
    // This month's point is the subscribers in term now, the same number as the card above the chart.
    series: series.map(({ subscribersNow: _, ...month }) =>
      month.month === thisMonth ? { ...month, subscribers: subscribersNow } : month,
    ),
  };
}

/** The statement's file name: `hfm-earnings-{artist-slug}-{YYYY-MM-DD}.csv` (the id when there is no slug). */
function statementFileName(slug: string | null, id: string, now: Date): string {
  const safe = (slug ?? '').replace(/[^a-z0-9-]/gi, '') || id;
  return `hfm-earnings-${safe}-${dayOf(now)}.csv`;
}

/** GET /api/artists/{id}/earnings.csv: the same access; every ledger row of the artist's and every payout. */
export async function getArtistStatement(
  ctx: Pick<AppContext, 'db' | 'log'>,
  actor: Actor,
  artistId: string,
  now: Date = new Date(),
): Promise<{ fileName: string; stream: Readable }> {
  const id = artistId.toLowerCase();
  await requireAccess(ctx, actor, 'artist.manage', [id]);
  const artist = await findArtistById(ctx.db, id);
  const records = await listPayoutsOfArtist(ctx.db, id);
  const stream = statementCsv(ctx.db, id, records, (error) =>
    ctx.log.error({ err: error, artistId: id }, 'the earnings statement stopped midway'),
  );
  return { fileName: statementFileName(artist?.slug ?? null, id, now), stream };
}
