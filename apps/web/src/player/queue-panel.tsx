import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatDuration } from '@hfm/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { songMoveAnnouncements, useSortableListSensors } from '../ui/sortable-list';
import type { PlayableSong, Player } from './player-context';
import { PlayerIcon } from './player-icons';
import './queue-panel.css';

/** A queue entry's id for dragging: the song's id, told apart when a list holds the same song twice. */
function entryIds(songs: readonly PlayableSong[]): string[] {
  const seen = new Map<string, number>();
  return songs.map((song) => {
    const count = seen.get(song.id) ?? 0;
    seen.set(song.id, count + 1);
    return count ? `${song.id}#${count}` : song.id;
  });
}

/**
 * What plays now and next, in a panel: drag a song (or Space and the arrow keys) to move it, or remove it.
 * Loaded when first opened, a chunk of its own (with dnd-kit).
 */
export default function QueuePanel({ player, onClose }: { player: Player; onClose: () => void }) {
  const sensors = useSortableListSensors();
  const { song, queue, index } = player;
  const upcoming = queue.slice(index + 1);
  const ids = entryIds(upcoming);
  const title = (id: unknown) => upcoming[ids.indexOf(String(id))]?.title ?? 'song';

  function reorder({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    player.moveInQueue(index + 1 + ids.indexOf(String(active.id)), index + 1 + ids.indexOf(String(over.id)));
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="queue-panel__overlay" />
        <Dialog.Content className="queue-panel" aria-describedby={undefined}>
          <header className="queue-panel__header">
            <Dialog.Title className="queue-panel__title">Queue</Dialog.Title>
            <Dialog.Close className="player-bar__icon" aria-label="Close the queue">
              <PlayerIcon name="close" />
            </Dialog.Close>
          </header>
          {song && (
            <section aria-labelledby="queue-now">
              <h3 id="queue-now" className="queue-panel__heading">
                Now playing
              </h3>
              <p className="queue-panel__now">
                <QueueSongText song={song} />
              </p>
            </section>
          )}
          <section aria-labelledby="queue-next">
            <h3 id="queue-next" className="queue-panel__heading">
              Next up
            </h3>
            {upcoming.length === 0 ? (
              <p className="queue-panel__empty">Nothing after this song.</p>
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
                <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                  <ol className="queue-panel__list" aria-label="Next up">
                    {upcoming.map((entry, at) => (
                      <QueueRow
                        key={ids[at]}
                        id={ids[at]!}
                        song={entry}
                        onRemove={() => player.removeFromQueue(index + 1 + at)}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )}
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QueueSongText({ song }: { song: PlayableSong }) {
  return (
    <span className="queue-panel__song">
      <span className="queue-panel__song-title">{song.title}</span>
      <span className="queue-panel__song-meta">
        {[song.artistName, song.duration ? formatDuration(song.duration) : null].filter(Boolean).join(' · ')}
      </span>
    </span>
  );
}

function QueueRow({ id, song, onRemove }: { id: string; song: PlayableSong; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'queue-panel__row queue-panel__row--dragging' : 'queue-panel__row'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="queue-panel__handle"
        aria-label={`Move ${song.title}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <QueueSongText song={song} />
      <button type="button" className="player-bar__icon" aria-label={`Remove ${song.title}`} onClick={onRemove}>
        <PlayerIcon name="close" />
      </button>
    </li>
  );
}
