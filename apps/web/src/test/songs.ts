import type { CatalogueSong, PublicSong } from '@hfm/shared';

/** A song as the server presents it (publicSong), with the given fields changed. */
export function songFixture(change: Partial<PublicSong> = {}): PublicSong {
  const id = change.id ?? '00000000-0000-4000-8000-000000000001';
  return {
    id,
    artistID: '00000000-0000-4000-8000-0000000000aa',
    title: 'First Light',
    additionalArtists: null,
    publisher: null,
    songWriters: null,
    ISRC: null,
    embedCode: null,
    explicit: false,
    releaseDate: '05/01/2025',
    releaseAt: null,
    trackNumber: null,
    isExclusive: false,
    comment: null,
    isFullPreview: false,
    fullPreviewPosition: 0,
    plays: 0,
    hifives: 0,
    status: 'ready',
    downloads: 'ready',
    failureReason: null,
    duration: 185,
    active: true,
    albumID: null,
    albumIDs: [],
    loudness: null,
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    ...change,
    _id: id,
  };
}

/** A song as fans' lists carry it (CatalogueSong), with the given fields changed. */
export function catalogueSongFixture(change: Partial<CatalogueSong> & { id: string; title: string }): CatalogueSong {
  return {
    artistID: '00000000-0000-4000-8000-0000000000a1',
    artistName: 'Nina Simone',
    artistSlug: 'nina-simone',
    duration: 200,
    explicit: false,
    releaseDate: '05/01/2025',
    trackNumber: null,
    isFullPreview: false,
    playsInFull: change.isFullPreview ?? false,
    freeToKeep: false,
    fullPreviewPosition: 0,
    plays: 0,
    hifives: 0,
    albumIDs: [],
    createdAt: '2025-05-01T00:00:00.000Z',
    ...change,
    _id: change.id,
  };
}
