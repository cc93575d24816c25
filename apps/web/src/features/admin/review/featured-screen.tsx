import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { messages, type PublicArtist } from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { useFeaturedArtists } from '../../../api/artists/get-featured-artists';
import { useReorderFeaturedArtists } from '../../../api/artists/reorder-featured-artists';
import { useSwapFeaturedArtists } from '../../../api/artists/swap-featured-artists';
import { useSaveArtist } from '../../../api/artists/update-artist';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useKeptPickUp, useSortableListSensors } from '../../../ui/sortable-list';
import { Spinner } from '../../../ui/spinner';
import { ArtistPicker } from './artist-picker';
import { FeaturedRow } from './featured-row';

const announcements = (name: (id: unknown) => string, position: (id: unknown) => number) => ({
  onDragStart: ({ active }: { active: { id: unknown } }) => `Picked up ${name(active.id)}.`,
  onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
    over ? `${name(active.id)} is over position ${position(over.id) + 1}.` : `${name(active.id)} is not over a place.`,
  onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
    over ? `${name(active.id)} was dropped at position ${position(over.id) + 1}.` : `${name(active.id)} was dropped.`,
  onDragCancel: ({ active }: { active: { id: unknown } }) => `Moving ${name(active.id)} was cancelled.`,
});

/**
 * #/featured: the featured artists in the order member home shows them (#1 is the hero artist). Drag (or
 * Space and the arrow keys) to reorder; make one the hero, swap one for another ACTIVE artist, remove
 * one, edit its featured bio; add an artist found by name or email.
 */
export function FeaturedScreen() {
  const featured = useFeaturedArtists();
  const reorder = useReorderFeaturedArtists();
  const swap = useSwapFeaturedArtists();
  const save = useSaveArtist();
  const [swapping, setSwapping] = useState<PublicArtist | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const sensors = useSortableListSensors();

  const items = featured.data?.items ?? [];
  const ids = items.map((artist) => artist.id);
  const name = (id: unknown) => items.find((artist) => artist.id === id)?.name ?? 'artist';
  const position = (id: unknown) => ids.indexOf(String(id));
  const moveAnnouncements = useKeptPickUp(announcements(name, position));

  async function run(id: string, action: () => Promise<unknown>, message: string) {
    setBusyId(id);
    try {
      await action();
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  }

  function move({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, position(active.id), position(over.id));
    reorder.mutate(next, { onError: (error) => toast.error(errorMessage(error)) });
  }

  const feature = (artist: PublicArtist) =>
    run(
      artist.id,
      () => save.mutateAsync({ id: artist.id, body: { isFeatured: true } }),
      `${artist.name} is featured.`,
    );
  const swapIn = (added: PublicArtist) => {
    const removed = swapping;
    if (!removed) return;
    void run(
      added.id,
      async () => {
        await swap.mutateAsync({ removeID: removed.id, addID: added.id });
        setSwapping(null);
      },
      `${added.name} takes the place of ${removed.name}.`,
    );
  };

  return (
    <section className="review-screen" aria-labelledby="featured-heading">
      <header className="review-screen__header">
        <h1 id="featured-heading">Featured</h1>
        <p className="review-screen__lead">
          The order fans see on member home. #1 is the hero artist. Drag an artist, or focus its handle and use Space
          and the arrow keys, to move it.
        </p>
      </header>
      {featured.isPending ? (
        <p className="review-note" role="status">
          <Spinner size="small" /> {messages.loading}
        </p>
      ) : featured.isError ? (
        <div className="review-note" role="alert">
          <p>{errorMessage(featured.error)}</p>
          <Button variant="secondary" onClick={() => void featured.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="review-note">No artist is featured. Add one below.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={move}
          accessibility={{
            announcements: moveAnnouncements,
            screenReaderInstructions: {
              draggable: 'To move an artist, press Space, use the arrow keys, then press Space again to drop it.',
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="featured-list" aria-label="Featured order" aria-busy={reorder.isPending || undefined}>
              {items.map((artist, index) => (
                <FeaturedRow
                  key={artist.id}
                  artist={artist}
                  index={index}
                  busy={busyId === artist.id}
                  onMakeHero={() =>
                    void run(
                      artist.id,
                      () => save.mutateAsync({ id: artist.id, body: { featuredPosition: 0 } }),
                      `${artist.name} is the hero artist.`,
                    )
                  }
                  onSwap={() => setSwapping(artist)}
                  onRemove={() =>
                    run(
                      artist.id,
                      () => save.mutateAsync({ id: artist.id, body: { isFeatured: false } }),
                      `${artist.name} is no longer featured.`,
                    )
                  }
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <section className="surface-card review-card" aria-labelledby="featured-add">
        <h2 id="featured-add">Add an artist</h2>
        <p className="review-muted">Added artists go to the end of the order.</p>
        <ArtistPicker
          label="Find an ACTIVE artist"
          actionLabel="Feature"
          unavailable={(artist) => (artist.featuredPosition >= 0 || ids.includes(artist.id) ? 'Featured' : null)}
          onPick={(artist) => void feature(artist)}
          busyId={busyId}
        />
      </section>
      <Modal
        open={swapping !== null}
        onOpenChange={(open) => !open && setSwapping(null)}
        title={swapping ? `Swap ${swapping.name}` : 'Swap'}
        description={
          swapping
            ? `The artist you pick takes #${swapping.featuredPosition + 1} and ${swapping.name} leaves the featured order.`
            : undefined
        }
      >
        <ArtistPicker
          label="Find an ACTIVE artist to swap in"
          actionLabel="Swap in"
          unavailable={(artist) => (artist.featuredPosition >= 0 || ids.includes(artist.id) ? 'Featured' : null)}
          onPick={swapIn}
          busyId={busyId}
        />
      </Modal>
    </section>
  );
}
