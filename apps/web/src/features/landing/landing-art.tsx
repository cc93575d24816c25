import { useId } from 'react';
import { FAN_PRICE, yearlyEarnings } from './landing-copy';

/** A record with the brand gradient on its label, and a price tag; decorative. */
export function FanHeroArt() {
  const id = useId();
  const grooves = [150, 136, 122, 108, 94];
  return (
    <div className="hero-art hero-art--fan" aria-hidden="true">
      <svg className="hero-art__record" viewBox="0 0 340 340" focusable="false">
        <defs>
          <radialGradient id={`${id}-disc`} cx="0.35" cy="0.3" r="0.9">
            <stop offset="0" stopColor="#2b2835" />
            <stop offset="1" stopColor="#0b0a0f" />
          </radialGradient>
          <linearGradient id={`${id}-label`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#38d6e8" />
            <stop offset="0.55" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#e94bbd" />
          </linearGradient>
        </defs>
        <circle cx="170" cy="170" r="166" fill={`url(#${id}-disc)`} />
        {grooves.map((r) => (
          <circle key={r} cx="170" cy="170" r={r} fill="none" stroke="rgb(255 255 255 / 7%)" strokeWidth="1.5" />
        ))}
        <path
          d="M60 90 A130 130 0 0 1 140 44"
          stroke="rgb(255 255 255 / 22%)"
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="170" cy="170" r="58" fill={`url(#${id}-label)`} />
        <circle cx="170" cy="170" r="6" fill="#0e0d12" />
      </svg>
      <div className="hero-art__card hero-art__card--price">
        <span className="hero-art__big">{FAN_PRICE}</span>
        <span>per artist, per year</span>
      </div>
      <div className="hero-art__card hero-art__card--keep">
        <span className="hero-art__dot" />
        Downloaded. Yours forever.
      </div>
    </div>
  );
}

/** A rising bar chart with the spec's headline number; decorative. */
export function ArtistHeroArt() {
  const id = useId();
  const bars = [22, 30, 28, 41, 47, 55, 62, 70, 84, 96];
  return (
    <div className="hero-art hero-art--artist" aria-hidden="true">
      <div className="hero-art__panel">
        <span className="hero-art__label">1,000 subscribers</span>
        <span className="hero-art__big">{yearlyEarnings(1_000)}</span>
        <span className="hero-art__label">per year, paid monthly</span>
        <svg className="hero-art__chart" viewBox="0 0 300 120" focusable="false" preserveAspectRatio="none">
          <defs>
            <linearGradient id={`${id}-bar`} x1="0" y1="1" x2="0" y2="0">
              <stop offset="0" stopColor="#ff5a36" />
              <stop offset="1" stopColor="#ffb340" />
            </linearGradient>
          </defs>
          {bars.map((height, index) => (
            <rect
              key={index}
              x={index * 30 + 4}
              y={120 - height}
              width="20"
              height={height}
              rx="5"
              fill={`url(#${id}-bar)`}
              opacity={0.45 + index * 0.055}
            />
          ))}
        </svg>
      </div>
      <div className="hero-art__card hero-art__card--payday">
        <span className="hero-art__dot" />
        Payday: the 22nd to the 28th
      </div>
    </div>
  );
}
