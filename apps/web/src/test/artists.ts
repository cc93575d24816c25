import type { PublicArtist } from '@hfm/shared';

/** An artist as the server presents it to an admin (publicArtist with the account), with the given fields changed. */
export function artistFixture(change: Partial<PublicArtist> = {}): PublicArtist {
  const id = change.id ?? '00000000-0000-4000-8000-0000000000aa';
  return {
    id,
    name: 'The Test Band',
    userID: '00000000-0000-4000-8000-0000000000bb',
    genre: { _id: 'g-rock', id: 'g-rock', label: 'Rock', artwork: null },
    genreID: 'g-rock',
    bio: '<p>We play <strong>loud</strong>.</p>',
    hfmPicksOptIn: true,
    isExclusive: false,
    isFeatured: false,
    featuredBio: null,
    featuredPosition: -1,
    tier: 'In Review',
    photos: [],
    hifives: 0,
    status: 'PENDING',
    scoreMatrix: [],
    totalScore: 0,
    bannerImagePath: null,
    songDirectory: `${id}The_Test_Band`,
    searchStatus: { isSearchable: false },
    createdAt: '2025-05-01T12:00:00.000Z',
    updatedAt: '2025-05-01T12:00:00.000Z',
    approvedAt: null,
    terminatedAt: null,
    readySongs: 1,
    user: {
      _id: '00000000-0000-4000-8000-0000000000bb',
      id: '00000000-0000-4000-8000-0000000000bb',
      firstName: 'Tess',
      lastName: 'Band',
      email: 'tess@band.test',
      status: 'ACTIVE',
    },
    ...change,
    _id: id,
  };
}

/** One page of artists as GET /api/artists answers it. */
export function artistPage(items: PublicArtist[], page = 1, total = items.length, limit = 12) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  return { items, pagination: { page, limit, total, pageCount, hasMore: page < pageCount } };
}
