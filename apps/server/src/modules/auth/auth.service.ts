import { messages, ROUTE_BY_ROLE, userAdminMessages, type LoginBody, type PublicUser, type Role } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../errors/app-error.js';
import { findUser, findUserForLogin, presentUser } from '../users/index.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import type { Actor } from '../access/index.js';
import { createSession, deleteAllSessions, type SessionMeta } from './sessions.js';
import {
  accountKeyOf,
  clearSignInFailures,
  findSignInFailures,
  recordSignInFailure,
} from './sign-in-failures.repository.js';

export interface SignedIn {
  token: string;
  expiresAt: Date;
  routeTo: string;
  user: PublicUser;
}

export type ClientMeta = SessionMeta;

const accountLocked = (minutes: number) => new AppError('RATE_LIMITED', messages.accountLocked(minutes));

/**
 * Wrong email and wrong password get the same 401, and an unknown email still costs one argon2
 * verify. Whether an account is unconfirmed is told only to someone who knows its password.
 * Repeated wrong passwords lock the sign-in name for a while (known or not, so a lock tells nothing):
 * while locked even the right password is refused, unheard, with the minutes left (docs/decisions/0025).
 */
export async function logIn(ctx: AppContext, { userName, password }: LoginBody, meta: ClientMeta): Promise<SignedIn> {
  const accountKey = accountKeyOf(userName);
  const failures = await findSignInFailures(ctx.db, accountKey);
  if (failures && failures.minutesLeft > 0) throw accountLocked(failures.minutesLeft);
  const user = await findUserForLogin(ctx.db, userName);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    const lockedFor = await recordSignInFailure(ctx.db, accountKey, ctx.config.signInLockout);
    if (lockedFor > 0) throw accountLocked(lockedFor);
    throw new AppError('UNAUTHENTICATED', messages.wrongCredentials);
  }
  if (failures) await clearSignInFailures(ctx.db, accountKey);
  if (user.status === 'UNCONFIRMED') throw new AppError('UNCONFIRMED', messages.unconfirmed);
  if (user.status === 'SUSPENDED') throw forbidden(userAdminMessages.accountDisabled);
  if (user.status !== 'ACTIVE') throw forbidden(messages.forbidden);
  const session = await createSession(ctx.db, user.id, ctx.config.sessionTtlMs, meta);
  return {
    ...session,
    routeTo: ROUTE_BY_ROLE[user.role as Role],
    user: await presentUser(ctx.db, user),
  };
}

/** Global sign-out: every session of the user ends, on every device. */
export async function logOut(ctx: AppContext, actor: Actor): Promise<void> {
  if (actor) await deleteAllSessions(ctx.db, actor.id);
}

/** The signed-in user as the client sees them, or null when no one is signed in. */
export async function findSignedInUser(ctx: AppContext, actor: Actor): Promise<PublicUser | null> {
  const row = actor ? await findUser(ctx.db, actor.id) : null;
  return row ? presentUser(ctx.db, row) : null;
}
