import { CROSS_FADE_MS } from '@hfm/shared';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Location } from 'react-router';
import './cross-fade.css';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface CrossFadeProps {
  location: Location;
  /** Renders the screen of one location; called for the entering screen and, during a fade, the leaving one. */
  children: (location: Location) => ReactNode;
}

/**
 * Cross-fades whole screens when the path changes: the leaving screen stays underneath while the
 * entering one (opaque) fades in over it for CROSS_FADE_MS. Hash or query changes do not fade.
 */
export function CrossFade({ location, children }: CrossFadeProps) {
  const [shown, setShown] = useState(location);
  const [leaving, setLeaving] = useState<Location | null>(null);
  const enteringRef = useRef<HTMLDivElement>(null);

  if (location !== shown) {
    if (location.pathname !== shown.pathname) setLeaving(prefersReducedMotion() ? null : shown);
    setShown(location);
  }

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(() => setLeaving(null), CROSS_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [leaving]);

  const pathname = shown.pathname;
  const focusedPathname = useRef(pathname);
  useEffect(() => {
    if (focusedPathname.current === pathname) return;
    focusedPathname.current = pathname;
    focusScreenHeading(enteringRef.current);
  }, [pathname]);

  const style = { '--fade-ms': `${CROSS_FADE_MS}ms` } as CSSProperties;
  return (
    <div className="cross-fade" style={style}>
      {leaving && (
        <div key={leaving.pathname} className="cross-fade__layer cross-fade__layer--leaving" aria-hidden inert>
          {children(leaving)}
        </div>
      )}
      <div
        key={pathname}
        ref={enteringRef}
        className={leaving ? 'cross-fade__layer cross-fade__layer--entering' : 'cross-fade__layer'}
      >
        {children(shown)}
      </div>
    </div>
  );
}

/** Moves focus to the new screen's heading so screen readers announce the change. */
function focusScreenHeading(layer: HTMLElement | null) {
  const heading = layer?.querySelector('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
