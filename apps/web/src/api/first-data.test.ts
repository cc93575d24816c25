import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { discoveryKeys } from './discovery/keys';
import { documentKeys } from './documents/get-document';
import { FIRST_DATA_ID, readFirstData, seedFirstData } from './first-data';
import { sessionQuery } from './session';
import { songKeys } from './songs/keys';

function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_DATA_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(FIRST_DATA_ID)?.remove());

describe('seedFirstData', () => {
  it("puts each embedded answer under its query's key, fresh, and removes the block", () => {
    const session = { user: { id: 'u1', role: 'SUBSCRIBER' } };
    const page = { artist: { name: '<b>Band</b>' } };
    writeBlock(
      JSON.stringify({
        '/api/auth/session': session,
        '/api/documents/notices': [],
        '/api/bff/members/hero-artist': null,
        '/api/playlists/agg/member-home-lists': { playlists: [] },
        '/api/artist-pages/the%20band': page,
        '/api/bff/members/artist-summary/a1': { songs: [] },
        '/api/unknown': { ignored: true },
      }).replace(/</g, '\\u003c'),
    );
    const client = new QueryClient();
    seedFirstData(client);
    expect(client.getQueryData(sessionQuery.queryKey)).toEqual(session);
    expect(client.getQueryData(documentKeys.notices)).toEqual([]);
    expect(client.getQueryData(discoveryKeys.heroArtist)).toBeNull();
    expect(client.getQueryData(discoveryKeys.memberHomeLists)).toEqual({ playlists: [] });
    expect(client.getQueryData(discoveryKeys.artistPage('the band'))).toEqual(page);
    expect(client.getQueryData(discoveryKeys.artistSummary('a1'))).toEqual({ songs: [] });
    expect(client.getQueryCache().getAll()).toHaveLength(6);
    expect(client.getQueryState(sessionQuery.queryKey)?.isInvalidated).toBe(false);
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
  });

  it("keeps an embedded waveform (a song's /peaks answer) decoded, as its query keeps what it fetches", () => {
    const bytes = String.fromCharCode(0, 51, 255);
    writeBlock(JSON.stringify({ '/api/songs/s1/peaks': { id: 's1', count: 3, peaks: btoa(bytes) } }));
    const client = new QueryClient();
    seedFirstData(client);
    expect(client.getQueryData(songKeys.peaks('s1'))).toEqual([0, 0.2, 1]);
  });

  it('keeps what the cache already holds', () => {
    writeBlock(JSON.stringify({ '/api/auth/session': { user: null } }));
    const client = new QueryClient();
    const signedIn = { user: { id: 'u2' } };
    client.setQueryData(sessionQuery.queryKey as QueryKey, signedIn);
    seedFirstData(client);
    expect(client.getQueryData(sessionQuery.queryKey)).toBe(signedIn);
  });
});

describe('readFirstData', () => {
  it('reads nothing from a page without a block, or with a broken or non-object one', () => {
    expect(readFirstData()).toEqual({});
    for (const text of ['{not json', '[1,2]', 'null', '"text"']) {
      writeBlock(text);
      expect(readFirstData(), text).toEqual({});
      document.getElementById(FIRST_DATA_ID)!.remove();
    }
  });
});
