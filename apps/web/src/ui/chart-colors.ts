/** Colours for chart series on the dark surface (SVG fills take no CSS variables everywhere): from the tokens. */
export const CHART_COLORS = {
  accent: '#ff5a36',
  green: '#3ecf8e',
  blue: '#8ab4ff',
  amber: '#ffb340',
  muted: '#b3adbd',
} as const;
