import { arrayMove } from '@dnd-kit/sortable';
import { formatDuration, isSearchTerm, MAX_PLAYLIST_SONGS, SEARCH_MIN_LENGTH, type PlaylistTrack } from '@hfm/shared';
import { useState } from 'react';
import { useSearch } from '../../../api/discovery/search';
import { SortableSongList } from '../../../components/sortable-song-list';
import { useDebouncedValue } from '../../../ui/use-debounced-value';

/**
 * A song on the list being edited: a playlist's track as the server answered it, or a song just found by
 * search (which says nothing yet of plays, Hi Fives, release or opt-in).
 */
export type PickedSong = Pick<PlaylistTrack, 'id' | 'title' | 'artistName' | 'duration'> &
  Partial<Pick<PlaylistTrack, 'explicit' | 'plays' | 'hifives' | 'released' | 'optedIn'>>;

export interface PlaylistSongPickerProps {
  songs: PickedSong[];
  onChange: (songs: PickedSong[]) => void;
  /** The admin-only Explicit, Plays and Hi Fives columns. */
  showAdminColumns: boolean;
  /** The list is for HFM Radio or HFM Picks: songs of artists who have not opted in are marked. */
  curated: boolean;
  /** Most songs the list may hold (five on HFM Picks); Add is off beyond. */
  maxSongs?: number;
}

/** The playlist's songs: find songs (3 characters at least) and add them, remove them, drag them in order. */
export function PlaylistSongPicker({
  songs,
  onChange,
  showAdminColumns,
  curated,
  maxSongs = MAX_PLAYLIST_SONGS,
}: PlaylistSongPickerProps) {
  const ids = songs.map((song) => song.id);

  return (
    <div className="playlist-picker">
      <section aria-labelledby="playlist-picker-chosen">
        <h3 id="playlist-picker-chosen" className="playlist-picker__heading">
          Songs ({songs.length})
        </h3>
        {songs.length === 0 ? (
          <p className="playlist-picker__empty">No songs yet. Find songs below and add them.</p>
        ) : (
          <>
            <div className="playlist-picker__columns" aria-hidden="true">
              <span className="playlist-picker__handle" />
              <span className="playlist-picker__position" />
              <span className="playlist-picker__song">Title</span>
              <span className="playlist-picker__number">Duration</span>
              {showAdminColumns && (
                <>
                  <span className="playlist-picker__number">Explicit</span>
                  <span className="playlist-picker__number">Plays</span>
                  <span className="playlist-picker__number">Hi Fives</span>
                </>
              )}
              <span className="playlist-picker__button playlist-picker__button--spacer" />
            </div>
            <SortableSongList
              items={songs}
              songId={(song) => song.id}
              title={(song) => song.title}
              label="Playlist song order"
              classes={{
                list: `playlist-picker__list${showAdminColumns ? ' playlist-picker__list--admin' : ''}`,
                row: 'playlist-picker__item',
                handle: 'playlist-picker__handle',
              }}
              onMove={(from, to) => onChange(arrayMove(songs, from, to))}
              renderRow={(song, index) => (
                <PickedSongRow
                  song={song}
                  index={index}
                  showAdminColumns={showAdminColumns}
                  curated={curated}
                  onRemove={() => onChange(songs.filter((other) => other.id !== song.id))}
                />
              )}
            />
          </>
        )}
      </section>
      <SongSearch chosen={new Set(ids)} full={songs.length >= maxSongs} onAdd={(song) => onChange([...songs, song])} />
    </div>
  );
}

/** A chosen song's row after its drag handle: place, title and artist (with notes), numbers, Remove. */
function PickedSongRow({
  song,
  index,
  showAdminColumns,
  curated,
  onRemove,
}: {
  song: PickedSong;
  index: number;
  showAdminColumns: boolean;
  curated: boolean;
  onRemove: () => void;
}) {
  const notes = [
    song.released === false ? 'Not out yet' : null,
    curated && song.optedIn === false ? 'Artist has not opted in' : null,
  ].filter(Boolean);
  const number = (value: number | undefined) => (value === undefined ? '–' : String(value));
  return (
    <>
      <span className="playlist-picker__position">{index + 1}.</span>
      <span className="playlist-picker__song">
        <span className="playlist-picker__title">{song.title}</span>
        <span className="playlist-picker__artist">
          {song.artistName}
          {notes.map((note) => (
            <span key={note} className="playlist-picker__note">
              {note}
            </span>
          ))}
        </span>
      </span>
      <span className="playlist-picker__number" title="Duration">
        <span className="visually-hidden">Duration: </span>
        {formatDuration(song.duration)}
      </span>
      {showAdminColumns && (
        <>
          <span className="playlist-picker__number" title="Explicit">
            <span className="visually-hidden">Explicit: </span>
            {song.explicit === undefined ? '–' : song.explicit ? 'Yes' : 'No'}
          </span>
          <span className="playlist-picker__number" title="Plays">
            <span className="visually-hidden">Plays: </span>
            {number(song.plays)}
          </span>
          <span className="playlist-picker__number" title="Hi Fives">
            <span className="visually-hidden">Hi Fives: </span>
            {number(song.hifives)}
          </span>
        </>
      )}
      <button type="button" className="playlist-picker__button" aria-label={`Remove ${song.title}`} onClick={onRemove}>
        Remove
      </button>
    </>
  );
}

/** GET /api/search for released songs; Add puts one at the end of the list. */
function SongSearch({
  chosen,
  full,
  onAdd,
}: {
  chosen: Set<string>;
  full: boolean;
  onAdd: (song: PickedSong) => void;
}) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), 250);
  const search = useSearch(debounced);
  const found = (search.data ?? []).flatMap((result) => (result.type === 'song' ? [result] : []));
  return (
    <section className="playlist-picker__search" aria-labelledby="playlist-picker-find">
      <h3 id="playlist-picker-find" className="playlist-picker__heading">
        Find songs
      </h3>
      <label className="visually-hidden" htmlFor="playlist-picker-term">
        Search songs
      </label>
      <input
        id="playlist-picker-term"
        className="field__input"
        type="search"
        placeholder={`Song title (${SEARCH_MIN_LENGTH} characters at least)`}
        value={term}
        maxLength={100}
        onChange={(event) => setTerm(event.target.value)}
      />
      {!isSearchTerm(debounced) ? null : search.isPending ? (
        <p className="playlist-picker__empty">Loading...</p>
      ) : found.length === 0 ? (
        <p className="playlist-picker__empty">No released songs match “{debounced}”.</p>
      ) : (
        <ul className="playlist-picker__results" aria-label="Songs found">
          {found.map((song) => (
            <li key={song.id} className="playlist-picker__item">
              <span className="playlist-picker__song">
                <span className="playlist-picker__title">{song.title}</span>
                <span className="playlist-picker__artist">{song.artistName}</span>
              </span>
              <span className="playlist-picker__number">{formatDuration(song.duration)}</span>
              {chosen.has(song.id) ? (
                <span className="playlist-picker__added">Added</span>
              ) : (
                <button
                  type="button"
                  className="playlist-picker__button"
                  aria-label={`Add ${song.title}`}
                  disabled={full}
                  onClick={() =>
                    onAdd({ id: song.id, title: song.title, artistName: song.artistName, duration: song.duration })
                  }
                >
                  Add
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
