import { formatDuration } from '@hfm/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { SortableSongList } from '../components/sortable-song-list';
import type { PlayableSong, Player } from './player-context';
import { PlayerIcon } from './player-icons';
import './queue-panel.css';

/**
 * What plays now and next, in a panel: drag a song (or Space and the arrow keys) to move it, or remove it.
 * Loaded when first opened, a chunk of its own (with dnd-kit).
 */
export default function QueuePanel({ player, onClose }: { player: Player; onClose: () => void }) {
  const { song, queue, index } = player;
  const upcoming = queue.slice(index + 1);

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
              <SortableSongList
                items={upcoming}
                songId={(entry) => entry.id}
                title={(entry) => entry.title}
                label="Next up"
                classes={{ list: 'queue-panel__list', row: 'queue-panel__row', handle: 'queue-panel__handle' }}
                onMove={(from, to) => player.moveInQueue(index + 1 + from, index + 1 + to)}
                renderRow={(entry, at) => (
                  <>
                    <QueueSongText song={entry} />
                    <button
                      type="button"
                      className="player-bar__icon"
                      aria-label={`Remove ${entry.title}`}
                      onClick={() => player.removeFromQueue(index + 1 + at)}
                    >
                      <PlayerIcon name="close" />
                    </button>
                  </>
                )}
              />
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
