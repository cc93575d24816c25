import { messages, type PublicUser } from '@hfm/shared';
import type { ReactNode } from 'react';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../ui/use-document-title';
import { DeleteAccountSection } from './delete-account-section';
import { PasswordSection } from './password-section';
import { ProfileImageSection } from './profile-image-section';
import { ProfileSection } from './profile-section';
import { ReleaseMailsSection } from './release-mails-section';
import './account.css';

export interface AccountPageProps {
  /**
   * The billing sections (Saved cards, Subscriptions with their renewal dates and Cancel), placed between
   * Password and Delete account. Billing fills this slot from app/ once its routes exist; until then the
   * page shows no such section (never placeholder data).
   */
  billingSections?: ReactNode;
}

/** /members/account: the signed-in fan's own account (the members gate has made sure there is one). */
export function AccountPage({ billingSections }: AccountPageProps) {
  useDocumentTitle('Account');
  const session = useSession();
  const user = session.data?.user;
  if (!user) return <p role="status">{messages.loading}</p>;
  return <AccountSections user={user} billingSections={billingSections} />;
}

function AccountSections({ user, billingSections }: { user: PublicUser; billingSections?: ReactNode }) {
  return (
    <div className="account-page">
      <header className="account-page__header">
        <p className="account-page__eyebrow">Your account</p>
        <h1 className="account-page__title">Account</h1>
        <p className="account-page__muted">Your details, your picture and your password.</p>
      </header>
      <ProfileSection user={user} />
      <ProfileImageSection user={user} />
      <PasswordSection userId={user.id} />
      {/* Slot: Saved cards and Subscriptions (billing). */}
      {billingSections}
      {user.role === 'SUBSCRIBER' && <ReleaseMailsSection />}
      <DeleteAccountSection userId={user.id} />
    </div>
  );
}
