import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { subscriptions } from '../platform/db/schema/billing.js';
import { users } from '../platform/db/schema/identity.js';
import { releaseMails } from '../platform/db/schema/releases.js';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * `count` fans subscribed to the artist, written in bulk (no password hashing: they never sign in), with
 * addresses `fan-{n}-{tag}@example.test`. Answers their ids.
 */
export async function createSubscribers(app: FastifyInstance, artistId: string, count: number): Promise<string[]> {
  const tag = crypto.randomBytes(4).toString('hex');
  const ids: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
      const n = start + i;
      return {
        firstName: `Fan${n}`,
        lastName: 'Test',
        email: `fan-${n}-${tag}@example.test`,
        userName: `fan-${n}-${tag}`,
        passwordHash: 'x',
        role: 'SUBSCRIBER',
        status: 'ACTIVE',
      };
    });
    const inserted = await app.ctx.db.insert(users).values(rows).returning({ id: users.id });
    await app.ctx.db
      .insert(subscriptions)
      .values(
        inserted.map((row) => ({ memberId: row.id, artistId, currentPeriodEnd: new Date(Date.now() + YEAR_MS) })),
      );
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Every .eml the embedded mailer wrote, as text. */
export function readAllMailFiles(dataDir: string): string[] {
  const mailDir = path.join(dataDir, 'mail');
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8'));
}

/** The release mail rows of a batch's artist. */
export function releaseMailRows(app: FastifyInstance, artistId: string) {
  return app.ctx.db.select().from(releaseMails).where(eq(releaseMails.artistId, artistId));
}
