import type {
  ArtistCard,
  ArtistPage,
  ArtistPageAlbum,
  ArtistPageSong,
  ArtistSummary,
  CatalogueSong,
  HeroArtist,
  MemberHomeLists,
  PlaylistCard,
  PublicUser,
} from '@hfm/shared';
import type { StubRoute } from './test-utils';
import { catalogueSongFixture } from './songs';
import { userFixture } from './users';

/** Test-only: catalogue answers as the server presents them, with the given fields changed. */

export const ARTIST_ID = '00000000-0000-4000-8000-0000000000a1';
export const MEMBER_ID = '00000000-0000-4000-8000-0000000000f1';

export function catalogueSong(change: Partial<CatalogueSong> & { id: string }): CatalogueSong {
  return catalogueSongFixture({ artistID: ARTIST_ID, title: 'Untitled', ...change });
}

export const songs = {
  feeling: catalogueSong({ id: '00000000-0000-4000-8000-000000000101', title: 'Feeling Good', hifives: 3 }),
  sinnerman: catalogueSong({ id: '00000000-0000-4000-8000-000000000102', title: 'Sinnerman', isFullPreview: true }),
  baltimore: catalogueSong({ id: '00000000-0000-4000-8000-000000000103', title: 'Baltimore', hifives: 1 }),
};
export const songList = [songs.feeling, songs.sinnerman, songs.baltimore];

export function artistCard(change: Partial<ArtistCard> & { id: string; name: string; slug: string }): ArtistCard {
  return {
    genre: { _id: 'g1', id: 'g1', label: 'Soul', artwork: null },
    photo: null,
    bannerImagePath: null,
    featuredBio: null,
    featuredPosition: -1,
    hifives: 0,
    createdAt: '2025-05-01T00:00:00.000Z',
    ...change,
    _id: change.id,
  };
}

export const hero: HeroArtist = {
  ...artistCard({
    id: ARTIST_ID,
    name: 'Nina Simone',
    slug: 'nina-simone',
    featuredBio: 'The High Priestess of Soul.',
  }),
  bio: '<p>Born in <strong>Tryon</strong>.</p><script>alert(1)</script>',
  photos: ['/media/photos/nina-1.jpg'],
};

export const summary: ArtistSummary = { ...hero, songs: songList };

export function playlistCard(change: Partial<PlaylistCard> & { id: string; title: string }): PlaylistCard {
  return {
    type: 'SONGS',
    artworkPath: null,
    genre: null,
    showOnFrontPage: false,
    position: -1,
    isHFMPicks: false,
    HFMPicksPosition: null,
    isHFMRadio: false,
    songCount: 3,
    ...change,
    _id: change.id,
  };
}

export const lists: MemberHomeLists = {
  frontPage: [playlistCard({ id: 'p1', title: 'Night Driving', showOnFrontPage: true, position: 1 })],
  hfmPicks: [playlistCard({ id: 'p2', title: 'Summer Driving', isHFMPicks: true })],
  hfmRadio: [playlistCard({ id: 'p3', title: 'HFM Radio One', isHFMRadio: true })],
  featuredArtists: [artistCard({ id: 'a2', name: 'Odetta', slug: 'odetta', featuredPosition: 0 })],
  genres: [{ _id: 'g1', id: 'g1', label: 'Soul', artwork: null }],
  newReleases: [artistCard({ id: 'a3', name: 'Abbey Lincoln', slug: 'abbey-lincoln' })],
};

export const emptyLists: MemberHomeLists = {
  frontPage: [],
  hfmPicks: [],
  hfmRadio: [],
  featuredArtists: [],
  genres: [],
  newReleases: [],
};

/** A song as the artist's page sends it: its artist is the page's, said once. */
export function pageSong(song: CatalogueSong): ArtistPageSong {
  const { _id, artistID: _artist, artistName: _name, artistSlug: _slug, ...rest } = song;
  return rest;
}

/** An album as the artist's page sends it: its songs by id, each one of the page's songs. */
export const album: ArtistPageAlbum = {
  id: 'al1',
  artistID: ARTIST_ID,
  name: 'Pastel Blues',
  artworkPath: '',
  linerNotes: 'Recorded in New York, 1965.',
  songs: [songs.sinnerman.id, songs.feeling.id],
  createdAt: '2025-05-01T00:00:00.000Z',
};

export const artistPage: ArtistPage = {
  artist: hero,
  albums: [album],
  songs: songList.map(pageSong),
  offer: { priceCents: 999, subscribed: false, available: true },
  termination: null,
};

export function member(change: Partial<PublicUser> = {}): PublicUser {
  return userFixture({ _id: MEMBER_ID, id: MEMBER_ID, ...change });
}

export const sessionRoute = (user: PublicUser | null): StubRoute => ({
  method: 'GET',
  path: '/api/auth/session',
  reply: { body: { user } },
});

/** The player asks for a song's sources when it plays; these tests only look at what it plays and its queue. */
export const playRoute: StubRoute = {
  method: 'GET',
  path: /^\/api\/songs\/[\w-]+\/play$/,
  reply: (request) => ({
    body: {
      full: false,
      hls: null,
      dash: null,
      preview: `/media/${request.path.split('/')[3]}.mp3`,
      duration: 200,
      playableSeconds: 45,
      gainDb: 0,
    },
  }),
};
