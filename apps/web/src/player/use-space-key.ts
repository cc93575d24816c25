import { useEffect, useEffectEvent } from 'react';

/** Where Space already means something: typing, or pressing the focused control (which may be a play button). */
const SPACE_TAKEN =
  'input, textarea, select, button, a[href], summary, [contenteditable=""], [contenteditable="true"], ' +
  '[role="button"], [role="checkbox"], [role="switch"], [role="slider"], [role="textbox"], [role="menuitem"], ' +
  '[role="option"], [role="tab"], [role="combobox"], [role="dialog"]';

export function spaceIsTaken(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(SPACE_TAKEN) !== null;
}

/** Space plays and pauses anywhere on the page, except where the focused element takes the key itself. */
export function useSpaceKey(toggle: () => void) {
  const onToggle = useEffectEvent(toggle);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (spaceIsTaken(event.target)) return;
      event.preventDefault(); // not a page scroll
      if (!event.repeat) onToggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
