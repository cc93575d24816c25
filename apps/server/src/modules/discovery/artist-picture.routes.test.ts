import type { ArtistPage, FeaturedArtists, MemberHomeLists, SearchResult } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createArtist,
  createArtistPhoto,
  createUser,
  setArtist,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { updateUserRow } from '../users/users.repository.js';
import { injectAs } from '../../test/route-cast.js';

/** The picture fans see for an artist: the profile image the artist chose, else the first audition photo. */
let t: TestApp;
let chosen: TestArtist;
let photosOnly: TestArtist;
let fan: string;
let admin: string;

async function get<T>(url: string, cookie = fan): Promise<T> {
  const res = await injectAs(t, cookie, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

beforeAll(async () => {
  t = await createTestApp();
  chosen = await createArtist(t.app, {
    artist: { status: 'ACTIVE', name: 'Chosen Face', isSearchable: true },
  });
  photosOnly = await createArtist(t.app, {
    artist: { status: 'ACTIVE', name: 'Chosen Photos', isSearchable: true },
  });
  for (const artist of [chosen, photosOnly])
    await createArtistPhoto(t.app, artist.artistId, `band-photos/${artist.id}/1.png`);
  await setArtist(t.app, chosen.artistId, { featuredPosition: 0 });
  await setArtist(t.app, photosOnly.artistId, { featuredPosition: 1 });
  await updateUserRow(t.app.ctx.db, chosen.id, { profileImage: 'face.png' });
  fan = await signIn(t.app, await createUser(t.app));
  admin = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

describe('the artist picture fans see', () => {
  const profileImage = () => `/media/profile-images/${chosen.id}/face.png`;
  const firstPhoto = () => `/media/band-photos/${photosOnly.id}/1.png`;

  it('is the profile image on the artist page, the audition photo only when there is none', async () => {
    expect((await get<ArtistPage>(`/api/artist-pages/${chosen.artist.slug}`)).artist.photo).toBe(profileImage());
    expect((await get<ArtistPage>(`/api/artist-pages/${photosOnly.artist.slug}`)).artist.photo).toBe(firstPhoto());
  });

  it('is the profile image in the featured list of member home', async () => {
    const { featuredArtists } = await get<MemberHomeLists>('/api/playlists/agg/member-home-lists');
    expect(featuredArtists.map((artist) => artist.photo)).toEqual([profileImage(), firstPhoto()]);
  });

  it('is the same picture in the admins’ Featured list', async () => {
    const { items } = await get<FeaturedArtists>('/api/artists/featured', admin);
    expect(items.map((artist) => artist.picture)).toEqual([profileImage(), firstPhoto()]);
  });

  it('is the profile image in search answers', async () => {
    const results = await get<SearchResult[]>('/api/search?s=Chosen');
    const photoOf = (id: string) => results.find((result) => result.type === 'artist' && result.id === id);
    const photo = (id: string) => {
      const found = photoOf(id);
      return found?.type === 'artist' ? found.photo : undefined;
    };
    expect([photo(chosen.artistId), photo(photosOnly.artistId)]).toEqual([profileImage(), firstPhoto()]);
  });
});
