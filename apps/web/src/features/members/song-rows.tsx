import { formatDuration } from '@hfm/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useKeptSongIds } from '../../api/library/get-kept-song-ids';
import { DownloadMenu } from './artist/download-menu';
import { LazyWaveform } from './lazy-waveform';
import { usePlayFromList, type ListSong } from './playable';
import { useHiFive } from './use-hi-five';
import { useViewer } from './viewer';
import './song-rows.css';

/** The dialog (and its dialog library) loads when a signed-out visitor first asks for a Hi Five. */
const SignInPrompt = lazy(() => import('./sign-in-prompt').then((module) => ({ default: module.SignInPrompt })));

export interface SongRowsProps {
  songs: readonly ListSong[];
  /** Names the list for screen readers ('Songs', 'Songs of Night Driving', ...). */
  label: string;
  /** Show each song's artist, linked to their page (lists that mix artists). */
  showArtist?: boolean;
  /** Numbers the rows (an album's track order). */
  numbered?: boolean;
  /** The viewer subscribes to this list's artist (the artist page knows from its offer). */
  subscribed?: boolean;
}

/**
 * Songs as fans see them: play (the list becomes the queue, starting at the chosen song), title,
 * 'Preview' when only the 45-second preview plays for this viewer, waveform, Hi Five, duration.
 */
export function SongRows({ songs, label, showArtist = false, numbered = false, subscribed = false }: SongRowsProps) {
  const { playingId, toggle } = usePlayFromList(songs);
  const viewer = useViewer();
  const hiFive = useHiFive();
  const [askSignIn, setAskSignIn] = useState(false);
  const showHiFive = !viewer.pending && (viewer.isMember || !viewer.user);
  const kept = useKeptSongIds(viewer.isMember && viewer.user ? viewer.user.id : null);
  // Downloads are offered to members subscribed to the song's artist, on songs they keep, and on current
  // HFM Picks (free to keep: docs/decisions/0022).
  const mayDownload = (song: ListSong) =>
    viewer.isMember &&
    (subscribed || viewer.subscribesTo(song.artistID) || kept.has(song.id) || song.freeToKeep === true);

  if (songs.length === 0) return <p className="discover-empty">No songs here yet.</p>;
  return (
    <>
      <ol className={`song-rows${numbered ? ' song-rows--numbered' : ''}`} aria-label={label}>
        {songs.map((song, index) => (
          <SongRow
            key={`${song.id}-${index}`}
            song={song}
            number={numbered ? index + 1 : null}
            playing={song.id === playingId}
            onPlay={() => toggle(song)}
            preview={!song.isFullPreview && !song.playsInFull && !subscribed && !viewer.hearsInFull(song.artistID)}
            showArtist={showArtist}
            download={mayDownload(song)}
            hiFive={
              showHiFive
                ? {
                    pressed: viewer.user ? hiFive.isHiFived(song.id) : undefined,
                    busy: hiFive.isBusy(song.id),
                    onClick: () => (viewer.user ? hiFive.toggle(song.id) : setAskSignIn(true)),
                  }
                : null
            }
          />
        ))}
      </ol>
      {askSignIn && (
        <Suspense fallback={null}>
          <SignInPrompt
            open
            onOpenChange={setAskSignIn}
            title="Log in to give a Hi Five"
            reason="Hi Fives are for HFM members. Log in or sign up, and you'll come back to this page."
          />
        </Suspense>
      )}
    </>
  );
}

interface SongRowProps {
  song: ListSong;
  number: number | null;
  playing: boolean;
  onPlay: () => void;
  preview: boolean;
  showArtist: boolean;
  /** Offer the download menu. */
  download: boolean;
  /** The Hi Five button, or null when this viewer has none (artists, admins). */
  hiFive: { pressed: boolean | undefined; busy: boolean; onClick: () => void } | null;
}

function SongRow({ song, number, playing, onPlay, preview, showArtist, download, hiFive }: SongRowProps) {
  return (
    <li className={`song-row${playing ? ' song-row--playing' : ''}`}>
      <button
        type="button"
        className={`play-button song-row__play${playing ? ' play-button--playing' : ''}`}
        onClick={onPlay}
        aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
      >
        {/* Drawn by CSS from data-number: the list's order already says it, and the button's name is the song's. */}
        {number !== null && <span className="song-row__number" data-number={number} aria-hidden="true" />}
        <svg viewBox="0 0 24 24" aria-hidden="true" className="song-row__icon">
          <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
      <span className="song-row__main">
        <span className="song-row__title">
          <span className="song-row__title-text">{song.title}</span>
          {song.explicit && (
            <span className="explicit-mark" title="Explicit" aria-label="Explicit">
              E
            </span>
          )}
        </span>
        {(preview || showArtist) && (
          <span className="song-row__meta">
            {preview && (
              <span className="song-row__preview" title="Plays a 45-second preview. Subscribe to hear it in full.">
                Preview
              </span>
            )}
            {showArtist && (
              <Link className="song-row__artist" to={`/a/${song.artistSlug}`}>
                {song.artistName}
              </Link>
            )}
          </span>
        )}
      </span>
      <LazyWaveform songId={song.id} />
      <span className="song-row__hifive">
        {download && <DownloadMenu songId={song.id} title={song.title} />}
        {hiFive && (
          <button
            type="button"
            className={`song-row__hifive-button${hiFive.pressed ? ' song-row__hifive-button--on' : ''}`}
            aria-label={`Hi Five ${song.title}`}
            aria-pressed={hiFive.pressed}
            aria-busy={hiFive.busy || undefined}
            onClick={hiFive.onClick}
          >
            <HiFiveIcon />
          </button>
        )}
        {song.hifives !== undefined && (
          <span className="song-row__count">
            {song.hifives}
            <span className="visually-hidden"> Hi Fives</span>
          </span>
        )}
      </span>
      <span className="song-row__duration">{formatDuration(song.duration)}</span>
    </li>
  );
}

function HiFiveIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2a1.5 1.5 0 0 1 1.5 1.5V11h1V4.5a1.5 1.5 0 0 1 3 0V12h1V7.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1.2a7 7 0 0 1-5.6-2.8L3 14.6a1.5 1.5 0 0 1 2.3-1.9L8 15.5V5.5a1.5 1.5 0 0 1 3 0V11h1V3.5A1.5 1.5 0 0 1 12 2z" />
    </svg>
  );
}
