import type { ArtistStatus, Role } from '@hfm/shared';

export type Area = 'artist' | 'admin' | 'members';

export const AREA_BY_ROLE: Record<Role, Area> = { ADMIN: 'admin', ARTIST: 'artist', SUBSCRIBER: 'members' };

export const AREA_NAMES: Record<Area, string> = { artist: 'Artist Studio', admin: 'Admin', members: 'Members' };

export const ARTIST_STATUS_LABELS: Record<ArtistStatus, string> = {
  PENDING: 'In Review — an admin is reviewing your audition',
  ACTIVE: 'Active — fans can find and subscribe to you',
  INACTIVE: 'Inactive — your music is hidden from fans',
  CANCELLED: 'Cancelled — your artist account has ended',
};
