import type { CSSProperties } from 'react';
import type { MyMusicSong } from '@hfm/shared';
import { toastError } from '../../../ui/deferred-toaster';
import type { useOfflineSongs } from './use-offline-songs';
import './offline.css';

type Offline = ReturnType<typeof useOfflineSongs>;

/** A kept song's row as the offline store keeps it: what the offline list shows with no network. */
export function offlineCandidate(song: MyMusicSong) {
  return {
    id: song.id,
    title: song.title,
    artistID: song.artistID,
    artistName: song.artistName,
    albumName: song.album?.name ?? null,
    duration: song.duration,
  };
}

/**
 * A kept song's 'available offline' switch: stores the song on the device (showing how much has arrived),
 * or, once stored, takes it off again.
 */
export function OfflineButton({ song, offline }: { song: MyMusicSong; offline: Offline }) {
  if (!offline.available) return null;
  const state = offline.stateOf(song.id);
  if (state.kind === 'saving') {
    const percent = Math.round(state.share * 100);
    return (
      <span
        className="offline-button offline-button--saving"
        role="progressbar"
        aria-label={`Storing ${song.title} on this device`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ '--offline-share': `${percent}%` } as CSSProperties}
      >
        <span className="offline-button__percent">{percent}%</span>
      </span>
    );
  }
  const stored = state.kind === 'stored';
  return (
    <button
      type="button"
      className={`offline-button${stored ? ' offline-button--stored' : ''}`}
      aria-label={stored ? `Remove ${song.title} from this device` : `Make ${song.title} available offline`}
      title={stored ? 'Available offline: remove from this device' : 'Make available offline'}
      onClick={async () => {
        if (stored) return offline.remove(song.id);
        const failure = await offline.save(offlineCandidate(song));
        if (failure) toastError(failure);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {stored ? (
          <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
        ) : (
          <path d="M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 2v16h8V4zm3 3h2v5h2l-3 3.5L9 12h2z" />
        )}
      </svg>
    </button>
  );
}
