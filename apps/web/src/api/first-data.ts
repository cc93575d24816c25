import type { SongPeaks } from '@hfm/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiUrl, matchApiUrl } from './client';
import { discoveryKeys } from './discovery/keys';
import { documentKeys } from './documents/get-document';
import { sessionQuery } from './session';
import { decodePeaks } from './songs/get-song-peaks';
import { songKeys } from './songs/keys';

/**
 * The id of the `<script type="application/json">` in which the server writes the API answers a page shows
 * first (/members/, /discover/... and /a/{slug}; apps/server/src/http/web-app.ts `withFirstData`): the app renders them at
 * once instead of asking for them after its scripts have run. A data block, not a script: the CSP allows it.
 */
export const FIRST_DATA_ID = 'hfm-first-data';

/** The query each embedded answer is, by the API path the server answered it for. */
function queryKeyOf(path: string): QueryKey | null {
  if (path === apiUrl('/auth/session')) return sessionQuery.queryKey;
  if (path === apiUrl('/documents/notices')) return documentKeys.notices;
  if (path === apiUrl('/bff/members/hero-artist')) return discoveryKeys.heroArtist;
  if (path === apiUrl('/playlists/agg/member-home-lists')) return discoveryKeys.memberHomeLists;
  const artistPage = matchApiUrl('/artist-pages/{slug}', path);
  if (artistPage) return discoveryKeys.artistPage(artistPage.slug);
  const genrePage = matchApiUrl('/genres/{id}/page', path);
  if (genrePage) return discoveryKeys.genrePage(genrePage.id);
  const playlistPage = matchApiUrl('/playlists/{id}', path);
  if (playlistPage) return discoveryKeys.playlistPage(playlistPage.id);
  const heroSongs = matchApiUrl('/bff/members/artist-summary/{artistId}', path);
  return heroSongs ? discoveryKeys.artistSummary(heroSongs.artistId) : null;
}

/**
 * The query an embedded answer fills and what it holds there: the answer itself, except a song's waveform
 * (GET /api/songs/{id}/peaks, the first screen's rows on an artist's page), kept decoded as its query keeps it.
 */
function cachedOf(path: string, answer: unknown): { key: QueryKey; data: unknown } | null {
  const peaks = matchApiUrl('/songs/{id}/peaks', path);
  if (peaks) return { key: songKeys.peaks(peaks.id), data: decodePeaks(answer as SongPeaks) };
  const key = queryKeyOf(path);
  return key ? { key, data: answer } : null;
}

/** The page's embedded answers by API path; none when the page has no (readable) block. */
export function readFirstData(doc: Document = document): Record<string, unknown> {
  const text = doc.getElementById(FIRST_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the page's embedded answers in the query cache, fresh as of now, where nothing is cached yet. The block
 * goes afterwards: a later screen of the same app asks the server again, as it would have.
 */
export function seedFirstData(client: QueryClient, doc: Document = document): void {
  for (const [path, answer] of Object.entries(readFirstData(doc))) {
    const cached = answer === undefined ? null : cachedOf(path, answer);
    if (cached && client.getQueryData(cached.key) === undefined) client.setQueryData(cached.key, cached.data);
  }
  doc.getElementById(FIRST_DATA_ID)?.remove();
}
