import type { Role } from '@hfm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './platform/db/client.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { Platform } from './platform/platform.js';
import type { ObjectStorage } from './platform/storage/storage.js';

/** What a service needs from the outside world; routes and jobs build it once and pass it in. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  platform: Platform;
  /** Background jobs: modules define theirs when they register; started after migrations. */
  jobs: JobQueue;
}

/** The signed-in user behind a session cookie, as the session hook puts it on the request. */
export interface SessionUser {
  id: string;
  sessionId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  /** The user's artist (ARTIST accounts). */
  artistId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, or null (the session hook of modules/auth sets it); services take it as their `actor`. */
    currentUser: SessionUser | null;
  }
}
