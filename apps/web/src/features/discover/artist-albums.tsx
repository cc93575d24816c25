import type { AlbumWithSongs } from '@hfm/shared';
import { SongRows } from './song-rows';

/** Each album: artwork, name, liner notes and its songs in album order (playing one queues the album). */
export function ArtistAlbums({ albums, subscribed }: { albums: AlbumWithSongs[]; subscribed: boolean }) {
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
            <h3 id={`album-title-${album.id}`}>{album.name}</h3>
            <p className="discover-muted">
              {album.songs.length} song{album.songs.length === 1 ? '' : 's'}
            </p>
            {album.linerNotes && <p className="artist-album__notes">{album.linerNotes}</p>}
          </div>
          <div className="artist-album__songs">
            <SongRows songs={album.songs} label={`Songs of ${album.name}`} numbered subscribed={subscribed} />
          </div>
        </article>
      ))}
    </div>
  );
}
