import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Sideways positions of the card rows, by history entry and row: kept while the app runs. */
const positions = new Map<string, number>();

/**
 * Remembers how far a sideways-scrolling row was scrolled on this history entry, and puts it back when the
 * user returns to the entry (e.g. back from an artist page). The page's own scroll is
 * src/app/scroll-restoration.tsx's.
 */
export function useRememberedScroll<T extends HTMLElement>(rowId: string) {
  const { key } = useLocation();
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const memoryKey = `${key}:${rowId}`;
    const saved = positions.get(memoryKey);
    if (saved !== undefined) element.scrollLeft = saved;
    const remember = () => positions.set(memoryKey, element.scrollLeft);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [key, rowId]);
  return ref;
}
