const PATHS = {
  play: 'M8 5.5v13l11-6.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  previous: 'M6 5h2v14H6zM20 5v14L9 12z',
  next: 'M16 5h2v14h-2zM4 5v14l11-7z',
  volume:
    'M4 9h4l5-4v14l-5-4H4zM16 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2zM18.4 6a8.5 8.5 0 0 1 0 12L17 16.6a6.5 6.5 0 0 0 0-9.2z',
  muted: 'M4 9h4l5-4v14l-5-4H4zM15.6 9.4 17 8l2 2 2-2 1.4 1.4-2 2 2 2L21 15l-2-2-2 2-1.4-1.4 2-2z',
  queue: 'M4 6h12v2H4zM4 11h12v2H4zM4 16h8v2H4zM16 14v6l5-3z',
  expand: 'M12 8.6 5.4 15.2 4 13.8l8-8 8 8-1.4 1.4z',
  collapse: 'M12 15.4 5.4 8.8 4 10.2l8 8 8-8-1.4-1.4z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
} as const;

/** The player's icons, drawn so they show in any font. */
export function PlayerIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
      <path d={PATHS[name]} />
    </svg>
  );
}
