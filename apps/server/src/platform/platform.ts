import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { createMetrics, embeddedDatabaseCommits, uploadsInFlight, type Metrics } from './metrics/metrics.js';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { createCatalogueVersion } from './read-models/catalogue-version.js';
import { createReadModelCache, type ReadModelCache } from './read-models/read-model-cache.js';
import { createPaymentProvider } from './payments/payments.js';
import type { PaymentProvider } from './payments/provider.js';
import { createLocalStorage } from './storage/local-storage.js';
import { usePublicMediaBase } from './storage/public-media.js';
import type { ObjectStorage } from './storage/storage.js';
import { startUploadSweeper } from './storage/upload-sweeper.js';
import { createUrlSigner, loadSigningSecret, type UrlSigner } from './storage/url-signer.js';

/** Everything that holds state, behind small interfaces, chosen by the config. */
export interface Platform {
  database: DatabaseHandle;
  mailer: Mailer;
  storage: ObjectStorage;
  /** Signs and checks the upload-part and media URLs our server answers. */
  signer: UrlSigner;
  /** Who moves the money (PAYMENTS_PROVIDER): the embedded local provider or Stripe. */
  payments: PaymentProvider;
  /** This app's Prometheus registry (GET /metrics): the platform's figures and the modules' own. */
  metrics: Metrics;
  /** Public read models kept in memory for the catalogue's current version (docs/decisions/0059). */
  readModels: ReadModelCache;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  database?: DatabaseHandle;
  mailer?: Mailer;
  storage?: ObjectStorage;
  payments?: PaymentProvider;
}

export async function createPlatform(
  config: Config,
  log: FastifyBaseLogger,
  overrides: PlatformOverrides = {},
): Promise<Platform> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: path.join(config.dataDir, 'db'),
    }));
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
      : createFileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log));
  if (!config.signingSecret && (config.databaseUrl || config.s3)) {
    // Shared PostgreSQL or S3 suggests several processes; each DATA_DIR would make its own secret.
    log.warn(
      'SIGNING_SECRET is not set: this process signs with DATA_DIR/signing-secret. Give every API and worker process that does not share DATA_DIR the same SIGNING_SECRET, or URLs signed by one are refused by another.',
    );
  }
  const signingSecret = await loadSigningSecret(config.dataDir, config.signingSecret);
  const signer = createUrlSigner(signingSecret);
  const payments =
    overrides.payments ?? (await createPaymentProvider(config.payments, database.db, signingSecret, config.publicUrl));
  const storage = overrides.storage ?? (await createStorage(config, signer));
  usePublicMediaBase(config.mediaPublicUrl);
  const sweeper = startUploadSweeper(storage, { maxAgeMs: config.staleUploadMs, log });
  const metrics = createMetrics();
  uploadsInFlight(metrics);
  const pglite = database.pglite;
  if (pglite) embeddedDatabaseCommits(metrics, (text) => pglite.query(text));
  const catalogueVersion = createCatalogueVersion(database);
  const readModels = createReadModelCache(catalogueVersion, { maxBytes: config.readModelCacheMb * 1024 * 1024 });
  return {
    database,
    mailer,
    storage,
    signer,
    payments,
    metrics,
    readModels,
    async close() {
      catalogueVersion.close();
      await sweeper.stop();
      await payments.close();
      mailer.close();
      await database.close();
    },
  };
}

/** The storage the server uses, for tools that run beside it (the CLI's demo catalogue). */
export async function openStorage(config: Config): Promise<ObjectStorage> {
  return createStorage(config, createUrlSigner(await loadSigningSecret(config.dataDir, config.signingSecret)));
}

/**
 * S3 when S3_BUCKET is set, files under DATA_DIR/storage otherwise. The AWS SDK is loaded only for S3:
 * a smaller heap is cheaper to collect, and every uploaded byte makes garbage (docs/performance.md).
 */
async function createStorage(config: Config, signer: UrlSigner): Promise<ObjectStorage> {
  const shared = { signer, publicUrl: config.publicUrl, maxUploadBytes: config.maxUploadBytes };
  if (config.s3) {
    const { createS3Storage } = await import('./storage/s3-storage.js');
    return createS3Storage({ ...config.s3, ...shared });
  }
  return createLocalStorage(path.join(config.dataDir, 'storage'), shared);
}
