/** Generated art behind the sign-up pages: a glow and a waveform drawn in SVG, no downloads. */
const BAR_COUNT = 64;
const BARS = Array.from({ length: BAR_COUNT }, (_, index) => {
  const wave = Math.sin(index / 3.1) * 0.45 + Math.sin(index / 1.7) * 0.25 + Math.sin(index / 7.3) * 0.3;
  return 0.18 + Math.abs(wave) * 0.82;
});

export function SignUpBackdrop({ tone }: { tone: 'artist' | 'fan' }) {
  return (
    <div className={`sign-up-backdrop sign-up-backdrop--${tone}`} aria-hidden="true">
      <svg className="sign-up-backdrop__wave" viewBox={`0 0 ${BAR_COUNT * 20} 400`} preserveAspectRatio="none">
        <defs>
          <linearGradient id={`wave-${tone}`} x1="0" x2="1" y1="0" y2="0">
            <stop offset="0" stopColor="var(--color-accent)" stopOpacity="0.05" />
            <stop offset="0.5" stopColor="var(--color-accent)" stopOpacity="0.5" />
            <stop offset="1" stopColor="#8a5cff" stopOpacity="0.15" />
          </linearGradient>
        </defs>
        {BARS.map((height, index) => (
          <rect
            key={index}
            x={index * 20 + 4}
            y={200 - height * 180}
            width="10"
            height={height * 360}
            rx="5"
            fill={`url(#wave-${tone})`}
          />
        ))}
      </svg>
      <svg className="sign-up-backdrop__rings" viewBox="0 0 600 600">
        {[80, 140, 200, 260].map((radius) => (
          <circle
            key={radius}
            cx="300"
            cy="300"
            r={radius}
            fill="none"
            stroke="white"
            strokeOpacity="0.06"
            strokeWidth="2"
          />
        ))}
        <circle cx="300" cy="300" r="28" fill="white" fillOpacity="0.08" />
      </svg>
    </div>
  );
}
