import {
  DOWNLOAD_FORMAT_LABELS,
  formatDuration,
  type MyMusicArtists,
  type MyMusicSong,
  type MyMusicSort,
} from '@hfm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyMusic, useMyMusicArtists } from '../../../api/library/get-my-music';
import { Pagination } from '../../../ui/pagination';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { initialsOf } from '../cards';
import { DownloadMenu, KeptZipDownloadMenu } from '../artist/download-menu';
import { usePlayFromList } from '../playable';
import { OfflineButton } from '../offline/offline-button';
import { OfflineSummary } from '../offline/offline-summary';
import { useOfflineSongs } from '../offline/use-offline-songs';
import { QueryBlock } from '../query-block';
import { useViewer } from '../viewer';
import '../members.css';
import './my-music.css';

const downloadedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const SORT_LABELS: Record<MyMusicSort, string> = { added: 'Date added', title: 'Title' };

/**
 * /members/my-music: every song the fan downloaded while subscribed, newest download first or by title, of
 * every artist or one. They stay here, playable and downloadable, after a subscription ends; everything
 * kept by an artist downloads as one zip in any format.
 */
export function MyMusicPage() {
  const viewer = useViewer();
  const memberId = viewer.user?.id ?? '';
  const [page, setPage] = useState(1);
  const [artistId, setArtistId] = useState<string | null>(null);
  const [sort, setSort] = useState<MyMusicSort>('added');
  const myMusic = useMyMusic(memberId, { page, artistId, sort });
  const artists = useMyMusicArtists(memberId);
  const offline = useOfflineSongs(memberId || null);
  useDocumentTitle('My Music');
  return (
    <div className="discover my-music">
      <header className="my-music__header">
        <p className="discover-eyebrow">Your library</p>
        <h1 className="discover-page-title">My Music</h1>
        <p className="discover-muted">Every song you download while subscribed is yours to keep, for good.</p>
      </header>
      <OfflineSummary offline={offline} />
      {artists.data && artists.data.length > 0 && (
        <>
          <div className="my-music__toolbar">
            <label className="my-music__control">
              <span>Artist</span>
              <select
                value={artistId ?? ''}
                onChange={(event) => {
                  setArtistId(event.target.value || null);
                  setPage(1);
                }}
              >
                <option value="">All artists</option>
                {artists.data.map((artist) => (
                  <option key={artist.id} value={artist.id}>
                    {artist.name} ({artist.songCount})
                  </option>
                ))}
              </select>
            </label>
            <label className="my-music__control">
              <span>Sort by</span>
              <select
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as MyMusicSort);
                  setPage(1);
                }}
              >
                {(Object.keys(SORT_LABELS) as MyMusicSort[]).map((value) => (
                  <option key={value} value={value}>
                    {SORT_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <KeptZips
            memberId={memberId}
            artists={artistId ? artists.data.filter((artist) => artist.id === artistId) : artists.data}
          />
        </>
      )}
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
              <MyMusicList songs={items} offline={offline} />
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

/** "Download everything kept": one zip per artist, in the format chosen from each artist's menu. */
function KeptZips({ memberId, artists }: { memberId: string; artists: MyMusicArtists }) {
  return (
    <section className="my-music__zips" aria-labelledby="kept-zips-heading">
      <h2 id="kept-zips-heading" className="my-music__zips-title">
        Download everything kept
      </h2>
      <p className="discover-muted">One zip per artist, in the format you choose.</p>
      <ul className="my-music__zip-list">
        {artists.map((artist) => (
          <li key={artist.id} className="my-music__zip-row">
            <span className="my-music__zip-name">
              {artist.name}
              <span className="discover-muted">
                {' '}
                · {artist.songCount} {artist.songCount === 1 ? 'song' : 'songs'}
              </span>
            </span>
            <KeptZipDownloadMenu memberId={memberId} artistId={artist.id} name={artist.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyMusicList({ songs, offline }: { songs: MyMusicSong[]; offline: ReturnType<typeof useOfflineSongs> }) {
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
            <span className="my-music__actions">
              <OfflineButton song={song} offline={offline} />
              <DownloadMenu songId={song.id} title={song.title} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
