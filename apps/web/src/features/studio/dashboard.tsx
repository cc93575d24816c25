import { LEGAL, terminationMessages, type PublicArtist } from '@hfm/shared';
import { useInitial } from '../../api/artists/get-initial';
import { formatTerminationDate } from './terminate-licence';
import './terminate-licence.css';
import { DocumentNotices } from '../../components/document-notices';

const STATUS_TEXT: Record<PublicArtist['status'], { label: string; detail: string }> = {
  PENDING: {
    label: 'In review',
    detail:
      'An admin is reviewing your audition: a short bio, at least one artist photo and at least one song. Fans can subscribe once you are approved.',
  },
  ACTIVE: { label: 'Active', detail: 'Fans can find you and subscribe to your music.' },
  INACTIVE: { label: 'Inactive', detail: 'Your music is hidden from fans for now.' },
  CANCELLED: { label: 'Cancelled', detail: 'Your licence has ended.' },
};

/** What happens after the licence ended (docs/decisions/0021). */
function AfterTermination({ artist }: { artist: PublicArtist }) {
  return (
    <>
      <p>
        {artist.terminatedAt
          ? `Your licence ended on ${formatTerminationDate(artist.terminatedAt)}.`
          : STATUS_TEXT.CANCELLED.detail}{' '}
        What happens next:
      </p>
      <ul className="note-list">
        <li>No new fans can subscribe to you, and no subscription to you renews.</li>
        <li>
          Fans who subscribe keep access to your music until the end of their term, and every song they downloaded stays
          theirs.
        </li>
        <li>Licence fees you earned are still paid, {LEGAL.payoutWindow}.</li>
        <li>{terminationMessages.noNewMusic}</li>
      </ul>
    </>
  );
}

/** The artist's standing, most listened-to and most Hi-Fived songs, and counts. */
export function Dashboard({ artist }: { artist: PublicArtist }) {
  const initial = useInitial();
  const data = initial.data?.data;
  const status = STATUS_TEXT[artist.status];
  const loading = initial.isPending ? 'Loading...' : '—';
  return (
    <div className="dashboard">
      <DocumentNotices />
      <section
        className={`surface-card dashboard__status dashboard__status--${artist.status.toLowerCase()}`}
        aria-labelledby="status-heading"
      >
        <h3 id="status-heading">Status: {status.label}</h3>
        {artist.status === 'CANCELLED' ? <AfterTermination artist={artist} /> : <p>{status.detail}</p>}
      </section>
      <dl className="stat-grid dashboard__stats">
        <Stat
          label="Most listened to"
          value={data?.stats.mostListenedToSong?.title ?? (data ? 'No plays yet' : loading)}
        />
        <Stat
          label="Most Hi-Fived"
          value={data?.stats.mostHifivedSong?.title ?? (data ? 'No Hi Fives yet' : loading)}
        />
        <Stat label="Songs" value={data ? String(data.songs.length) : loading} />
        <Stat label="Albums" value={data ? String(data.albums.length) : loading} />
        <Stat label="Hi Fives" value={String(artist.hifives)} />
        <Stat label="Photos" value={String(artist.photos.length)} />
      </dl>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
