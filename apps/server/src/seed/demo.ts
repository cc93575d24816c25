import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isStrongPassword, type Role } from '@hfm/shared';
import type { AppContext } from '../context.js';
import { createArtistAccount, type NewArtist } from '../modules/artists/index.js';
import { findGenreByLabel } from '../modules/genres/index.js';
import { createAccount, findUserByEmail, hasNoUsers, type NewAccount } from '../modules/users/index.js';

type SeedContext = Pick<AppContext, 'db' | 'config'>;
export type Print = (line: string) => void;

export interface DemoAccount {
  label: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  artist?: Omit<NewArtist, 'genreId'> & { genre: string };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: 'Admin',
    email: 'admin@hfm.local',
    role: 'ADMIN',
    firstName: 'Demo',
    lastName: 'Admin',
  },
  {
    label: 'Artist',
    email: 'artist@hfm.local',
    role: 'ARTIST',
    firstName: 'Demo',
    lastName: 'Artist',
    artist: {
      name: 'The Demo Tapes',
      genre: 'Rock',
      status: 'ACTIVE',
      tier: 'Tier 1',
      isSearchable: true,
      bio: '<p>A garage band that exists to show what HFM can do.</p>',
    },
  },
  {
    label: 'Fan',
    email: 'fan@hfm.local',
    role: 'SUBSCRIBER',
    firstName: 'Demo',
    lastName: 'Fan',
  },
];

/** A demo login as printed once; the password exists nowhere else. */
export interface DemoLogin {
  label: string;
  email: string;
  password: string;
}

/** A fresh random password (about 96 bits) that also passes the shared strength rule. */
export function newDemoPassword(): string {
  for (;;) {
    const password = `${crypto.randomBytes(12).toString('base64url')}-Hf7`;
    if (isStrongPassword(password)) return password;
  }
}

async function createDemoAccount(ctx: SeedContext, demo: DemoAccount, password: string): Promise<void> {
  const account: NewAccount = {
    firstName: demo.firstName,
    lastName: demo.lastName,
    email: demo.email,
    password,
    role: demo.role,
    status: 'ACTIVE',
    dob: '1990-01-01',
    gender: 'PREFER NOT TO SAY',
  };
  if (!demo.artist) {
    await createAccount(ctx.db, account);
    return;
  }
  const { genre, ...artist } = demo.artist;
  const genreRow = await findGenreByLabel(ctx.db, genre);
  await createArtistAccount(ctx, { ...account, hfmPicksOptIn: true }, { ...artist, genreId: genreRow?.id ?? null });
}

/**
 * The demo accounts that are missing, each with a new random password printed once; existing emails are
 * skipped and said so. Safe to run again.
 */
export async function seedDemo(
  ctx: SeedContext,
  print: Print = console.log,
): Promise<{ created: string[]; skipped: string[]; logins: DemoLogin[] }> {
  const logins: DemoLogin[] = [];
  const skipped: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    if (await findUserByEmail(ctx.db, demo.email)) {
      skipped.push(demo.email);
      print(`Skipped ${demo.email}: it already exists.`);
      continue;
    }
    const password = newDemoPassword();
    await createDemoAccount(ctx, demo, password);
    logins.push({ label: demo.label, email: demo.email, password });
    print(`Created ${demo.label.toLowerCase()} ${demo.email} (password ${password}).`);
  }
  return { created: logins.map((login) => login.email), skipped, logins };
}

/** Where the first start keeps the logins it printed, readable by its owner only. */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

function loginLines(logins: DemoLogin[]): string[] {
  return logins.map((login) => `${login.label.padEnd(7)} ${login.email.padEnd(18)} ${login.password}`);
}

/** The new logins in a box, so they stand out in the start-up log. */
export function demoLoginsBox(publicUrl: string, logins: DemoLogin[], file?: string): string {
  const rows = [
    'HFM demo accounts (made on this first start)',
    '',
    ...loginLines(logins),
    '',
    `Sign in at ${publicUrl}/login`,
    ...(file
      ? ['The passwords are random; they are also in', `${file} (only you can read it).`]
      : ['The passwords are random and not kept anywhere: note them or change them now.']),
  ];
  const width = Math.max(...rows.map((row) => row.length));
  const line = '─'.repeat(width + 2);
  return [`┌${line}┐`, ...rows.map((row) => `│ ${row.padEnd(width)} │`), `└${line}┘`].join('\n');
}

/** The logins as plain lines in DATA_DIR/demo-accounts.txt, mode 0600 (made so: never readable by others). */
export async function writeDemoAccountsFile(dataDir: string, publicUrl: string, logins: DemoLogin[]): Promise<string> {
  const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
  const text = [
    'HFM demo accounts, made on the first start of this DATA_DIR.',
    `Sign in at ${publicUrl}/login`,
    '',
    ...loginLines(logins),
    '',
    'Change these passwords (Account page) if this server is reachable by others, then delete this file.',
    '',
  ].join('\n');
  await fsp.writeFile(file, text, { mode: 0o600 });
  await fsp.chmod(file, 0o600);
  return file;
}

/**
 * On the first embedded start (no users yet) make the demo accounts, print their logins in a box and keep
 * them in DATA_DIR/demo-accounts.txt; answers the logins (null when it was not a first start), so the end of
 * the start-up output can show them again.
 */
export async function seedDemoOnFirstStart(
  ctx: SeedContext,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<DemoLogin[] | null> {
  if (!(await hasNoUsers(ctx.db))) return null;
  const { logins } = await seedDemo(ctx, () => undefined);
  const file = await writeDemoAccountsFile(ctx.config.dataDir, ctx.config.publicUrl, logins);
  write(`\n${demoLoginsBox(ctx.config.publicUrl, logins, file)}\n\n`);
  return logins;
}
