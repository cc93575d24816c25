/** The listener's sound settings, kept in localStorage so they outlive the page. */
export interface PlayerSettings {
  /** 0 to 1. */
  volume: number;
  muted: boolean;
  /** Play songs at an even loudness (the server's gain toward -14 LUFS); on unless switched off. */
  evenLoudness: boolean;
}

export const PLAYER_SETTINGS_KEY = 'hfm.player';
export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = { volume: 1, muted: false, evenLoudness: true };

/** What was stored, field by field; anything missing or malformed (or no storage at all) is the default. */
export function readPlayerSettings(): PlayerSettings {
  let stored: Partial<Record<keyof PlayerSettings, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PLAYER_SETTINGS_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // Private modes may refuse storage, and a hand-edited value may not parse: the defaults stand.
  }
  const { volume, muted, evenLoudness } = stored;
  return {
    volume: typeof volume === 'number' && volume >= 0 && volume <= 1 ? volume : DEFAULT_PLAYER_SETTINGS.volume,
    muted: typeof muted === 'boolean' ? muted : DEFAULT_PLAYER_SETTINGS.muted,
    evenLoudness: typeof evenLoudness === 'boolean' ? evenLoudness : DEFAULT_PLAYER_SETTINGS.evenLoudness,
  };
}

export function writePlayerSettings(settings: PlayerSettings): void {
  try {
    window.localStorage.setItem(PLAYER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Not remembered, still applied.
  }
}
