import type { Role } from '@hfm/shared';
import type { AppContext } from '../context.js';
import { createArtistAccount, type NewArtist } from '../modules/artists/artists.service.js';
import { findGenreByLabel } from '../modules/genres/genres.service.js';
import { createAccount, findUserByEmail, hasNoUsers, type NewAccount } from '../modules/users/users.service.js';

type SeedContext = Pick<AppContext, 'db' | 'config'>;
export type Print = (line: string) => void;

export interface DemoAccount {
  label: string;
  email: string;
  /** Documented on purpose: these are demo logins for a local install, printed on the first start. */
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  artist?: Omit<NewArtist, 'genreId'> & { genre: string };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: 'Admin',
    email: 'admin@hfm.local',
    password: 'Demo-Admin-2025!',
    role: 'ADMIN',
    firstName: 'Demo',
    lastName: 'Admin',
  },
  {
    label: 'Artist',
    email: 'artist@hfm.local',
    password: 'Demo-Artist-2025!',
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
    password: 'Demo-Fan-2025!',
    role: 'SUBSCRIBER',
    firstName: 'Demo',
    lastName: 'Fan',
  },
];

async function createDemoAccount(ctx: SeedContext, demo: DemoAccount): Promise<void> {
  const account: NewAccount = {
    firstName: demo.firstName,
    lastName: demo.lastName,
    email: demo.email,
    password: demo.password,
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

/** The demo accounts that are missing; existing emails are skipped and said so. Safe to run again. */
export async function seedDemo(
  ctx: SeedContext,
  print: Print = console.log,
): Promise<{ created: string[]; skipped: string[] }> {
  const created: string[] = [];
  const skipped: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    if (await findUserByEmail(ctx.db, demo.email)) {
      skipped.push(demo.email);
      print(`Skipped ${demo.email}: it already exists.`);
      continue;
    }
    await createDemoAccount(ctx, demo);
    created.push(demo.email);
    print(`Created ${demo.label.toLowerCase()} ${demo.email} (password ${demo.password}).`);
  }
  return { created, skipped };
}

/** The three logins in a box, so they stand out in the start-up log. */
export function demoLoginsBox(publicUrl: string): string {
  const rows = [
    'HFM demo accounts (shown once, on this first start)',
    '',
    ...DEMO_ACCOUNTS.map((demo) => `${demo.label.padEnd(7)} ${demo.email.padEnd(18)} ${demo.password}`),
    '',
    `Sign in at ${publicUrl}/login`,
    'Change these passwords before anyone else can reach this server.',
  ];
  const width = Math.max(...rows.map((row) => row.length));
  const line = '─'.repeat(width + 2);
  return [`┌${line}┐`, ...rows.map((row) => `│ ${row.padEnd(width)} │`), `└${line}┘`].join('\n');
}

/** On the first embedded start (no users yet) make the demo accounts and print their logins once. */
export async function seedDemoOnFirstStart(
  ctx: SeedContext,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<boolean> {
  if (!(await hasNoUsers(ctx.db))) return false;
  await seedDemo(ctx, () => undefined);
  write(`\n${demoLoginsBox(ctx.config.publicUrl)}\n\n`);
  return true;
}
