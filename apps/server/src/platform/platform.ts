import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { createLocalStorage } from './storage/local-storage.js';
import type { ObjectStorage } from './storage/storage.js';

/** Everything that holds state, behind small interfaces, chosen by the config. */
export interface Platform {
  database: DatabaseHandle;
  mailer: Mailer;
  storage: ObjectStorage;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  database?: DatabaseHandle;
  mailer?: Mailer;
  storage?: ObjectStorage;
}

export async function createPlatform(
  config: Config,
  log: FastifyBaseLogger,
  overrides: PlatformOverrides = {},
): Promise<Platform> {
  const database =
    overrides.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') }));
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
      : createFileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log));
  const storage = overrides.storage ?? createLocalStorage(path.join(config.dataDir, 'storage'));
  return {
    database,
    mailer,
    storage,
    async close() {
      mailer.close();
      await database.close();
    },
  };
}
