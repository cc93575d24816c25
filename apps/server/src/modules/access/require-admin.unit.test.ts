import type { Role } from '@hfm/shared';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../context.js';
import { AppError } from '../../errors/app-error.js';
import { requireAdmin } from './access.service.js';
import type { Actor } from './permissions.js';

const user = (role: Role, artistId: string | null = null): SessionUser => ({
  id: crypto.randomUUID(),
  sessionId: crypto.randomUUID(),
  role,
  email: `${role.toLowerCase()}@example.com`,
  firstName: 'A',
  lastName: 'B',
  artistId,
});

/** The one admin check every admin service (curation, featuring, payouts, revenue, accounts) starts with. */
describe('requireAdmin', () => {
  const refused: { name: string; actor: Actor; code: string; status: number; message: string }[] = [
    { name: 'signed out', actor: null, code: 'UNAUTHENTICATED', status: 401, message: 'Please sign in.' },
    {
      name: 'a fan',
      actor: user('SUBSCRIBER'),
      code: 'FORBIDDEN',
      status: 403,
      message: 'You are not allowed to do that.',
    },
    {
      name: 'an artist',
      actor: user('ARTIST', crypto.randomUUID()),
      code: 'FORBIDDEN',
      status: 403,
      message: 'You are not allowed to do that.',
    },
  ];

  it.each(refused)('refuses $name: $status', ({ actor, code, status, message }) => {
    let caught: unknown;
    try {
      requireAdmin(actor);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ code, status, message });
  });

  it('lets an admin through, as the signed-in user', () => {
    const admin = user('ADMIN');
    expect(requireAdmin(admin)).toBe(admin);
  });
});
