import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatDuration, type PublicSong } from '@hfm/shared';
import { useSortableListSensors, songMoveAnnouncements } from '../../ui/sortable-list';

export interface AlbumSongPickerProps {
  songs: PublicSong[];
  /** The chosen song ids, in album order. */
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** Pick the album's songs, then drag (or Space + arrow keys) to put them in order. */
export function AlbumSongPicker({ songs, selected, onChange }: AlbumSongPickerProps) {
  const sensors = useSortableListSensors();
  const byId = new Map(songs.map((song) => [song.id, song]));
  const title = (id: unknown) => byId.get(String(id))?.title ?? 'song';
  const available = songs.filter((song) => !selected.includes(song.id));

  function reorder({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(selected, selected.indexOf(String(active.id)), selected.indexOf(String(over.id))));
  }

  return (
    <div className="song-picker">
      <section aria-labelledby="song-picker-chosen">
        <h3 id="song-picker-chosen" className="song-picker__heading">
          Album songs ({selected.length})
        </h3>
        {selected.length === 0 ? (
          <p className="song-picker__empty">Add songs from the list below.</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={reorder}
            accessibility={{
              announcements: songMoveAnnouncements(title),
              screenReaderInstructions: {
                draggable: 'To move a song, press Space, use the arrow keys, then press Space again to drop it.',
              },
            }}
          >
            <SortableContext items={selected} strategy={verticalListSortingStrategy}>
              <ol className="song-picker__list" aria-label="Album song order">
                {selected.map((id, index) => (
                  <SortableSong
                    key={id}
                    id={id}
                    index={index}
                    title={title(id)}
                    onRemove={() => onChange(selected.filter((songId) => songId !== id))}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
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

function SortableSong({
  id,
  index,
  title,
  onRemove,
}: {
  id: string;
  index: number;
  title: string;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={['song-picker__item', isDragging ? 'song-picker__item--dragging' : null].filter(Boolean).join(' ')}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-song-id={id}
    >
      <button type="button" className="song-picker__handle" aria-label={`Move ${title}`} {...attributes} {...listeners}>
        ⠿
      </button>
      <span className="song-picker__position">{index + 1}.</span>
      <span className="song-picker__title">{title}</span>
      <button type="button" className="song-picker__button" aria-label={`Remove ${title}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
