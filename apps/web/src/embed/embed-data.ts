/** What the server writes into the embed's page (apps/server/src/modules/discovery/embed-page.ts). */
export interface EmbedTrack {
  id: string;
  title: string;
  duration: number | null;
  playsInFull: boolean;
}

export interface EmbedData {
  tracks: EmbedTrack[];
  artistUrl: string;
}

export const EMBED_DATA_ID = 'hfm-embed-data';

/** The page's data block, or null when it is missing or not what the server writes. */
export function readEmbedData(doc: Document): EmbedData | null {
  const text = doc.getElementById(EMBED_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<EmbedData>;
    return Array.isArray(data.tracks) && data.tracks.length > 0 && typeof data.artistUrl === 'string'
      ? (data as EmbedData)
      : null;
  } catch {
    return null;
  }
}

/** m:ss of seconds. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
