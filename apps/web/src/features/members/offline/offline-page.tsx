import { formatDuration } from '@hfm/shared';
import { Link } from 'react-router';
import { useSession } from '../../../api/session';
import { usePlayer, usePlayingId, type PlayableSong } from '../../../player/player-context';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { initialsOf } from '../cards';
import { formatBytes, useOfflineSongs } from './use-offline-songs';
import type { OfflineSong } from '../../../offline/offline-store';
import '../members.css';
import '../my-music/my-music.css';
import './offline.css';

/**
 * /members/offline: the songs stored on this device, read from the device alone, so a fan in flight mode
 * (the app opened from the service worker's shell, no session to ask for) sees and plays them. Signed in, the
 * list is the fan's own; with no network to say who is signed in, it is what the device holds.
 */
export function OfflinePage() {
  const session = useSession();
  const ownerId = session.data?.user?.id ?? null;
  const signedOut = session.data !== undefined && !session.data.user;
  const offline = useOfflineSongs(session.isPending || signedOut ? null : ownerId);
  useDocumentTitle('Offline songs');
  const songs = signedOut ? [] : offline.songs;
  return (
    <div className="discover my-music">
      <header className="my-music__header">
        <p className="discover-eyebrow">On this device</p>
        <h1 className="discover-page-title">Offline songs</h1>
        <p className="discover-muted">
          Songs you keep and stored on this device play here with no network.
          {offline.storage && songs.length > 0 && (
            <> {formatBytes(songs.reduce((sum, song) => sum + song.bytes, 0))} stored.</>
          )}
        </p>
      </header>
      {!offline.available ? (
        <p className="my-music__empty">This browser cannot store songs for offline listening.</p>
      ) : songs.length === 0 ? (
        <div className="my-music__empty">
          <p>No songs on this device yet.</p>
          <p className="discover-muted">
            In <Link to="/members/my-music">My Music</Link>, mark the songs you keep available offline.
          </p>
        </div>
      ) : (
        <OfflineList songs={songs} />
      )}
    </div>
  );
}

function playable(song: OfflineSong): PlayableSong {
  return {
    id: song.id,
    title: song.title,
    artistID: song.artistID,
    artistName: song.artistName,
    duration: song.duration,
  };
}

function OfflineList({ songs }: { songs: OfflineSong[] }) {
  const player = usePlayer();
  const playingId = usePlayingId();
  const queue = songs.map(playable);
  return (
    <ol className="my-music__list" aria-label="Offline songs">
      {songs.map((song, index) => {
        const playing = song.id === playingId;
        return (
          <li key={song.id} className={`my-music__row offline-row${playing ? ' my-music__row--playing' : ''}`}>
            <button
              type="button"
              className="my-music__art"
              onClick={() => (playing ? player.pause() : player.play(queue[index]!, queue))}
              aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
            >
              <span className="my-music__blank" aria-hidden="true">
                {initialsOf(song.artistName)}
              </span>
              <svg viewBox="0 0 24 24" aria-hidden="true" className="my-music__play-icon">
                <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} />
              </svg>
            </button>
            <span className="my-music__main">
              <span className="my-music__title">{song.title}</span>
              <span className="my-music__meta">
                {song.artistName}
                {song.albumName && <span> · {song.albumName}</span>}
              </span>
              <span className="my-music__downloaded">{formatBytes(song.bytes)}</span>
            </span>
            <span className="my-music__duration">{song.duration === null ? '' : formatDuration(song.duration)}</span>
          </li>
        );
      })}
    </ol>
  );
}
