import { Link } from 'react-router';
import { formatBytes, type useOfflineSongs } from './use-offline-songs';
import './offline.css';

type Offline = ReturnType<typeof useOfflineSongs>;

/** What this device holds for the fan: the offline songs, the space they use and what the browser allows. */
export function OfflineSummary({ offline }: { offline: Offline }) {
  if (!offline.available) return null;
  const stored = offline.songs.reduce((sum, song) => sum + song.bytes, 0);
  const count = offline.songs.length;
  return (
    <section className="offline-summary" aria-labelledby="offline-summary-heading">
      <div>
        <h2 id="offline-summary-heading" className="offline-summary__title">
          On this device
        </h2>
        <p className="discover-muted">
          {count === 0
            ? 'Mark a song available offline to play it with no network.'
            : `${count} ${count === 1 ? 'song' : 'songs'} available offline · ${formatBytes(stored)}`}
          {offline.storage && (
            <>
              {' '}
              · {formatBytes(offline.storage.usage)} of {formatBytes(offline.storage.quota)} this browser allows HFM in
              use
            </>
          )}
        </p>
      </div>
      <Link to="/members/offline" className="offline-summary__link">
        Offline songs
      </Link>
    </section>
  );
}
