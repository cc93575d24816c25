import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  formatUsd,
  heldReasonText,
  isValidEmail,
  isValidPeriod,
  messages,
  passwordStrengthFailures,
  payoutMessages,
  type PayoutRunLine,
} from '@hfm/shared';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { AppContext } from './context.js';
import { AppError } from './errors/app-error.js';
import { openDatabase, type DatabaseHandle } from './platform/db/client.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { openStorage } from './platform/platform.js';
import type { ObjectStorage } from './platform/storage/storage.js';
import {
  CatalogueAlreadySeededError,
  describeCatalogue,
  MAX_DRESSED_SONGS,
  seedCatalogue,
  type CatalogueOptions,
} from './seed/catalogue.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo.js';
import { describeDemoFan, seedDemoFanActivity } from './seed/demo-fan.js';
import { runPayouts, type RunResult } from './modules/payouts/index.js';
import { createAccount } from './modules/users/index.js';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email <email> --password <password> [--first-name <name>] [--last-name <name>]
      Make a confirmed ADMIN account. The password must pass the sign-up rule: at least 8
      characters, an uppercase letter, a number, a special character, no character three times in a row.
  seed-demo [--artists <n>] [--songs <n>] [--seed <text>] [--artwork]
      Make the demo admin, artist and fan accounts that are missing (existing emails are skipped).
      With --artists and/or --songs, also make a large demo catalogue: that many artists and songs
      (e.g. --artists 10000 --songs 200000, a few minutes), every song ready and playable with
      generated audio; the same --seed (default "hfm") gives the same names. Refused when the
      database already holds a seeded catalogue. --artwork (up to 1,000 songs) also draws artwork for
      every artist, album, genre and playlist and gives each song its own tagged downloads, as the
      first start of the embedded server does. Then, as that first start does, the demo fan subscribes
      to the demo artist with the local provider's test card (a receipt in Account > Payments), keeps a
      few of its songs and gives a few Hi Fives: once, with PAYMENTS_PROVIDER=local, once the demo artist
      has songs.
  payouts --period <YYYY-MM> [--dry-run]
      Pay each artist what is due for that month: what became payable by its 22nd (00:00 UTC), less
      what was paid. Running a month again pays nobody twice; artists without a payout account or a
      tax form are held and paid in full in a later month. --dry-run prints the plan and moves no
      money. Exits 1 when a payout failed or its outcome is unknown (run it again later).

Options:
  -h, --help   Show this help.

The CLI opens the database the server uses (DATABASE_URL, or the embedded one under DATA_DIR).
The embedded database belongs to one process at a time: stop the server first.`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  io?: CliIo;
  /** An already open database (tests); otherwise the one the config names is opened and closed. */
  database?: DatabaseHandle;
  /** An already open storage (tests); otherwise the one the config names. */
  storage?: ObjectStorage;
  /**
   * A running app's context (tests); otherwise payouts and seed-demo's demo fan build one on the configured
   * database.
   */
  context?: AppContext;
}

/** A mistake of the person at the keyboard: one line, exit code 1, no stack. */
class CliError extends Error {}

interface AdminInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function readAdminInput(values: Record<string, string | boolean | undefined>): AdminInput {
  const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
  const password = typeof values.password === 'string' ? values.password : '';
  if (!email) throw new CliError('create-admin needs --email <email>.');
  if (!isValidEmail(email)) throw new CliError(`${messages.email} (got "${email}")`);
  if (!password) throw new CliError('create-admin needs --password <password>.');
  const failures = passwordStrengthFailures(password);
  if (failures.length > 0) throw new CliError(failures.join(' '));
  return {
    email,
    password,
    firstName: typeof values['first-name'] === 'string' ? values['first-name'] : 'HFM',
    lastName: typeof values['last-name'] === 'string' ? values['last-name'] : 'Admin',
  };
}

async function withDatabase<T>(
  config: Config,
  given: DatabaseHandle | undefined,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  if (given) return work(given);
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: path.join(config.dataDir, 'db'),
  });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        artists: { type: 'string' },
        songs: { type: 'string' },
        seed: { type: 'string' },
        artwork: { type: 'boolean' },
        period: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

/** Songs per artist when only --artists is given (and artists per song count when only --songs is). */
const SONGS_PER_ARTIST = 20;
const MAX_ARTISTS = 1_000_000;
const MAX_SONGS = 10_000_000;

function readCount(
  values: Record<string, string | boolean | undefined>,
  name: string,
  max: number,
): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const text = typeof raw === 'string' ? raw.replace(/[_,]/g, '') : '';
  if (!/^\d+$/.test(text) || Number(text) > max) {
    throw new CliError(
      `--${name} must be a whole number from 0 to ${max.toLocaleString('en-US')} (got "${String(raw)}").`,
    );
  }
  return Number(text);
}

/** The catalogue to seed, or null when neither --artists nor --songs is given. */
export function readCatalogueInput(values: Record<string, string | boolean | undefined>): CatalogueOptions | null {
  const artists = readCount(values, 'artists', MAX_ARTISTS);
  const songs = readCount(values, 'songs', MAX_SONGS);
  const seed = typeof values.seed === 'string' && values.seed !== '' ? values.seed : 'hfm';
  if (artists === undefined && songs === undefined) {
    if (values.seed !== undefined) throw new CliError('--seed goes with --artists and --songs.');
    if (values.artwork !== undefined) throw new CliError('--artwork goes with --artists and --songs.');
    return null;
  }
  const catalogue = {
    artists: artists ?? Math.ceil((songs ?? 0) / SONGS_PER_ARTIST),
    songs: songs ?? (artists ?? 0) * SONGS_PER_ARTIST,
    seed,
    dress: values.artwork === true,
  };
  if (catalogue.artists === 0 && catalogue.songs > 0) throw new CliError('Songs need at least one artist (--artists).');
  if (catalogue.dress && catalogue.songs > MAX_DRESSED_SONGS) {
    throw new CliError(`--artwork is for catalogues of up to ${MAX_DRESSED_SONGS.toLocaleString('en-US')} songs.`);
  }
  return catalogue;
}

async function seedDemoCommand(
  values: Record<string, string | boolean | undefined>,
  options: CliOptions,
  io: CliIo,
): Promise<number> {
  const catalogue = readCatalogueInput(values);
  const config = loadConfig(options.env ?? process.env);
  await withDatabase(config, options.database, async (database) => {
    await seedDemo({ db: database.db, config }, io.out);
    if (!catalogue) return;
    io.out(
      `Seeding a demo catalogue of ${catalogue.artists.toLocaleString('en-US')} artists and ` +
        `${catalogue.songs.toLocaleString('en-US')} songs (seed "${catalogue.seed}")...`,
    );
    const storage = options.storage ?? (await openStorage(config));
    const summary = await seedCatalogue({ db: database.db, config, storage }, catalogue, io.out);
    for (const line of describeCatalogue(summary, catalogue.seed)) io.out(line);
  });
  // As on the embedded first start: the demo fan's subscription (with its receipt), kept songs and Hi Fives.
  const fan = await withAppContext(config, options, (ctx) => seedDemoFanActivity(ctx));
  io.out(`The demo fan (${DEMO_FAN_EMAIL}): ${describeDemoFan(fan)}`);
  return 0;
}

/**
 * The app's context on the configured database, for a command that moves money through the payments provider
 * and queues mail (sent by the server's workers). The embedded database's one-process rule applies.
 */
async function withAppContext<T>(
  config: Config,
  options: CliOptions,
  work: (ctx: AppContext) => Promise<T>,
): Promise<T> {
  if (options.context) return work(options.context);
  // Loaded only for this command: the others need no server.
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, { serveWeb: false, logger: false, jobs: { work: false } });
  try {
    await app.ctx.platform.database.migrate();
    await app.ctx.jobs.start();
    return await work(app.ctx);
  } finally {
    await app.close();
  }
}

const DEMO_FAN_EMAIL = DEMO_ACCOUNTS.find((account) => account.label === 'Fan')!.email;

const dollars = (cents: number) => formatUsd(cents, { grouping: false });

const OUTCOME_WORDS: Record<PayoutRunLine['outcome'], string> = {
  paid: 'paid',
  already_paid: 'paid before',
  held: 'held',
  failed: 'failed',
  pending: 'pending (asked again next run)',
  would_pay: 'would pay',
  would_hold: 'would hold',
};

export function describePayoutRun({ run, cutoff, lines }: RunResult): string[] {
  const width = Math.min(40, Math.max(10, ...lines.map((entry) => entry.artistName.length)));
  const out = [
    `Payouts for ${run.period}: what was payable by ${cutoff.toISOString().slice(0, 16).replace('T', ' ')} UTC` +
      (run.dryRun ? ' (dry run: nothing is paid)' : ''),
  ];
  for (const entry of lines) {
    const why = entry.heldReason ? `: ${heldReasonText[entry.heldReason]}` : entry.message ? `: ${entry.message}` : '';
    out.push(
      `  ${entry.artistName.slice(0, width).padEnd(width)}  ${dollars(entry.amountCents).padStart(12)}  ${OUTCOME_WORDS[entry.outcome]}${why}`,
    );
  }
  const counts = { paid: 0, held: 0, failed: 0, pending: 0, alreadyPaid: 0, paidCents: 0, heldCents: 0, ...run.counts };
  out.push(
    `${run.dryRun ? 'Would pay' : 'Paid'} ${counts.paid} artist${counts.paid === 1 ? '' : 's'} ${dollars(counts.paidCents)}; ` +
      `held ${counts.held} (${dollars(counts.heldCents)}); failed ${counts.failed}; pending ${counts.pending}; ` +
      `paid before ${counts.alreadyPaid}.`,
  );
  return out;
}

async function payoutsCommand(
  values: Record<string, string | boolean | undefined>,
  options: CliOptions,
  io: CliIo,
): Promise<number> {
  const period = typeof values.period === 'string' ? values.period.trim() : '';
  if (!period) throw new CliError('payouts needs --period <YYYY-MM>.');
  if (!isValidPeriod(period)) throw new CliError(`${payoutMessages.period} (got "${period}")`);
  const config = loadConfig(options.env ?? process.env);
  const result = await withAppContext(config, options, (ctx) =>
    runPayouts(ctx, { period, dryRun: values['dry-run'] === true, trigger: 'cli' }),
  );
  for (const line of describePayoutRun(result)) io.out(line);
  const unsettled = result.lines.some((entry) => entry.outcome === 'failed' || entry.outcome === 'pending');
  return unsettled ? 1 : 0;
}

async function runCommand(argv: string[], options: CliOptions, io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, ...extra] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (extra.length > 0) throw new CliError(`Unexpected argument: ${extra.join(' ')}`);
  if (command === 'create-admin') {
    const admin = readAdminInput(values);
    const config = loadConfig(options.env ?? process.env);
    await withDatabase(config, options.database, (database) =>
      createAccount(database.db, { ...admin, role: 'ADMIN', status: 'ACTIVE' }),
    );
    io.out(`Created admin ${admin.email}. Sign in at ${config.publicUrl}/login`);
    return 0;
  }
  if (command === 'seed-demo') return seedDemoCommand(values, options, io);
  if (command === 'payouts') return payoutsCommand(values, options, io);
  throw new CliError(`Unknown command "${command}". Run with --help to see the commands.`);
}

/** Runs one command and answers the exit code; every expected failure is one clear line on stderr. */
export async function runCli(argv: string[], options: CliOptions = {}): Promise<number> {
  const io = options.io ?? { out: (line) => console.log(line), err: (line) => console.error(line) };
  try {
    return await runCommand(argv, options, io);
  } catch (error) {
    const known =
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof CatalogueAlreadySeededError ||
      error instanceof AppError;
    if (!known) throw error;
    io.err(`Error: ${error.message}`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  process.exit(await runCli(process.argv.slice(2)));
}
