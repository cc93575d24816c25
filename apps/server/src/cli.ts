import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isValidEmail, messages, passwordStrengthFailures } from '@hfm/shared';
import { ConfigError, loadConfig, type Config } from './config.js';
import { AppError } from './errors/app-error.js';
import { openDatabase, type DatabaseHandle } from './platform/db/client.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { openStorage } from './platform/platform.js';
import type { ObjectStorage } from './platform/storage/storage.js';
import {
  CatalogueAlreadySeededError,
  describeCatalogue,
  seedCatalogue,
  type CatalogueOptions,
} from './seed/catalogue.js';
import { seedDemo } from './seed/demo.js';
import { createAccount } from './modules/users/users.service.js';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email <email> --password <password> [--first-name <name>] [--last-name <name>]
      Make a confirmed ADMIN account. The password must pass the sign-up rule: at least 8
      characters, an uppercase letter, a number, a special character, no character three times in a row.
  seed-demo [--artists <n>] [--songs <n>] [--seed <text>]
      Make the demo admin, artist and fan accounts that are missing (existing emails are skipped).
      With --artists and/or --songs, also make a large demo catalogue: that many artists and songs
      (e.g. --artists 10000 --songs 200000, a few minutes), every song ready and playable with
      generated audio; the same --seed (default "hfm") gives the same names. Refused when the
      database already holds a seeded catalogue.

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
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
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
    return null;
  }
  const catalogue = {
    artists: artists ?? Math.ceil((songs ?? 0) / SONGS_PER_ARTIST),
    songs: songs ?? (artists ?? 0) * SONGS_PER_ARTIST,
    seed,
  };
  if (catalogue.artists === 0 && catalogue.songs > 0) throw new CliError('Songs need at least one artist (--artists).');
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
  return 0;
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
