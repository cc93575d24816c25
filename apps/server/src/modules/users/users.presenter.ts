import { isoDateToDob, type PublicUser, type Role } from '@hfm/shared';
import { profileImageKey } from '../../platform/media/profile-images.js';
import { publicMediaUrl } from '../../platform/storage/public-media.js';
import type { UserRelations, UserRow } from './users.repository.js';

const NO_RELATIONS: UserRelations = { subscribedTo: [], hiFived: [] };

export function profileImagePath(userId: string, fileName: string | null): string | null {
  return fileName ? publicMediaUrl(profileImageKey(userId, fileName)) : null;
}

/** The one place a user row becomes what the API says about a user: never a password hash. */
export function toPublicUser(row: UserRow, relations: UserRelations = NO_RELATIONS): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    userName: row.userName,
    phoneNumber: row.phoneNumber,
    dob: row.dob ? isoDateToDob(row.dob) : null,
    location: row.location,
    gender: row.gender,
    status: row.status,
    role: row.role as Role,
    profileImage: row.profileImage,
    profileImagePath: profileImagePath(row.id, row.profileImage),
    hfmPicksOptIn: row.hfmPicksOptIn,
    subscribedTo: relations.subscribedTo,
    hiFived: relations.hiFived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
