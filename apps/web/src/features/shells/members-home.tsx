import type { SessionProfile } from '../../api/session';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The fan's home: their subscriptions so far. */
export function MembersHome({ profile }: { profile: SessionProfile }) {
  useDocumentTitle('Your music');
  const { user } = profile;
  const count = user.subscribedTo.length;
  return (
    <>
      <section className="shell-hero">
        <p className="shell-hero__eyebrow">Your music</p>
        <h1>Welcome, {user.firstName || user.name}</h1>
        <p>
          {count === 0
            ? 'You are not subscribed to any artists yet.'
            : `You subscribe to ${count} artist${count === 1 ? '' : 's'}.`}
        </p>
      </section>
      <section className="shell-panel">
        <h2>How HFM works</h2>
        <p>Subscribe to an artist for $9.99 a year. Download their music and keep it, even if you stop subscribing.</p>
      </section>
    </>
  );
}
