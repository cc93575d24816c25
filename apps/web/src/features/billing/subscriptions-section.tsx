import type { PublicSubscription } from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCancelSubscription, useMemberSubscriptions, useResumeSubscription } from '../../api/billing/subscriptions';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { ConfirmDelete } from '../../ui/confirm-delete';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatTermDate(iso: string): string {
  return longDate.format(new Date(iso));
}

const STATUS_LABELS: Record<PublicSubscription['status'], string> = {
  incomplete: 'Paying',
  active: 'Active',
  past_due: 'Payment due',
  canceled: 'Ended',
  lapsed: 'Lapsed',
  declined: 'Declined',
};

/** 'Active', or 'Cancelled' for a term that runs to its end without renewing. */
function statusLabel(subscription: PublicSubscription): string {
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd) return 'Cancelled';
  return STATUS_LABELS[subscription.status];
}

/** When the next year is charged, or when access ends. */
export function termText(subscription: PublicSubscription): string {
  const end = formatTermDate(subscription.currentPeriodEnd);
  if (subscription.renewsAt) {
    const renews = formatTermDate(subscription.renewsAt);
    return subscription.status === 'past_due' ? `Payment failed; we try again on ${renews}` : `Renews on ${renews}`;
  }
  return subscription.status === 'active' ? `Ends on ${end}` : `Ended on ${end}`;
}

const cancellable = (subscription: PublicSubscription) =>
  (subscription.status === 'active' && !subscription.cancelAtPeriodEnd) || subscription.status === 'past_due';

/** Cancelled, and the paid term still runs: renewal can be resumed. */
export const resumable = (subscription: PublicSubscription) =>
  subscription.status === 'active' &&
  subscription.cancelAtPeriodEnd &&
  new Date(subscription.currentPeriodEnd).getTime() > Date.now();

/** The member's subscriptions: artist, status, renewal or end date, and Cancel (access lasts to the term's end). */
export function SubscriptionsSection({ memberId }: { memberId: string }) {
  const subscriptions = useMemberSubscriptions(memberId);
  const cancel = useCancelSubscription(memberId);
  const resume = useResumeSubscription(memberId);
  const [failure, setFailure] = useState<string | null>(null);
  const list = subscriptions.data ?? [];

  const cancelOne = async (subscription: PublicSubscription) => {
    setFailure(null);
    try {
      const after = await cancel.mutateAsync(subscription.id);
      toast.success(`Cancelled. You keep ${after.artistName} until ${formatTermDate(after.currentPeriodEnd)}.`);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const resumeOne = async (subscription: PublicSubscription) => {
    setFailure(null);
    try {
      const after = await resume.mutateAsync(subscription.id);
      toast.success(`Renewal resumed. ${after.artistName} renews on ${formatTermDate(after.currentPeriodEnd)}.`);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <section className="surface-card account-card" aria-labelledby="account-subscriptions-heading">
      <h2 id="account-subscriptions-heading">Subscriptions</h2>
      {subscriptions.isPending && (
        <p className="account-page__muted" role="status">
          Loading your subscriptions…
        </p>
      )}
      {subscriptions.isError && (
        <p className="billing-error" role="alert">
          {errorMessage(subscriptions.error)}
        </p>
      )}
      {subscriptions.isSuccess && list.length === 0 && (
        <p className="account-page__muted">You do not subscribe to any artist yet.</p>
      )}
      {list.length > 0 && (
        <ul className="billing-list" aria-label="Your subscriptions">
          {list.map((subscription) => (
            <li key={subscription.id} className="billing-list__item">
              <div className="billing-list__text">
                <strong>{subscription.artistName}</strong>
                <span className="account-page__muted">
                  <span className="billing-status">{statusLabel(subscription)}</span> · {termText(subscription)}
                </span>
              </div>
              {cancellable(subscription) && (
                <ConfirmDelete
                  className="billing-list__action"
                  label={`Cancel subscription to ${subscription.artistName}`}
                  text={`Stop renewing? You keep ${subscription.artistName} until ${formatTermDate(subscription.currentPeriodEnd)}.`}
                  onConfirm={() => cancelOne(subscription)}
                  confirmLabel="Cancel renewal"
                  cancelLabel="Keep subscription"
                >
                  Cancel subscription
                </ConfirmDelete>
              )}
              {resumable(subscription) && (
                <Button
                  variant="secondary"
                  className="billing-list__action"
                  loading={resume.isPending && resume.variables === subscription.id}
                  aria-label={`Resume renewal of ${subscription.artistName}`}
                  onClick={() => resumeOne(subscription)}
                >
                  Resume renewal
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p className="billing-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
