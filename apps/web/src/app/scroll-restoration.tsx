import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where React Router's own ScrollRestoration kept the positions: a reload after this change finds them. */
const STORAGE_KEY = 'react-router-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The page's scroll on the fans' pages, as React Router's ScrollRestoration did it for its data router (which
 * the fans' area no longer loads: decision 0063): back and forward put the page where it was on that history
 * entry; any other move goes to the top (or to the element the address's #hash names). Positions outlive a
 * reload in sessionStorage, and a reload puts the page back where it was.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (positions.current && shownKey.current) positions.current[shownKey.current] = window.scrollY;
    };
    const store = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current ?? {}));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const first = positions.current === null;
    positions.current ??= savedPositions();
    shownKey.current = location.key;
    const saved = positions.current[location.key];
    // A reload finds the entry's position in storage; a first visit leaves the browser's position alone.
    if ((first || navigationType === 'POP') && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (first) return;
    const target = location.hash ? document.getElementById(safeDecode(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
