import { songDirectoryName, totalScore, type ArtistAccount, type ArtistStatus, type PublicArtist } from '@hfm/shared';
import { publicMediaUrl } from '../../platform/storage/public-media.js';
import { type GenreRow, toPublicGenre } from '../genres/index.js';
import type { UserRow } from '../users/index.js';
import type { ArtistRow } from './artists.repository.js';

/** The banner URL carries the row's update time, so a new banner is fetched past the cache. */
export function bannerImagePath(row: Pick<ArtistRow, 'bannerImage' | 'updatedAt'>): string | null {
  return row.bannerImage ? `${mediaPath(row.bannerImage)}?t=${row.updatedAt.getTime()}` : null;
}

/** Public images (banners, artist photos) are served at `/media/<key>`, or under MEDIA_PUBLIC_URL when set. */
export function mediaPath(key: string): string {
  return publicMediaUrl(key);
}

/** The one place an artist row becomes what the API says about an artist; photos and banner are URLs, never storage keys. */
export function toPublicArtist(row: ArtistRow, genre: GenreRow | null, photoKeys: string[]): PublicArtist {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    userID: row.userId,
    genre: genre ? toPublicGenre(genre) : null,
    genreID: row.genreId,
    bio: row.bio,
    hfmPicksOptIn: row.hfmPicksOptIn,
    isExclusive: row.isExclusive,
    isFeatured: row.isFeatured,
    featuredBio: row.featuredBio,
    featuredPosition: row.featuredPosition,
    tier: row.tier,
    photos: photoKeys.map(mediaPath),
    hifives: row.hifives,
    status: row.status as ArtistStatus,
    scoreMatrix: row.scoreMatrix,
    totalScore: totalScore(row.scoreMatrix),
    bannerImagePath: bannerImagePath(row),
    songDirectory: songDirectoryName(row.id, row.name),
    searchStatus: { isSearchable: row.isSearchable },
    terminatedAt: row.terminatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  };
}

/** The account behind an artist, for admins. */
export function toArtistAccount(user: UserRow): ArtistAccount {
  return {
    _id: user.id,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: user.status,
  };
}
