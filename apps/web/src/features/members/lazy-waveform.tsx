import { useEffect, useRef, useState } from 'react';
import { Waveform } from '../../player/waveform';

/**
 * A row's waveform. Lists carry no peaks, so a row asks for its song's peaks only once it scrolls into view
 * (never while hidden, e.g. in a narrow list where the CSS leaves the waveform out). The player's bar shows
 * the playing song's progress.
 */
export function LazyWaveform({ songId }: { songId: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (seen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  return (
    <div ref={holder} className="song-row__waveform" aria-hidden="true">
      {seen && <Waveform songId={songId} progress={0} />}
    </div>
  );
}
