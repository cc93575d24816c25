/** The admin's view of accounts: a paged, filtered list, and disabling or enabling an account. */
import { z } from 'zod';
import { ARTIST_STATUSES, LEGAL, ROLES } from './constants.js';
import { paged, pageQuery } from './pagination.js';

export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email'] as const;
/** Tombstones of deleted accounts are not listed: their personal data is gone. */
export const LISTED_USER_STATUSES = ['UNCONFIRMED', 'ACTIVE', 'SUSPENDED'] as const;

export const userAdminMessages = {
  accountDisabled: `This account has been disabled. If you think this is a mistake, write to ${LEGAL.contactEmail}.`,
  adminCannotBeDisabled: 'An admin account cannot be disabled.',
  noSuchUser: 'No such user.',
  disabled: (name: string) => `${name} is disabled and signed out everywhere.`,
  enabled: (name: string) => `${name} can sign in again.`,
  confirmDisable: (name: string) => `Disable ${name}? They are signed out at once and cannot sign in until enabled.`,
} as const;

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** GET /api/paged/users: role (the client may send 'subscriber'), status, search (name or email), sort, order. */
export const adminUsersQuery = pageQuery.extend({
  role: z.preprocess(upperCase, z.enum(ROLES)).optional(),
  status: z.preprocess(upperCase, z.enum(LISTED_USER_STATUSES)).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** An account as the admin sees it: never a password hash, nor date of birth or phone. */
export const adminUser = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.string(),
  profileImagePath: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** An artist account's artist. */
  artist: z.object({ _id: z.string(), id: z.string(), name: z.string(), status: z.enum(ARTIST_STATUSES) }).nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersPage = paged(adminUser);
