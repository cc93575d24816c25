import type { PublicUser } from '@hfm/shared';

const USER_ID = '00000000-0000-4000-8000-0000000000f1';

/** A whole PublicUser, as the server answers one (a fan unless `change` says otherwise). */
export function userFixture(change: Partial<PublicUser> = {}): PublicUser {
  const id = change.id ?? change._id ?? USER_ID;
  return {
    _id: id,
    id,
    firstName: 'Sam',
    lastName: 'Cooke',
    name: 'Sam Cooke',
    email: 'sam@example.com',
    userName: 'sam@example.com',
    phoneNumber: null,
    dob: null,
    location: null,
    gender: null,
    status: 'ACTIVE',
    role: 'SUBSCRIBER',
    profileImage: null,
    profileImagePath: null,
    hfmPicksOptIn: true,
    subscribedTo: [],
    hiFived: [],
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    ...change,
  };
}
