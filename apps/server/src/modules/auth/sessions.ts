import crypto from 'node:crypto';
import type { Role } from '@hfm/shared';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import type { SessionUser } from '../../context.js';
import { flatRows, preparedRead } from '../../platform/db/prepared.js';
import { sessions, users } from '../../platform/db/schema/identity.js';

export const SESSION_COOKIE = 'hfm_session';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
  /** The session cookie the browser carried when it signed in, if any: that session ends. */
  previousToken?: string | undefined;
}

/**
 * A new session under a fresh random token: signing in never keeps a token the browser already had
 * (session fixation), and ends the session that token named, whoever's it was (docs/decisions/0025).
 */
export async function createSession(
  db: Database,
  userId: string,
  ttlMs: number,
  meta: SessionMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  if (meta.previousToken) await endSession(db, meta.previousToken);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, expiresAt };
}

/** Every signed-in request asks this: prepared once per database handle. */
const sessionUserByToken = preparedRead(
  (db, name) =>
    flatRows(
      db
        .select({
          sessionId: sessions.id,
          lastSeenAt: sessions.lastSeenAt,
          id: users.id,
          role: users.role,
          status: users.status,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
        .limit(1)
        .prepare(name),
    ),
  'auth_session_user_by_token',
);

/**
 * The signed-in user behind a cookie token, or null when absent, unknown or expired. The user's artist
 * is the artists module's to tell (`artistId` is null here; the session hook fills it in).
 */
export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const [row] = await sessionUserByToken(db).execute({ tokenHash: hashToken(token) });
  if (!row || row.status !== 'ACTIVE') return null;
  if (Date.now() - row.lastSeenAt.getTime() > 5 * 60 * 1000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    sessionId: row.sessionId,
    role: row.role as Role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    artistId: null,
  };
}

/** Ends the session behind a cookie token (nothing when it names none). */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteOtherSessions(db: Database, userId: string, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
