import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { songMoveAnnouncements, useKeptPickUp, useSortableListSensors } from '../ui/sortable-list';

/** What a screen reader is told of a song's drag handle before it is used. */
export const SONG_MOVE_INSTRUCTIONS =
  'To move a song, press Space, use the arrow keys, then press Space again to drop it.';

export interface SortableSongListProps<T> {
  items: readonly T[];
  /** An item's song id; the same song twice in the list is told apart by the list itself. */
  songId: (item: T) => string;
  /** An item's title: its handle is "Move {title}", and the announcements name it. */
  title: (item: T) => string;
  /** The ordered list's accessible name. */
  label: string;
  /** The list's class names: the list, each row (`{row}--dragging` while it moves) and each drag handle. */
  classes: { list: string; row: string; handle: string };
  /** What a row shows after its drag handle. */
  renderRow: (item: T, index: number) => ReactNode;
  /** The item at `from` dropped in the place of the one at `to` (indexes of items). */
  onMove: (from: number, to: number) => void;
}

/** Each item's id for dragging: its song's id, with `#n` on the second and later entries of the same song. */
export function sortableIds<T>(items: readonly T[], songId: (item: T) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const id = songId(item);
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    return count ? `${id}#${count}` : id;
  });
}

/**
 * An ordered list of songs put in order by dragging a row's handle, or by focusing the handle and pressing
 * Space, the arrow keys, then Space again (dnd-kit); a screen reader is told where the song is as it moves.
 * The queue, the album picker and the playlist picker are one of these.
 */
export function SortableSongList<T>({
  items,
  songId,
  title,
  label,
  classes,
  renderRow,
  onMove,
}: SortableSongListProps<T>) {
  const sensors = useSortableListSensors();
  const ids = sortableIds(items, songId);
  const titleOf = (id: unknown) => {
    const item = items[ids.indexOf(String(id))];
    return item === undefined ? 'song' : title(item);
  };
  const announcements = useKeptPickUp(songMoveAnnouncements(titleOf));

  function move({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={move}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SONG_MOVE_INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={classes.list} aria-label={label}>
          {items.map((item, index) => (
            <SortableSongRow key={ids[index]} id={ids[index]!} title={title(item)} classes={classes}>
              {renderRow(item, index)}
            </SortableSongRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableSongRow({
  id,
  title,
  classes,
  children,
}: {
  id: string;
  title: string;
  classes: SortableSongListProps<unknown>['classes'];
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${classes.row} ${classes.row}--dragging` : classes.row}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-song-id={id}
    >
      <button type="button" className={classes.handle} aria-label={`Move ${title}`} {...attributes} {...listeners}>
        ⠿
      </button>
      {children}
    </li>
  );
}
