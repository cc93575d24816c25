import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createArtist,
  createArtistPhoto,
  createSong,
  createUser,
  setArtist,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

/**
 * Storage keys are in no answer about artists: the banner and photos are there as the URLs fans load
 * (bannerImagePath, photos under /media/), never as the key the storage holds them under.
 */

/** How the server names what it stores (modules/* *Key functions). */
const STORAGE_PREFIXES = [
  'banner-images/',
  'band-photos/',
  'profile-images/',
  'genre-images/',
  'playlist-images/',
  'songs/',
];

let t: TestApp;
let artist: TestArtist;
let cookie: Record<'artist' | 'fan' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true, name: 'Keyless Band' } });
  const id = artist.artistId;
  await setArtist(t.app, id, {
    bannerImage: `banner-images/${id}/banner-1.png`,
    isFeatured: true,
    featuredPosition: 0,
  });
  await createArtistPhoto(t.app, id, `band-photos/${id}/photo-1.png`);
  await createSong(t.app, id, {
    title: 'Keyless Song',
    status: 'ready',
    mediaPrefix: `songs/${id}/keyless/`,
    streamFile: `songs/${id}/keyless/hls/master.m3u8`,
    previewFile: `songs/${id}/keyless/preview.m4a`,
    downloadFile: `songs/${id}/keyless/song.flac`,
  });
  cookie = {
    artist: await signIn(t.app, artist),
    fan: await signIn(t.app, await createUser(t.app)),
    admin: await signIn(t.app, await createAdmin(t.app)),
  };
});
afterAll(async () => t.close());

function get(who: keyof typeof cookie | 'anonymous', url: string) {
  return injectAs(t, who === 'anonymous' ? null : cookie[who], { method: 'GET', url });
}

/** Every string in an answer, with where it is. */
function strings(value: unknown, at = '$'): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${at}.${key}`));
  }
  return [];
}

function storageKeysIn(body: unknown): string[] {
  return strings(body)
    .filter(([, text]) => STORAGE_PREFIXES.some((prefix) => text.startsWith(prefix)))
    .map(([at, text]) => `${at} = ${text}`);
}

const PUBLIC_ROUTES = () => [
  '/api/artists?limit=100',
  `/api/artists/${artist.artistId}`,
  `/api/artist-pages/${artist.artist.slug}`,
  '/api/search?s=Keyless',
];
const SIGNED_IN_ROUTES = () => [
  ...PUBLIC_ROUTES(),
  '/api/bff/members/hero-artist',
  `/api/bff/members/artist-summary/${artist.artistId}`,
  '/api/playlists/agg/member-home-lists',
  `/api/genres/${artist.artist.genreId}/page`,
];
const ROUTES = {
  anonymous: PUBLIC_ROUTES,
  fan: SIGNED_IN_ROUTES,
  artist: () => [...SIGNED_IN_ROUTES(), '/api/initial', '/api/users/session/profile'],
  admin: () => [...SIGNED_IN_ROUTES(), '/api/artists/featured', '/api/artists?limit=100&search=Keyless'],
};

describe('storage keys', () => {
  it.each(['anonymous', 'fan', 'artist', 'admin'] as const)('are in no artist answer to %s', async (who) => {
    for (const url of ROUTES[who]()) {
      const res = await get(who, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, `${url} shows a picture`).toMatch(
        new RegExp(`/media/(banner-images|band-photos)/${artist.artistId}/`),
      );
      expect(storageKeysIn(res.json()), url).toEqual([]);
      expect(res.body, url).not.toContain('"bannerImage"');
    }
  });
});
