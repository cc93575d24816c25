import { formatUsd, type ArtistPayoutRecord } from '@hfm/shared';
import { formatMoment, formatMonthLong } from '../../../ui/money';

const STATUS_TEXT: Record<ArtistPayoutRecord['status'], string> = {
  paid: 'Paid',
  pending: 'On its way',
  held: 'Held',
  failed: 'Failed, will be tried again',
};

const HELD_REASON_TEXT: Record<string, string> = {
  no_account: 'no payout account',
  onboarding_incomplete: 'payout account not finished',
  no_tax_form: 'no tax form',
};

/** The monthly payouts, newest first. */
export function PayoutHistory({ payouts }: { payouts: ArtistPayoutRecord[] }) {
  return (
    <section className="surface-card earnings__payouts">
      <h3 id="payout-history-heading">Payout history</h3>
      {payouts.length === 0 ? (
        <p className="studio-muted">
          No payouts yet. Earnings are paid monthly, from the 22nd of the month after they are earned.
        </p>
      ) : (
        <div className="earnings__table-scroll" role="region" aria-labelledby="payout-history-heading" tabIndex={0}>
          <table className="data-table earnings__table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Status</th>
                <th scope="col" className="data-table__number">
                  Amount
                </th>
                <th scope="col">Paid on</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.period}>
                  <th scope="row">{formatMonthLong(payout.period)}</th>
                  <td>
                    <span className={`earnings__status earnings__status--${payout.status}`}>
                      {STATUS_TEXT[payout.status]}
                    </span>
                    {payout.status === 'held' && payout.heldReason && (
                      <span className="earnings__reason">
                        {' '}
                        ({HELD_REASON_TEXT[payout.heldReason] ?? payout.heldReason})
                      </span>
                    )}
                  </td>
                  <td className="data-table__number">{formatUsd(payout.amountCents)}</td>
                  <td>{payout.paidAt ? formatMoment(payout.paidAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
