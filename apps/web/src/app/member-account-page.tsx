import { useEffect } from 'react';
import { useSession } from '../api/session';
import { AccountPage } from '../features/account/account-page';
import { BillingSections } from '../features/billing/billing-sections';
import { mountToaster } from '../ui/deferred-toaster';

/** /members/account: the account page with billing's Saved cards and Subscriptions in its slot. */
export function MemberAccountPage() {
  const memberId = useSession().data?.user?.id;
  // Its sections confirm saves with toasts.
  useEffect(mountToaster, []);
  return <AccountPage billingSections={memberId ? <BillingSections memberId={memberId} /> : undefined} />;
}
