import { useEffect, useRef } from 'react';

/**
 * For a tab list that scrolls sideways on narrow screens: marks it with data-more-start /
 * data-more-end while tabs are hidden on that side (the CSS fades that edge as a hint), and keeps
 * the selected tab in view whenever `selected` changes.
 */
export function useScrollableTabs<T extends HTMLElement>(selected: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const update = () => {
      const hiddenAtEnd = list.scrollWidth - list.clientWidth - list.scrollLeft;
      list.toggleAttribute('data-more-start', list.scrollLeft > 1);
      list.toggleAttribute('data-more-end', hiddenAtEnd > 1);
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  useEffect(() => {
    ref.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return ref;
}
