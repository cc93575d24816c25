import type { SessionProfile } from '../../api/session';

/** The admin's home. */
export function AdminHome({ profile }: { profile: SessionProfile }) {
  return (
    <section className="shell-hero">
      <p className="shell-hero__eyebrow">Admin</p>
      <h1>Welcome, {profile.user.firstName || profile.user.name}</h1>
      <p>You are signed in as an administrator ({profile.user.email}).</p>
    </section>
  );
}
