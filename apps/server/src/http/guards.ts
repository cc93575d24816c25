import type { Role } from '@hfm/shared';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../context.js';
import { forbidden, unauthenticated } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: SessionUser | null;
  }
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.currentUser) throw unauthenticated();
  return request.currentUser;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/** The user themself or an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (user.id !== userId && user.role !== 'ADMIN') throw forbidden();
  return user;
}
