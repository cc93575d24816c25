/** Identity: accounts, their sessions and the codes that confirm them. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    dob: date('dob', { mode: 'string' }),
    location: text('location'),
    gender: text('gender'),
    status: text('status').notNull().default('UNCONFIRMED'),
    role: text('role').notNull(),
    hfmPicksOptIn: boolean('hfm_picks_opt_in').notNull().default(false),
    profileImage: text('profile_image'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'ARTIST', 'SUBSCRIBER')`),
    check('users_status_check', sql`${t.status} in ('UNCONFIRMED', 'ACTIVE', 'SUSPENDED', 'DELETED')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per account (docs/decisions/0025): keyed by the SHA-256 of the lower-cased email as
 * typed, whether or not an account has it (so a lockout tells nothing about which emails exist). In the
 * database, so every API process counts the same tries. A row goes on a successful sign-in, or once its
 * window and any lock are over.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    accountKey: text('account_key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_failures_window_idx').on(t.windowStartedAt)],
);

export const confirmationCodes = pgTable('confirmation_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * What is kept of a deleted account, and for how long (docs/decisions/0014-deleting-an-account.md): the
 * terms keep complaint records 6 years after deletion, so a complaint can still be matched to the account
 * (by its email) and to its payment records (by its id, which the tombstone `users` row keeps). No foreign
 * key: the record outlives anything else about the account. Purged after `retain_until`.
 */
export const deletedAccounts = pgTable(
  'deleted_accounts',
  {
    userId: uuid('user_id').primaryKey(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    accountCreatedAt: timestamp('account_created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account itself, or the admin who deleted it. */
    deletedBy: uuid('deleted_by').notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deleted_accounts_email_idx').on(t.email),
    index('deleted_accounts_retain_until_idx').on(t.retainUntil),
  ],
);

/**
 * Social sign-in: which provider account (`provider`, its `sub`) belongs to which user. Made when a fan
 * signs up from a social prefill, or when a provider vouches for an email of an existing fan account
 * (docs/social-sign-in.md).
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_accounts_user_idx').on(t.userId)],
);

/**
 * What a provider told us about someone who has no account yet, kept for the Fan Sign Up modal under the
 * SHA-256 of a one-time token (read once, within minutes; the sign-up that follows links the account).
 */
export const socialPrefills = pgTable(
  'social_prefills',
  {
    tokenHash: text('token_hash').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** The large profile picture, re-encoded, as a data URL. */
    profileImage: text('profile_image'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_prefills_expires_idx').on(t.expiresAt)],
);

/** Failed social sign-ins (denied consent, a bad state, the provider down): kept for support, and logged. */
export const socialSignInErrors = pgTable(
  'social_sign_in_errors',
  {
    id: id(),
    provider: text('provider').notNull(),
    code: text('code').notNull(),
    detail: text('detail').notNull(),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('social_sign_in_errors_created_idx').on(t.createdAt)],
);
