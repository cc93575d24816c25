import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useRef } from 'react';

interface Dragged {
  active: { id: unknown };
}
interface DraggedOver extends Dragged {
  over: { id: unknown } | null;
}

/** The sensors of every reorderable list: a pointer that moves 4 px first (so a click stays a click), and keys. */
export function useSortableListSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** What a screen reader hears while a song of a list is moved: where it is, by the song it takes the place of. */
export function songMoveAnnouncements(title: (id: unknown) => string) {
  return {
    onDragStart: ({ active }: Dragged) => `Picked up ${title(active.id)}.`,
    onDragOver: ({ active, over }: DraggedOver) =>
      over
        ? `${title(active.id)} is over the place of ${title(over.id)}.`
        : `${title(active.id)} is no longer over a song.`,
    onDragEnd: ({ active, over }: DraggedOver) =>
      over ? `${title(active.id)} was dropped in the place of ${title(over.id)}.` : `${title(active.id)} was dropped.`,
    onDragCancel: ({ active }: Dragged) => `Moving ${title(active.id)} was cancelled.`,
  };
}

/**
 * The announcements with the pick-up kept: as a drag starts, dnd-kit reports the item over its own place in
 * the same update as the pick-up, and its live region shows only the last message, so "Picked up ..." was
 * never shown nor heard. That first report, before the item has moved, says nothing now.
 */
export function useKeptPickUp(announcements: Announcements): Announcements {
  const movedRef = useRef(false);
  return {
    ...announcements,
    onDragStart: (event) => {
      movedRef.current = false;
      return announcements.onDragStart(event);
    },
    onDragOver: (event) => {
      if (!movedRef.current && event.over?.id === event.active.id) return undefined;
      movedRef.current = true;
      return announcements.onDragOver(event);
    },
  };
}
