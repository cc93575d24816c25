import { Link, useParams } from 'react-router';
import { useArtistPage } from '../../../api/discovery/get-artist-page';
import { countOf } from '../../../ui/count-of';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { isNotFound } from '../collections/genre-page';
import { PlayAll } from '../collections/playlist-page';
import { PageHeader, PageNotFound } from '../page-header';
import { QueryBlock } from '../query-block';
import { SongRows } from '../song-rows';
import { SubscribeOffer } from '../subscribe/subscribe-offer';
import { useViewer } from '../viewer';
import { AlbumDownloadMenu } from './download-menu';
import { EmbedAction } from '../embed/embed-action';
import '../members.css';
import './artist-page.css';

/**
 * /a/{slug}/albums/{id}: an album's own page beside its artist's (a shared link shows its card: decision 0049),
 * from the artist's page answer (one call, cached for both pages): artwork, liner notes, the songs in album
 * order, and the artist's offer.
 */
export function AlbumPage() {
  const { slug = '', id = '' } = useParams();
  const page = useArtistPage(slug);
  const album = page.data?.albums.find((entry) => entry.id === id);
  const viewer = useViewer();
  useDocumentTitle(album && page.data ? `${album.name} by ${page.data.artist.name}` : 'Album');
  if (isNotFound(page.error) || (page.data && !album)) return <PageNotFound what="album" />;
  return (
    <div className="discover">
      <QueryBlock query={page} label="this album" skeleton="page">
        {({ artist, offer, termination }) => {
          if (!album) return null;
          const subscribed = offer.subscribed || viewer.subscribesTo(artist.id);
          return (
            <>
              <PageHeader
                eyebrow="Album"
                title={album.name}
                image={album.artworkPath || null}
                meta={countOf(album.songs.length, 'song')}
              >
                <Link className="button button--secondary" to={`/a/${artist.slug}`}>
                  <span>{artist.name}</span>
                </Link>
                {album.songs.length > 0 && <PlayAll songs={album.songs} title={album.name} />}
                {subscribed && viewer.isMember && <AlbumDownloadMenu albumId={album.id} name={album.name} />}
                {!termination && <EmbedAction kind="album" id={album.id} name={album.name} />}
              </PageHeader>
              {(!termination || subscribed) && (
                <div className="album-page__offer">
                  <SubscribeOffer artist={artist} offer={offer} />
                </div>
              )}
              {album.linerNotes && <p className="artist-album__notes">{album.linerNotes}</p>}
              <section className="discover-section" aria-labelledby="album-songs-title">
                <h2 id="album-songs-title">Songs</h2>
                <SongRows songs={album.songs} label={`Songs of ${album.name}`} numbered subscribed={subscribed} />
              </section>
            </>
          );
        }}
      </QueryBlock>
    </div>
  );
}
