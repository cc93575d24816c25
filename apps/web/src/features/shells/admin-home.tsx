import type { SessionProfile } from '../../api/session';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The admin's home. */
export function AdminHome({ profile }: { profile: SessionProfile }) {
  useDocumentTitle('Admin');
  return (
    <section className="shell-hero">
      <p className="shell-hero__eyebrow">Admin</p>
      <h1>Welcome, {profile.user.firstName || profile.user.name}</h1>
      <p>You are signed in as an administrator ({profile.user.email}).</p>
    </section>
  );
}
