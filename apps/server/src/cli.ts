import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isValidEmail, messages, passwordStrengthFailures } from '@hfm/shared';
import { ConfigError, loadConfig, type Config } from './config.js';
import { AppError } from './errors/app-error.js';
import { openDatabase, type DatabaseHandle } from './platform/db/client.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { seedDemo } from './seed/demo.js';
import { createAccount } from './modules/users/users.service.js';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email <email> --password <password> [--first-name <name>] [--last-name <name>]
      Make a confirmed ADMIN account. The password must pass the sign-up rule: at least 8
      characters, an uppercase letter, a number, a special character, no character three times in a row.
  seed-demo
      Make the demo admin, artist and fan accounts that are missing (existing emails are skipped).

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
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
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
  if (command === 'seed-demo') {
    const config = loadConfig(options.env ?? process.env);
    await withDatabase(config, options.database, (database) => seedDemo({ db: database.db, config }, io.out));
    return 0;
  }
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
