import type { AlbumWithSongs } from '@hfm/shared';
import { Link } from 'react-router';
import { AlbumDownloadMenu } from './download-menu';
import { SongRows } from '../song-rows';
import { useViewer } from '../viewer';
import { countOf } from '../../../ui/count-of';

/** Each album: artwork, name, liner notes and its songs in album order (playing one queues the album). */
export function ArtistAlbums({
  albums,
  subscribed,
  artistSlug,
}: {
  albums: AlbumWithSongs[];
  subscribed: boolean;
  /** Each album's title links to its own page (/a/{slug}/albums/{id}). */
  artistSlug: string;
}) {
  const viewer = useViewer();
  // Subscribers download an album as one zip; the button shows only to them (the server checks again).
  const offerZip = subscribed && viewer.isMember;
  return (
    <div className="artist-albums">
      {albums.map((album) => (
        <article
          key={album.id}
          id={`album-${album.id}`}
          className="artist-album"
          aria-labelledby={`album-title-${album.id}`}
        >
          <div className="artist-album__cover">
            {album.artworkPath ? (
              <img src={album.artworkPath} alt={`Artwork of ${album.name}`} loading="lazy" />
            ) : (
              <span className="artist-album__blank" aria-hidden="true">
                ♫
              </span>
            )}
          </div>
          <div className="artist-album__head">
            <h3 id={`album-title-${album.id}`}>
              <Link to={`/a/${artistSlug}/albums/${album.id}`}>{album.name}</Link>
            </h3>
            <p className="discover-muted">{countOf(album.songs.length, 'song')}</p>
            {album.linerNotes && <p className="artist-album__notes">{album.linerNotes}</p>}
            {offerZip && album.songs.length > 0 && <AlbumDownloadMenu albumId={album.id} name={album.name} />}
          </div>
          <div className="artist-album__songs">
            <SongRows songs={album.songs} label={`Songs of ${album.name}`} numbered subscribed={subscribed} />
          </div>
        </article>
      ))}
    </div>
  );
}
