import { LEGAL } from '@hfm/shared';
import type { SessionProfile } from '../../api/session';
import { ARTIST_STATUS_LABELS } from './areas';

/** The artist's studio: who they are to HFM and where their review stands. */
export function ArtistHome({ profile }: { profile: SessionProfile }) {
  const { user, artist } = profile;
  if (!artist) {
    return (
      <section className="shell-panel">
        <h1>Your studio</h1>
        <p>
          We could not find the artist profile for {user.email}. Please contact{' '}
          <a href={`mailto:${LEGAL.contactEmail}`}>{LEGAL.contactEmail}</a>.
        </p>
      </section>
    );
  }
  return (
    <>
      <section className="shell-hero">
        <p className="shell-hero__eyebrow">Your studio</p>
        <h1>{artist.name}</h1>
        <p className={`shell-status shell-status--${artist.status.toLowerCase()}`}>
          {ARTIST_STATUS_LABELS[artist.status]}
        </p>
      </section>
      <section className="shell-grid" aria-label="Your artist profile">
        <Fact label="Genre" value={artist.genre?.label ?? 'Not chosen'} />
        <Fact label="Tier" value={artist.tier} />
        <Fact label="Songs" value={String(artist.songs.length)} />
        <Fact label="Albums" value={String(artist.albums.length)} />
      </section>
      {artist.status === 'PENDING' && (
        <section className="shell-panel">
          <h2>What happens next</h2>
          <p>
            An admin listens to every new artist before fans can subscribe. Your audition is a short bio, an artist
            photo and at least one song.
          </p>
        </section>
      )}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="shell-fact">
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}
