/** Decorative background: soft colour fields and a waveform drawn from a fixed seed. */
export function WelcomeArt() {
  const bars = Array.from({ length: 72 }, (_, index) => {
    const height = 18 + Math.abs(Math.sin(index * 0.55) * 46 + Math.sin(index * 1.7) * 22);
    return { x: index * 20, height };
  });
  return (
    <div className="welcome-art" aria-hidden="true">
      <div className="welcome-art__glow welcome-art__glow--warm" />
      <div className="welcome-art__glow welcome-art__glow--cool" />
      <svg className="welcome-art__wave" viewBox="0 0 1440 200" preserveAspectRatio="xMidYMid slice" focusable="false">
        <defs>
          <linearGradient id="welcome-wave" gradientUnits="userSpaceOnUse" x1="0" x2="1440" y1="0" y2="0">
            <stop offset="0" stopColor="#ffb340" />
            <stop offset="0.5" stopColor="#ff5a36" />
            <stop offset="1" stopColor="#8b5cf6" />
          </linearGradient>
        </defs>
        {bars.map((bar) => (
          <rect
            key={bar.x}
            x={bar.x + 4}
            y={100 - bar.height / 2}
            width="8"
            height={bar.height}
            rx="4"
            fill="url(#welcome-wave)"
          />
        ))}
      </svg>
    </div>
  );
}
