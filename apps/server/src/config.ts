import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const url = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  READ_MODEL_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('HFM <hello@hfm.music>'),
  PUBLIC_URL: z.url().optional(),
  MEDIA_PUBLIC_URL: url(['https', 'http']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SIGN_IN_LOCKOUT_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  SEED_DEMO: bool.optional(),
  WEB_DIST_DIR: z.string().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\d.:a-fA-F/,\s]+)$/, {
      message: 'must be true, false, a hop count or proxy addresses',
    })
    .optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  // 3 s: a dead worker's job is picked up again within 30 s (a lease of 4 beats, upkeep, the retry delay, a poll).
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(3),
  RENEWAL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  INCOMPLETE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  PAYOUT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  RELEASE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RELEASE_QUIET_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  RELEASE_MAX_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  RELEASE_CLAIM_STALE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  RELEASE_FAN_OUT_CHUNK: z.coerce.number().int().min(1).max(10_000).default(500),
  RELEASE_MAIL_BATCH: z.coerce.number().int().min(1).max(1000).default(100),
  MAX_SONG_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 60 * 60),
  PENDING_ARTIST_MAX_SONGS: z.coerce.number().int().min(0).default(3),
  PENDING_ARTIST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  ARTIST_MAX_SONGS: z.coerce.number().int().min(0).default(500),
  ARTIST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(200 * 1024 ** 3),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 ** 3),
  STALE_UPLOAD_DAYS: z.coerce.number().min(0.01).max(365).default(7),
  SIGNING_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_test_..., sk_live_...)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { message: "must be a webhook endpoint's signing secret (whsec_...)" })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, { message: 'must be a Stripe publishable key (pk_test_..., pk_live_...)' })
    .optional(),
  SOCIAL_PROVIDER: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'must be lower-case letters, digits and dashes' })
    .refine((id) => id !== 'prefill' && id !== 'providers', { message: 'is a reserved word' })
    .default('facebook'),
  SOCIAL_PROVIDER_NAME: z.string().min(1).max(40).optional(),
  SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_ISSUER: url(['https', 'http']).optional(),
  SOCIAL_AUTHORIZATION_URL: url(['https', 'http']).optional(),
  SOCIAL_TOKEN_URL: url(['https', 'http']).optional(),
  SOCIAL_USERINFO_URL: url(['https', 'http']).optional(),
  SOCIAL_SCOPE: z.string().min(1).optional(),
  SOCIAL_REDIRECT_URI: url(['https', 'http']).optional(),
  SOCIAL_TOKEN_AUTH: z.enum(['client_secret_basic', 'client_secret_post']).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, { message: 'must be 16 to 256 printable characters without spaces' })
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps at most (unused on the embedded database). */
  databasePoolSize: number;
  /** Memory for public read models kept between requests (platform/read-models), in MiB; 0 keeps none. */
  readModelCacheMb: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /**
   * Where public images are fetched from instead of `/media` (a CDN or the bucket's address, e.g.
   * `https://cdn.example.com`); undefined serves them from this server (docs/operations.md).
   */
  mediaPublicUrl: string | undefined;
  logLevel: string;
  sessionTtlMs: number;
  rateLimit: { max: number; windowMs: number };
  /**
   * `failures` wrong passwords for one account within `minutes` lock its sign-in for `minutes`, counted in
   * the database across processes (docs/decisions/0025).
   */
  signInLockout: { failures: number; minutes: number };
  /**
   * A request must arrive whole (headers and body) within `requestMs` and its headers within `headersMs`
   * (408 and the connection closed). Five minutes lets a 5 MiB part through a slow line.
   */
  timeouts: { requestMs: number; headersMs: number };
  /** Demo accounts are made on the first embedded start unless turned off; never against DATABASE_URL. */
  seedDemo: boolean;
  webDistDir: string | undefined;
  secureCookies: boolean;
  /** all: API and workers in one process; api or worker to scale them apart. */
  role: 'all' | 'api' | 'worker';
  /** Which X-Forwarded-For hops to believe: off unless a proxy is named (else anyone could pick their address). */
  trustProxy: boolean | number | string[];
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  workerConcurrency: number;
  /**
   * A running job renews its lease this often; a job whose worker died is retried once its lease
   * (4 heartbeats) has run out, found by the queue's upkeep that also runs at this interval.
   */
  jobHeartbeatSeconds: number;
  /** How often the renewal sweep looks for subscriptions due (docs/decisions/0017). */
  renewalSweepSeconds: number;
  /** How often workers settle first payments left under way by a crash (docs/billing.md). */
  incompleteSweepSeconds: number;
  /** How often the payout sweep looks for a period to pay (docs/payouts.md). */
  payoutSweepSeconds: number;
  /** Release notifications (docs/releases.md): the sweep, the quiet window, claims and batch sizes. */
  releases: {
    sweepSeconds: number;
    quietSeconds: number;
    maxWaitSeconds: number;
    claimStaleSeconds: number;
    fanOutChunk: number;
    mailBatch: number;
  };
  maxUploadBytes: number;
  /** Multipart uploads untouched this long are aborted by the storage sweep (docs/storage.md). */
  staleUploadMs: number;
  /** The longest song accepted, read from the WAV header at upload completion and again in the job. */
  maxSongSeconds: number;
  /** Songs and stored original bytes an artist may have: small while PENDING, larger once ACTIVE. */
  artistQuotas: { pending: ArtistQuota; active: ArtistQuota };
  /** Signs media and upload URLs; without it a secret is made once and kept in DATA_DIR. */
  signingSecret: string | undefined;
  /** S3-compatible storage when S3_BUCKET is set; files under DATA_DIR otherwise. */
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Who moves the money: the embedded local provider (default), or Stripe with its three keys. */
  payments: PaymentsConfig;
  /** Sign Up With Facebook (or another provider); undefined when no client id is configured. */
  social: SocialProviderConfig | undefined;
  /**
   * The Bearer token GET /metrics asks for; unset, only loopback requests that no proxy forwarded are
   * answered (docs/decisions/0024).
   */
  metricsToken: string | undefined;
}

export type PaymentsConfig =
  { provider: 'local' } | { provider: 'stripe'; secretKey: string; webhookSecret: string; publishableKey: string };

/**
 * The social sign-in provider (docs/social-sign-in.md): Facebook Login by default, or any OpenID
 * Connect provider found by discovery (`issuer`) or named by its endpoints.
 */
export interface SocialProviderConfig {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
  /** Discovery: the provider's endpoints come from `{issuer}/.well-known/openid-configuration`. */
  discovery: boolean;
  /** The issuer ID tokens must name (discovery's, or given; for Facebook Login's OAuth its web origin). */
  issuer: string;
  /** Explicit endpoints (when not discovered). */
  endpoints: { authorization: string; token: string; userinfo: string | undefined } | undefined;
  scope: string;
  redirectUri: string;
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
}

/** Facebook Login (OAuth 2 with the Graph API as userinfo): what SOCIAL_CLIENT_ID alone turns on. */
export const FACEBOOK_DEFAULTS = {
  name: 'Facebook',
  issuer: 'https://www.facebook.com',
  authorization: 'https://www.facebook.com/v23.0/dialog/oauth',
  token: 'https://graph.facebook.com/v23.0/oauth/access_token',
  userinfo: 'https://graph.facebook.com/v23.0/me?fields=id,first_name,last_name,email,picture.type(large)',
  scope: 'email public_profile',
} as const;

export interface ArtistQuota {
  songs: number;
  bytes: number;
}

export class ConfigError extends Error {}

/** Variables whose values a start-up error never repeats (the line lands in logs). */
const SECRET_VARIABLES = new Set([
  'SIGNING_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'METRICS_TOKEN',
]);

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const shown = SECRET_VARIABLES.has(name) ? '[hidden]' : JSON.stringify(env[name] ?? '');
    throw new ConfigError(`Invalid ${name}=${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `ROLE=${e.ROLE} needs DATABASE_URL: the embedded database belongs to one process, so api and worker ` +
        'processes can only share a PostgreSQL database.',
    );
  }
  const payments = paymentsConfig(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    readModelCacheMb: e.READ_MODEL_CACHE_MB,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    signInLockout: { failures: e.SIGN_IN_LOCKOUT_FAILURES, minutes: e.SIGN_IN_LOCKOUT_MINUTES },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: Math.min(e.HEADERS_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS) * 1000,
    },
    seedDemo: e.DATABASE_URL ? false : (e.SEED_DEMO ?? true),
    webDistDir: e.WEB_DIST_DIR,
    secureCookies: publicUrl.startsWith('https:'),
    role: e.ROLE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    workerConcurrency: e.WORKER_CONCURRENCY,
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    renewalSweepSeconds: e.RENEWAL_SWEEP_SECONDS,
    incompleteSweepSeconds: e.INCOMPLETE_SWEEP_SECONDS,
    payoutSweepSeconds: e.PAYOUT_SWEEP_SECONDS,
    releases: {
      sweepSeconds: e.RELEASE_SWEEP_SECONDS,
      quietSeconds: e.RELEASE_QUIET_SECONDS,
      maxWaitSeconds: e.RELEASE_MAX_WAIT_SECONDS,
      claimStaleSeconds: e.RELEASE_CLAIM_STALE_SECONDS,
      fanOutChunk: e.RELEASE_FAN_OUT_CHUNK,
      mailBatch: e.RELEASE_MAIL_BATCH,
    },
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    staleUploadMs: Math.round(e.STALE_UPLOAD_DAYS * 24 * 60 * 60 * 1000),
    maxSongSeconds: e.MAX_SONG_SECONDS,
    artistQuotas: {
      pending: { songs: e.PENDING_ARTIST_MAX_SONGS, bytes: e.PENDING_ARTIST_MAX_BYTES },
      active: { songs: e.ARTIST_MAX_SONGS, bytes: e.ARTIST_MAX_BYTES },
    },
    signingSecret: e.SIGNING_SECRET,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    payments,
    social: socialConfig(e, publicUrl),
    metricsToken: e.METRICS_TOKEN,
  };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.PAYMENTS_PROVIDER === 'local') return { provider: 'local' };
  const keys = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
  };
  const unset = Object.entries(keys).find(([, value]) => !value);
  if (unset) throw new ConfigError(`${unset[0]} is not set: PAYMENTS_PROVIDER=stripe needs it`);
  return {
    provider: 'stripe',
    secretKey: keys.STRIPE_SECRET_KEY!,
    webhookSecret: keys.STRIPE_WEBHOOK_SECRET!,
    publishableKey: keys.STRIPE_PUBLISHABLE_KEY!,
  };
}

function socialConfig(e: z.infer<typeof envSchema>, publicUrl: string): SocialProviderConfig | undefined {
  if (!e.SOCIAL_CLIENT_ID && !e.SOCIAL_CLIENT_SECRET) return undefined;
  if (!e.SOCIAL_CLIENT_ID || !e.SOCIAL_CLIENT_SECRET) {
    const missing = e.SOCIAL_CLIENT_ID ? 'SOCIAL_CLIENT_SECRET' : 'SOCIAL_CLIENT_ID';
    throw new ConfigError(`Invalid ${missing}="": social sign-in needs both SOCIAL_CLIENT_ID and SOCIAL_CLIENT_SECRET`);
  }
  const id = e.SOCIAL_PROVIDER;
  const facebook = id === 'facebook' && !e.SOCIAL_ISSUER && !e.SOCIAL_AUTHORIZATION_URL;
  const explicit = Boolean(e.SOCIAL_AUTHORIZATION_URL || e.SOCIAL_TOKEN_URL);
  if (explicit && (!e.SOCIAL_AUTHORIZATION_URL || !e.SOCIAL_TOKEN_URL)) {
    const missing = e.SOCIAL_AUTHORIZATION_URL ? 'SOCIAL_TOKEN_URL' : 'SOCIAL_AUTHORIZATION_URL';
    throw new ConfigError(
      `Invalid ${missing}="": explicit endpoints need both SOCIAL_AUTHORIZATION_URL and SOCIAL_TOKEN_URL`,
    );
  }
  if (!facebook && !explicit && !e.SOCIAL_ISSUER) {
    throw new ConfigError(
      `Invalid SOCIAL_ISSUER="": provider ${id} needs SOCIAL_ISSUER (OpenID discovery) or SOCIAL_AUTHORIZATION_URL and SOCIAL_TOKEN_URL`,
    );
  }
  const endpoints = facebook
    ? {
        authorization: FACEBOOK_DEFAULTS.authorization,
        token: FACEBOOK_DEFAULTS.token,
        userinfo: FACEBOOK_DEFAULTS.userinfo,
      }
    : explicit
      ? { authorization: e.SOCIAL_AUTHORIZATION_URL!, token: e.SOCIAL_TOKEN_URL!, userinfo: e.SOCIAL_USERINFO_URL }
      : undefined;
  return {
    id,
    name:
      e.SOCIAL_PROVIDER_NAME ?? (id === 'facebook' ? FACEBOOK_DEFAULTS.name : id.charAt(0).toUpperCase() + id.slice(1)),
    clientId: e.SOCIAL_CLIENT_ID,
    clientSecret: e.SOCIAL_CLIENT_SECRET,
    discovery: !endpoints,
    issuer: facebook ? FACEBOOK_DEFAULTS.issuer : (e.SOCIAL_ISSUER ?? new URL(endpoints!.authorization).origin),
    endpoints,
    scope: e.SOCIAL_SCOPE ?? (facebook ? FACEBOOK_DEFAULTS.scope : 'openid email profile'),
    redirectUri: e.SOCIAL_REDIRECT_URI ?? `${publicUrl}/api/auth/social/${id}/callback`,
    tokenAuth: e.SOCIAL_TOKEN_AUTH ?? (facebook ? 'client_secret_post' : 'client_secret_basic'),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}
