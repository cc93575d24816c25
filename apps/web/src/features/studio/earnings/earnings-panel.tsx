import { ARTIST_CREDIT_CENTS, formatUsd, type ArtistEarnings, type EarningsHeldReason } from '@hfm/shared';
import { artistStatementUrl, useArtistEarnings } from '../../../api/earnings/get-artist-earnings';
import { formatCount, formatDay } from '../../../ui/money';
import { Spinner } from '../../../ui/spinner';
import { EarningsCharts } from './earnings-charts';
import { PayoutHistory } from './payout-history';
import './earnings.css';

/** Why the next payout waits, and what the artist does about it (in the Payouts tab). */
export const HELD_TEXT: Record<EarningsHeldReason, { reason: string; action: string }> = {
  no_account: { reason: 'Held until you set up your payout account.', action: 'Set up payouts' },
  onboarding_incomplete: {
    reason: 'Held until your payout account is finished.',
    action: 'Finish your payout account',
  },
  no_tax_form: { reason: 'Held until you add a tax form.', action: 'Add a tax form' },
};

/** The studio's Earnings tab: subscribers, what was earned, the next payout, charts, payouts and the CSV. */
export function EarningsPanel({ artistId }: { artistId: string }) {
  const earnings = useArtistEarnings(artistId);
  return (
    <div className="earnings">
      <div className="studio-panel__header">
        <h2>Earnings</h2>
        <a className="button button--secondary" href={artistStatementUrl(artistId)} download>
          Download CSV
        </a>
      </div>
      {earnings.isPending ? (
        <p className="earnings__loading" role="status">
          <Spinner size="small" /> Loading your earnings...
        </p>
      ) : earnings.isError ? (
        <p className="error-box" role="alert">
          {earnings.error.message}
        </p>
      ) : (
        <EarningsBody earnings={earnings.data} />
      )}
    </div>
  );
}

function EarningsBody({ earnings }: { earnings: ArtistEarnings }) {
  return (
    <>
      <dl className="stat-grid earnings__stats">
        <div className="stat">
          <dt>Subscribers now</dt>
          <dd>{formatCount(earnings.subscribersNow)}</dd>
        </div>
        <div className="stat">
          <dt>Earned this month</dt>
          <dd>{formatUsd(earnings.earnedThisMonthCents)}</dd>
        </div>
        <div className="stat">
          <dt>Next payout</dt>
          <NextPayout next={earnings.nextPayout} />
        </div>
      </dl>
      <p className="studio-muted earnings__totals">
        Earned in all {formatUsd(earnings.earnedAllTimeCents)} · Paid out {formatUsd(earnings.paidOutCents)} · Owed{' '}
        {formatUsd(earnings.owedCents)}. You earn {formatUsd(ARTIST_CREDIT_CENTS)} for every year a fan pays for, paid
        between the 22nd and the 28th of the month after.
      </p>
      <EarningsCharts series={earnings.series} />
      <PayoutHistory payouts={earnings.payouts} />
    </>
  );
}

function NextPayout({ next }: { next: ArtistEarnings['nextPayout'] }) {
  const held = next.held ? HELD_TEXT[next.held] : null;
  return (
    <dd>
      {next.date ? (
        <>
          <span className="earnings__amount">{formatUsd(next.amountCents)}</span>
          <span className="stat__detail">on {formatDay(next.date)}</span>
        </>
      ) : (
        <span className="stat__detail earnings__detail--lead">Nothing owed yet</span>
      )}
      {held && (
        <span className="earnings__held">
          {held.reason} <a href="#payouts">{held.action}</a>
        </span>
      )}
    </dd>
  );
}
