import { isSearchTerm, SEARCH_MIN_LENGTH, type SearchResult } from '@hfm/shared';
import { Link, useSearchParams } from 'react-router';
import { useSearch } from '../../../api/discovery/search';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { ArtistCardLink, CardRow, initialsOf } from '../cards';
import { QueryBlock } from '../query-block';
import { SongRows } from '../song-rows';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import '../members.css';
import './search-page.css';
import { countOf } from '../../../ui/count-of';

/** Typing settles this long before a search goes out, so fast typing makes one request. */
export const SEARCH_DEBOUNCE_MS = 250;

type Of<T extends SearchResult['type']> = Extract<SearchResult, { type: T }>;

/** /members/search?s=... and /discover/search?s=...: songs, artists and albums for the term typed in the header's search box. */
export function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('s') ?? '').trim();
  const settled = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const results = useSearch(settled);
  useDocumentTitle(term ? `Search: ${term}` : 'Search');
  const tooShort = !isSearchTerm(term);

  return (
    <div className="discover search-page">
      <header>
        <p className="discover-eyebrow">Search</p>
        <h1 className="discover-page-title">{term && !tooShort ? `“${term}”` : 'Find music'}</h1>
      </header>
      {tooShort ? (
        <p className="search-page__hint" role="status">
          {term
            ? `Type at least ${SEARCH_MIN_LENGTH} characters to search.`
            : 'Search songs, artists and albums with the box at the top.'}
        </p>
      ) : (
        <div className={results.isPlaceholderData || term !== settled ? 'search-page__results--stale' : undefined}>
          <QueryBlock query={results} label="search results" skeleton="songs">
            {(found) => <SearchGroups results={found} term={settled} />}
          </QueryBlock>
        </div>
      )}
    </div>
  );
}

function SearchGroups({ results, term }: { results: SearchResult[]; term: string }) {
  const songs = results.filter((result): result is Of<'song'> => result.type === 'song');
  const artists = results.filter((result): result is Of<'artist'> => result.type === 'artist');
  const albums = results.filter((result): result is Of<'album'> => result.type === 'album');
  return (
    <>
      <p className="visually-hidden" role="status">
        {results.length === 0
          ? `Nothing found for ${term}.`
          : `${countOf(songs.length, 'song')}, ${countOf(artists.length, 'artist')} and ${countOf(albums.length, 'album')} found.`}
      </p>
      {results.length === 0 && <p className="discover-empty">Nothing on HFM matches “{term}” yet.</p>}
      <div className="search-page__groups">
        {songs.length > 0 && (
          <section className="discover-section" aria-labelledby="search-songs-title">
            <h2 id="search-songs-title">Songs</h2>
            <SongRows songs={songs} label="Songs found" showArtist />
          </section>
        )}
        {artists.length > 0 && (
          <section className="discover-section" aria-labelledby="search-artists-title">
            <h2 id="search-artists-title">Artists</h2>
            <CardRow id="search-artists" label="Artists found">
              {artists.map((artist) => (
                <ArtistCardLink key={artist.id} artist={artist} />
              ))}
            </CardRow>
          </section>
        )}
        {albums.length > 0 && (
          <section className="discover-section" aria-labelledby="search-albums-title">
            <h2 id="search-albums-title">Albums</h2>
            <ul className="tile-grid" aria-label="Albums found">
              {albums.map((album) => (
                <li key={album.id}>
                  <Link className="search-album" to={`/a/${album.artistSlug}/albums/${album.id}`}>
                    {album.artworkPath ? (
                      <img className="search-album__art" src={album.artworkPath} alt="" loading="lazy" />
                    ) : (
                      <span className="search-album__art search-album__art--blank" aria-hidden="true">
                        {initialsOf(album.name)}
                      </span>
                    )}
                    <span className="search-album__text">
                      <span className="search-album__name">{album.name}</span>{' '}
                      <span className="discover-muted">{album.artistName}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
