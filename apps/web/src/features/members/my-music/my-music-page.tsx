import { DOWNLOAD_FORMAT_LABELS, formatDuration, type MyMusicSong } from '@hfm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyMusic } from '../../../api/library/get-my-music';
import { Pagination } from '../../../ui/pagination';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { initialsOf } from '../cards';
import { DownloadMenu } from '../artist/download-menu';
import { usePlayFromList } from '../playable';
import { QueryBlock } from '../query-block';
import { useViewer } from '../viewer';
import '../members.css';
import './my-music.css';

const downloadedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * /members/my-music: every song the fan downloaded while subscribed, newest download first. They stay
 * here, playable and downloadable, after a subscription ends.
 */
export function MyMusicPage() {
  const viewer = useViewer();
  const [page, setPage] = useState(1);
  const myMusic = useMyMusic(viewer.user?.id ?? '', page);
  useDocumentTitle('My Music');
  return (
    <div className="discover my-music">
      <header className="my-music__header">
        <p className="discover-eyebrow">Your library</p>
        <h1 className="discover-page-title">My Music</h1>
        <p className="discover-muted">Every song you download while subscribed is yours to keep, for good.</p>
      </header>
      <QueryBlock query={myMusic} label="your music" skeleton="songs">
        {({ items, pagination }) =>
          items.length === 0 ? (
            <div className="my-music__empty">
              <p>Nothing here yet.</p>
              <p className="discover-muted">
                Subscribe to an artist and download their songs: they will wait for you here.{' '}
                <Link to="/members/">Find artists</Link>
              </p>
            </div>
          ) : (
            <>
              <MyMusicList songs={items} />
              <Pagination
                page={pagination.page}
                pageCount={pagination.pageCount}
                hasMore={pagination.hasMore}
                onPageChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
                label="Pages of My Music"
              />
            </>
          )
        }
      </QueryBlock>
    </div>
  );
}

function MyMusicList({ songs }: { songs: MyMusicSong[] }) {
  const { playingId, toggle } = usePlayFromList(songs);
  return (
    <ol className="my-music__list" aria-label="My Music">
      {songs.map((song) => {
        const playing = song.id === playingId;
        return (
          <li key={song.id} className={`my-music__row${playing ? ' my-music__row--playing' : ''}`}>
            <button
              type="button"
              className="my-music__art"
              onClick={() => toggle(song)}
              aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
            >
              {song.artworkPath ? (
                <img src={song.artworkPath} alt="" loading="lazy" />
              ) : (
                <span className="my-music__blank" aria-hidden="true">
                  {initialsOf(song.artistName)}
                </span>
              )}
              <svg viewBox="0 0 24 24" aria-hidden="true" className="my-music__play-icon">
                <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} />
              </svg>
            </button>
            <span className="my-music__main">
              <span className="my-music__title">{song.title}</span>
              <span className="my-music__meta">
                {song.inCatalogue && song.artistSlug ? (
                  <Link to={`/a/${song.artistSlug}`}>{song.artistName}</Link>
                ) : (
                  <span>{song.artistName}</span>
                )}
                {song.album && <span> · {song.album.name}</span>}
              </span>
              <span className="my-music__downloaded">
                {song.formats.map((format) => DOWNLOAD_FORMAT_LABELS[format]).join(', ')} · Downloaded{' '}
                <time dateTime={song.lastDownloadedAt}>{downloadedOn.format(new Date(song.lastDownloadedAt))}</time>
                {!song.inCatalogue && <span className="my-music__gone"> · No longer in the catalogue</span>}
              </span>
            </span>
            <span className="my-music__duration">{formatDuration(song.duration)}</span>
            <DownloadMenu songId={song.id} title={song.title} />
          </li>
        );
      })}
    </ol>
  );
}
