import { arrayMove } from '@dnd-kit/sortable';
import { formatDuration, type PublicSong } from '@hfm/shared';
import { SortableSongList } from '../../components/sortable-song-list';

export interface AlbumSongPickerProps {
  songs: PublicSong[];
  /** The chosen song ids, in album order. */
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** Pick the album's songs, then drag (or Space + arrow keys) to put them in order. */
export function AlbumSongPicker({ songs, selected, onChange }: AlbumSongPickerProps) {
  const byId = new Map(songs.map((song) => [song.id, song]));
  const title = (id: string) => byId.get(id)?.title ?? 'song';
  const available = songs.filter((song) => !selected.includes(song.id));

  return (
    <div className="song-picker">
      <section aria-labelledby="song-picker-chosen">
        <h3 id="song-picker-chosen" className="song-picker__heading">
          Album songs ({selected.length})
        </h3>
        {selected.length === 0 ? (
          <p className="song-picker__empty">Add songs from the list below.</p>
        ) : (
          <SortableSongList
            items={selected}
            songId={(id) => id}
            title={title}
            label="Album song order"
            classes={{ list: 'song-picker__list', row: 'song-picker__item', handle: 'song-picker__handle' }}
            onMove={(from, to) => onChange(arrayMove(selected, from, to))}
            renderRow={(id, index) => (
              <>
                <span className="song-picker__position">{index + 1}.</span>
                <span className="song-picker__title">{title(id)}</span>
                <button
                  type="button"
                  className="song-picker__button"
                  aria-label={`Remove ${title(id)}`}
                  onClick={() => onChange(selected.filter((songId) => songId !== id))}
                >
                  Remove
                </button>
              </>
            )}
          />
        )}
      </section>
      <section aria-labelledby="song-picker-available">
        <h3 id="song-picker-available" className="song-picker__heading">
          Your songs
        </h3>
        {available.length === 0 ? (
          <p className="song-picker__empty">Every song is on this album.</p>
        ) : (
          <ul className="song-picker__list">
            {available.map((song) => (
              <li key={song.id} className="song-picker__item">
                <span className="song-picker__title">{song.title}</span>
                <span className="song-picker__duration">{formatDuration(song.duration)}</span>
                <button
                  type="button"
                  className="song-picker__button"
                  aria-label={`Add ${song.title}`}
                  onClick={() => onChange([...selected, song.id])}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
