import { messages, ROUTE_BY_ROLE, userAdminMessages, type LoginBody, type PublicUser, type Role } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../errors/app-error.js';
import { findUser, findUserForLogin, presentUser } from '../users/users.service.js';
import { verifyPassword } from './passwords.js';
import type { Actor } from '../access/permissions.js';
import { createSession, deleteAllSessions, type SessionMeta } from './sessions.js';

export interface SignedIn {
  token: string;
  expiresAt: Date;
  routeTo: string;
  user: PublicUser;
}

export type ClientMeta = SessionMeta;

/**
 * Wrong email and wrong password get the same 401, and an unknown email still costs one argon2
 * verify. Whether an account is unconfirmed is told only to someone who knows its password.
 */
export async function logIn(ctx: AppContext, { userName, password }: LoginBody, meta: ClientMeta): Promise<SignedIn> {
  const user = await findUserForLogin(ctx.db, userName);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', messages.wrongCredentials);
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
