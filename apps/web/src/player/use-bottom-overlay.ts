import { useEffect, useRef } from 'react';

/** Room kept between the bar's top and the page's last row. */
const CLEARANCE_PX = 24;

/**
 * Tells the page how much of its foot the fixed bar covers (`--bottom-overlay` on body: the page's bottom
 * padding, and where row menus start opening upward), following the bar's height as it wraps.
 */
export function useBottomOverlay<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const body = document.body.style;
    const measure = () => {
      const gap = window.innerHeight - bar.getBoundingClientRect().bottom;
      body.setProperty('--bottom-overlay', `${Math.ceil(bar.offsetHeight + Math.max(0, gap) + CLEARANCE_PX)}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    measure();
    return () => {
      observer.disconnect();
      body.removeProperty('--bottom-overlay');
    };
  }, []);
  return ref;
}
