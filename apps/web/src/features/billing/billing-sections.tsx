import { PaymentsSection } from './payments-section';
import { SavedCardsSection } from './saved-cards-section';
import { SubscriptionsSection } from './subscriptions-section';
import './billing.css';

/** The account page's billing slot: the member's saved cards, subscriptions and payments (with receipts). */
export function BillingSections({ memberId }: { memberId: string }) {
  return (
    <>
      <SavedCardsSection memberId={memberId} />
      <SubscriptionsSection memberId={memberId} />
      <PaymentsSection memberId={memberId} />
    </>
  );
}
