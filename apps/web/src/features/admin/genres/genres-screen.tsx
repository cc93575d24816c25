import { isSearchTerm, messages, SEARCH_MIN_LENGTH, type PublicGenre } from '@hfm/shared';
import { useState } from 'react';
import { useGenreSearch } from '../../../api/curation/search-genres';
import { useGenres } from '../../../api/genres';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { TextField } from '../../../ui/text-field';
import { AddGenresForm } from './add-genres-form';
import { GenreRow } from './genre-row';
import '../admin-screens.css';
import './genres.css';
import { countOf } from '../../../ui/count-of';

/** #/genres: every genre with its artwork; create one or several, rename, artwork, delete, type-ahead search. */
export default function GenresScreen() {
  useDocumentTitle('Genres · Admin');
  const genres = useGenres();
  const [term, setTerm] = useState('');
  const searching = isSearchTerm(term);
  const found = useGenreSearch(term);
  const shown: PublicGenre[] | undefined = searching ? found.data : genres.data;
  // The search answers genres as they were; show each as the list has it now (renamed, new artwork).
  const current = new Map((genres.data ?? []).map((genre) => [genre.id, genre]));

  return (
    <section className="admin-screen" aria-labelledby="genres-title">
      <div className="admin-screen__head">
        <div>
          <h1 id="genres-title">Genres</h1>
          {genres.data && <p className="admin-screen__count">{countOf(genres.data.length, 'genre')}</p>}
        </div>
      </div>

      <AddGenresForm />

      <div className="surface-card admin-card">
        <div className="admin-toolbar">
          <TextField
            label="Search genres"
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            hint={`Type at least ${SEARCH_MIN_LENGTH} characters to search.`}
            autoComplete="off"
          />
        </div>
        {(searching ? found.isPending : genres.isPending) && <p className="admin-hint">{messages.loading}</p>}
        {(searching ? found.isError : genres.isError) && (
          <p className="admin-hint" role="alert">
            The genres could not be loaded. Please try again.
          </p>
        )}
        {shown && shown.length === 0 && (
          <p className="admin-empty">{searching ? `No genre matches “${term.trim()}”.` : 'No genres yet.'}</p>
        )}
        {shown && shown.length > 0 && (
          <ul className="genre-grid" aria-label={searching ? 'Matching genres' : 'All genres'}>
            {shown.map((genre) => {
              const latest = current.get(genre.id);
              return latest || !searching ? <GenreRow key={genre.id} genre={latest ?? genre} /> : null;
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
