import { useParams } from 'react-router';
import { useGenrePage } from '../../../api/discovery/get-genre-page';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { ArtistCardLink, CardRow } from '../cards';
import { PageHeader, PageNotFound } from '../page-header';
import { QueryBlock } from '../query-block';
import { SongRows } from '../song-rows';
import '../members.css';

/** /members/genres/{id} and /discover/genres/{id}: a genre's artists and their newest songs. */
export function GenrePage() {
  const { id = '' } = useParams();
  const page = useGenrePage(id);
  useDocumentTitle(page.data?.genre.label ?? 'Genre');
  if (isNotFound(page.error)) return <PageNotFound what="genre" />;
  return (
    <div className="discover">
      <QueryBlock query={page} label="this genre" skeleton="page">
        {({ genre, artists, songs }) => (
          <>
            <PageHeader eyebrow="Genre" title={genre.label} image={genre.artwork} />
            <section className="discover-section" aria-labelledby="genre-artists-title">
              <h2 id="genre-artists-title">Artists</h2>
              {artists.length === 0 ? (
                <p className="discover-empty">No {genre.label} artists yet.</p>
              ) : (
                <CardRow id={`genre-${genre.id}-artists`} label={`${genre.label} artists`}>
                  {artists.map((artist) => (
                    <ArtistCardLink key={artist.id} artist={{ ...artist, genre: null }} />
                  ))}
                </CardRow>
              )}
            </section>
            <section className="discover-section" aria-labelledby="genre-songs-title">
              <h2 id="genre-songs-title">New songs</h2>
              <SongRows songs={songs} label={`New ${genre.label} songs`} showArtist />
            </section>
          </>
        )}
      </QueryBlock>
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 404;
}
