import { useEffect, useRef, useState } from 'react';
import { usePlayer } from '../../player/player-context';
import { Waveform } from '../../player/waveform';

/**
 * A row's waveform. Lists carry no peaks, so a row asks for its song's peaks only once it scrolls into view
 * (never while hidden, e.g. on a narrow screen where the CSS leaves the waveform out); the playing song's
 * waveform fills as it plays.
 */
export function LazyWaveform({ songId }: { songId: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  const { song, time } = usePlayer();

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

  const progress = song?.id === songId && time.duration ? time.current / time.duration : 0;
  return (
    <div ref={holder} className="song-row__waveform" aria-hidden="true">
      {seen && <Waveform songId={songId} progress={progress} />}
    </div>
  );
}
