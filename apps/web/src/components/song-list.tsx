import { formatDuration, messages, type DownloadFormat, type PublicSong } from '@hfm/shared';
import { useEffect, useRef, useState } from 'react';
import { ConfirmPopup } from '../ui/confirm-delete';
import { Spinner } from '../ui/spinner';
import { RowMenu, type RowMenuItem } from './song-list.menu';
import './song-list.css';

export interface SongListActions {
  onPlay?: (song: PublicSong) => void;
  onPause?: () => void;
  onEdit?: (song: PublicSong) => void;
  /** Asked after the 'Really delete item?' confirmation. */
  onDelete?: (song: PublicSong) => void | Promise<void>;
  onToggleFullPreview?: (song: PublicSong) => void;
  onDownload?: (song: PublicSong, format: DownloadFormat) => void;
  onHiFive?: (song: PublicSong) => void;
  /** Why Hi Five is not offered for this song (shown as its tooltip), or null when it is. */
  hiFiveDisabledReason?: (song: PublicSong) => string | null;
}

export interface SongListProps extends SongListActions {
  songs: PublicSong[] | undefined;
  loading: boolean;
  /** The admin-only Explicit, Plays and Hi Fives columns. */
  showAdminColumns: boolean;
  playingId?: string | null;
  label?: string;
  /** Another page is on its way: the rows shown are the previous page's. */
  updating?: boolean;
}

const STATUS_LABELS: Record<PublicSong['status'], string> = {
  pending: 'Waiting for upload',
  uploading: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

/** Title and Duration (plus Explicit, Plays, Hi Fives for admins); a row per song with play, options, download, Hi Five. */
export function SongList({
  songs,
  loading,
  showAdminColumns,
  playingId,
  label = 'Songs',
  updating = false,
  ...actions
}: SongListProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    function clearWhenOutside(event: PointerEvent) {
      if (tableRef.current && !tableRef.current.contains(event.target as Node)) setActiveId(null);
    }
    document.addEventListener('pointerdown', clearWhenOutside);
    return () => document.removeEventListener('pointerdown', clearWhenOutside);
  }, []);

  const columns = ['song-list', showAdminColumns ? 'song-list--admin' : null, updating ? 'song-list--updating' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="song-list-wrap">
      {updating && (
        <p className="song-list__updating" role="status">
          <Spinner size="small" /> {messages.loading}
        </p>
      )}
      <div
        ref={tableRef}
        className={columns}
        role="table"
        aria-label={label}
        aria-busy={loading || updating || undefined}
      >
        <div role="rowgroup" className="song-list__head">
          <div role="row" className="song-list__row song-list__row--head">
            <span role="columnheader" className="song-list__play-col">
              <span className="visually-hidden">Play</span>
            </span>
            <span role="columnheader">Title</span>
            <span role="columnheader" className="song-list__num">
              Duration
            </span>
            {showAdminColumns && (
              <>
                <span role="columnheader" className="song-list__num">
                  Explicit
                </span>
                <span role="columnheader" className="song-list__num">
                  Plays
                </span>
                <span role="columnheader" className="song-list__num">
                  Hi Fives
                </span>
              </>
            )}
            <span role="columnheader" className="song-list__actions-col">
              <span className="visually-hidden">Actions</span>
            </span>
          </div>
        </div>
        <div role="rowgroup">
          {loading && !songs ? (
            <div role="row" className="song-list__message">
              <span role="cell">{messages.loading}</span>
            </div>
          ) : songs && songs.length === 0 ? (
            <div role="row" className="song-list__message">
              <span role="cell">No songs yet.</span>
            </div>
          ) : (
            songs?.map((song) => (
              <SongRow
                key={song.id}
                song={song}
                active={song.id === activeId}
                playing={song.id === playingId}
                showAdminColumns={showAdminColumns}
                onActivate={() => setActiveId(song.id)}
                {...actions}
              />
            ))
          )}
        </div>
      </div>
    </div>
  );
}

interface SongRowProps extends SongListActions {
  song: PublicSong;
  active: boolean;
  playing: boolean;
  showAdminColumns: boolean;
  onActivate: () => void;
}

function SongRow({ song, active, playing, showAdminColumns, onActivate, ...actions }: SongRowProps) {
  const [confirming, setConfirming] = useState(false);
  const ready = song.status === 'ready';
  const hiFiveReason = actions.hiFiveDisabledReason?.(song) ?? null;
  const tooltipId = `hifive-tip-${song.id}`;

  function togglePlay() {
    onActivate();
    if (playing) actions.onPause?.();
    else actions.onPlay?.(song);
  }

  return (
    <div
      role="row"
      className={['song-list__row', active ? 'song-list__row--active' : null].filter(Boolean).join(' ')}
      aria-selected={active}
      onClick={onActivate}
      onFocus={onActivate}
    >
      <span role="cell" className="song-list__play-col">
        <button
          type="button"
          className={['play-button', 'song-list__play', playing ? 'play-button--playing' : null]
            .filter(Boolean)
            .join(' ')}
          onClick={(event) => {
            event.stopPropagation();
            togglePlay();
          }}
          disabled={!ready || !actions.onPlay}
          aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
        >
          <svg className="song-list__icon-play" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 5v14l11-7z" />
          </svg>
          <svg className="song-list__icon-pause" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
          </svg>
        </button>
      </span>
      <span role="cell" className="song-list__title">
        <span className="song-list__title-text">{song.title}</span>
        {song.explicit && !showAdminColumns && (
          <span className="explicit-mark" title="Explicit" aria-label="Explicit">
            E
          </span>
        )}
        {song.isFullPreview && (
          <span className="song-list__badge song-list__badge--full" title="Plays in full for everyone">
            Full preview
          </span>
        )}
        {!ready && <StatusBadge song={song} />}
        {ready && <DownloadsBadge song={song} />}
      </span>
      <span role="cell" className="song-list__num">
        {formatDuration(song.duration)}
      </span>
      {showAdminColumns && (
        <>
          <span role="cell" className="song-list__num">
            {song.explicit ? 'Yes' : 'No'}
          </span>
          <span role="cell" className="song-list__num">
            {song.plays}
          </span>
          <span role="cell" className="song-list__num">
            {song.hifives}
          </span>
        </>
      )}
      <span role="cell" className="song-list__actions">
        {actions.onHiFive !== undefined || hiFiveReason ? (
          <span className="song-list__tip-wrap">
            <button
              type="button"
              className="song-list__icon-button"
              aria-label={`Hi Five ${song.title}`}
              aria-disabled={hiFiveReason ? true : undefined}
              aria-describedby={hiFiveReason ? tooltipId : undefined}
              onClick={() => {
                if (!hiFiveReason) actions.onHiFive?.(song);
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 2a1.5 1.5 0 0 1 1.5 1.5V11h1V4.5a1.5 1.5 0 0 1 3 0V12h1V7.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1.2a7 7 0 0 1-5.6-2.8L3 14.6a1.5 1.5 0 0 1 2.3-1.9L8 15.5V5.5a1.5 1.5 0 0 1 3 0V11h1V3.5A1.5 1.5 0 0 1 12 2z" />
              </svg>
            </button>
            {hiFiveReason && (
              <span role="tooltip" id={tooltipId} className="song-list__tooltip">
                {hiFiveReason}
              </span>
            )}
          </span>
        ) : null}
        {actions.onDownload && (
          <button
            type="button"
            className="song-list__icon-button song-list__download"
            aria-label={`Download ${song.title}`}
            title="Download (FLAC)"
            disabled={!ready}
            onClick={() => actions.onDownload?.(song, 'flac')}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M11 4h2v9l3.5-3.5 1.4 1.4L12 16.8 6.1 10.9l1.4-1.4L11 13zM5 18h14v2H5z" />
            </svg>
          </button>
        )}
        <span className="song-list__menu-wrap">
          <RowMenu label={`Options for ${song.title}`} items={menuItems(song, actions, () => setConfirming(true))} />
          {confirming && (
            <ConfirmPopup
              onCancel={() => setConfirming(false)}
              onConfirm={async () => {
                try {
                  await actions.onDelete?.(song);
                } finally {
                  setConfirming(false);
                }
              }}
            />
          )}
        </span>
      </span>
    </div>
  );
}

function menuItems(song: PublicSong, actions: SongListActions, askDelete: () => void): RowMenuItem[] {
  const ready = song.status === 'ready';
  const items: RowMenuItem[] = [];
  if (actions.onEdit) items.push({ label: 'Edit', onSelect: () => actions.onEdit?.(song) });
  if (actions.onDelete) items.push({ label: 'Delete', onSelect: askDelete });
  if (actions.onToggleFullPreview)
    items.push({
      label: song.isFullPreview ? 'Full preview off' : 'Full preview on',
      onSelect: () => actions.onToggleFullPreview?.(song),
      disabled: !ready,
    });
  if (actions.onDownload) {
    // A song plays before its downloads are made (docs/decisions/0029).
    const made = ready && song.downloads === 'ready';
    items.push({ label: 'Download FLAC', onSelect: () => actions.onDownload?.(song, 'flac'), disabled: !made });
    items.push({ label: 'Download MP3', onSelect: () => actions.onDownload?.(song, 'mp3'), disabled: !made });
    items.push({ label: 'Download WAV', onSelect: () => actions.onDownload?.(song, 'wav'), disabled: !made });
  }
  return items;
}

/** A song plays before its downloads are made (docs/decisions/0029): says so until they are. */
function DownloadsBadge({ song }: { song: PublicSong }) {
  if (song.downloads === 'preparing')
    return <span className="song-list__badge song-list__badge--preparing">Preparing downloads</span>;
  if (song.downloads === 'failed')
    return (
      <span className="song-list__badge song-list__badge--failed">
        Downloads failed{song.failureReason ? `: ${song.failureReason}` : ''}
      </span>
    );
  return null;
}

function StatusBadge({ song }: { song: PublicSong }) {
  return (
    <span className={`song-list__badge song-list__badge--${song.status}`}>
      {STATUS_LABELS[song.status]}
      {song.status === 'failed' && song.failureReason ? `: ${song.failureReason}` : ''}
    </span>
  );
}
