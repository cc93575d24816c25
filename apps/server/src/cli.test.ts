import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages, passwordStrengthMessages } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, USAGE } from './cli.js';
import {
  artists,
  hiFives,
  ledgerEntries,
  paymentReceipts,
  songDownloads,
  subscriptions,
  users,
} from './platform/db/schema.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

async function run(argv: string[], env: NodeJS.ProcessEnv = { DATA_DIR: t.dataDir }) {
  const io = capture();
  const code = await runCli(argv, {
    env,
    io: io.io,
    database: t.app.ctx.platform.database,
    storage: t.app.ctx.storage,
    context: t.app.ctx,
  });
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('cli', () => {
  it('prints the help with --help, and exits non-zero without a command or with an unknown one', async () => {
    expect(await run(['--help'])).toMatchObject({ code: 0, out: USAGE });
    expect((await run([])).code).toBe(1);
    const unknown = await run(['make-coffee']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('Error: Unknown command "make-coffee". Run with --help to see the commands.');
    expect((await run(['create-admin', '--colour', 'red'])).err).toMatch(/^Error: Unknown option '--colour'/);
  });

  it.each([
    [['create-admin', '--password', 'Admin-Pass-2025!'], 'Error: create-admin needs --email <email>.'],
    [['create-admin', '--email', 'boss@example.test'], 'Error: create-admin needs --password <password>.'],
    [
      ['create-admin', '--email', 'not-an-email', '--password', 'Admin-Pass-2025!'],
      `Error: ${messages.email} (got "not-an-email")`,
    ],
    [
      ['create-admin', '--email', 'boss@example.test', '--password', 'weakkk'],
      `Error: ${[passwordStrengthMessages.length, passwordStrengthMessages.uppercase, passwordStrengthMessages.number, passwordStrengthMessages.special, passwordStrengthMessages.repeated].join(' ')}`,
    ],
  ])('refuses bad input %j with one clear line and exit 1', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(1);
    expect(result.err).toBe(message);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'boss@example.test'))).toHaveLength(0);
  });

  it('creates a confirmed admin that can sign in, and refuses the same email again', async () => {
    const created = await run([
      'create-admin',
      '--email',
      'Boss@Example.test',
      '--password',
      'Admin-Pass-2025!',
      '--first-name',
      'Bo',
    ]);
    expect(created.code).toBe(0);
    expect(created.out).toContain('Created admin boss@example.test.');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'boss@example.test'));
    expect(row).toMatchObject({ role: 'ADMIN', status: 'ACTIVE', firstName: 'Bo', lastName: 'Admin' });
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: 'boss@example.test', password: 'Admin-Pass-2025!' },
    });
    expect(login.json().routeTo).toBe('/admin/');

    const again = await run(['create-admin', '--email', 'boss@example.test', '--password', 'Admin-Pass-2025!']);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`Error: ${messages.emailExists('boss@example.test')}`);
  });

  it('seed-demo creates the missing demo accounts and skips them the next time', async () => {
    const first = await run(['seed-demo']);
    expect(first.code).toBe(0);
    expect(first.out).toContain('Created admin admin@hfm.local');
    expect(first.out).toContain('The demo fan (fan@hfm.local): nothing added: the demo artist has no songs yet');
    const second = await run(['seed-demo']);
    expect(second.out).toContain('Skipped admin@hfm.local: it already exists.');
  });

  // It makes the demo clips with real ffmpeg (three transcodes): a minute or more on a loaded machine.
  it('seed-demo with a catalogue gives the demo fan what the first start does: a paid subscription with its receipt, kept songs, Hi Fives', async () => {
    const seeded = await run(['seed-demo', '--artists', '2', '--songs', '4']);
    expect(seeded.code, seeded.err).toBe(0);
    expect(seeded.out).toMatch(
      /The demo fan \(fan@hfm\.local\): subscribes to the demo artist \(receipt HFM-\d{4}-\d{6}\)/,
    );
    const [fan] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'fan@hfm.local'));
    const [demoArtist] = await t.app.ctx.db.select().from(artists).where(eq(artists.name, 'The Demo Tapes'));
    const [subscription] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.memberId, fan!.id));
    expect(subscription).toMatchObject({ artistId: demoArtist!.id, status: 'active' });
    const ledger = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.subscriptionId, subscription!.id));
    expect(ledger.find((row) => row.kind === 'charge')).toMatchObject({ amountCents: 999, memberId: fan!.id });
    const receipts = await t.app.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.memberId, fan!.id));
    expect(receipts).toEqual([
      expect.objectContaining({ kind: 'charge', amountCents: 999, artistId: demoArtist!.id, cardLast4: '4242' }),
    ]);
    const kept = await t.app.ctx.db
      .select()
      .from(songDownloads)
      .where(and(eq(songDownloads.memberId, fan!.id), eq(songDownloads.kept, true)));
    expect(kept.length).toBeGreaterThan(0);
    expect(await t.app.ctx.db.select().from(hiFives).where(eq(hiFives.userId, fan!.id))).not.toHaveLength(0);

    const again = await run(['seed-demo']);
    expect(again.out).toContain(
      'The demo fan (fan@hfm.local): nothing added: the demo fan has a subscription already.',
    );
    expect(await t.app.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.memberId, fan!.id))).toHaveLength(
      1,
    );
  }, 240_000);

  it('opens the embedded database under DATA_DIR itself, migrates it and closes it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-cli-'));
    try {
      const io = capture();
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const code = await runCli(['create-admin', '--email', 'disk@example.test', '--password', 'Admin-Pass-2025!'], {
        env,
        io: io.io,
      });
      expect(code, io.err.join('\n')).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'db', 'hfm.lock'))).toBe(false);
      const again = await runCli(['create-admin', '--email', 'disk@example.test', '--password', 'Admin-Pass-2025!'], {
        env,
        io: io.io,
      });
      expect(again).toBe(1);
      expect(io.err.at(-1)).toBe(`Error: ${messages.emailExists('disk@example.test')}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses, with the lock message and exit 1, while another process holds the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-cli-lock-'));
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    // The parent process (alive while we run) stands in for a running server.
    fs.writeFileSync(path.join(dataDir, 'db', 'hfm.lock'), String(process.ppid));
    try {
      const io = capture();
      const code = await runCli(['seed-demo'], { env: { DATA_DIR: dataDir }, io: io.io });
      expect(code).toBe(1);
      expect(io.err.join('\n')).toMatch(/^Error: The embedded database is in use by another HFM process \(pid \d+\)/);
      expect(fs.readFileSync(path.join(dataDir, 'db', 'hfm.lock'), 'utf8')).toBe(String(process.ppid));
      expect(fs.existsSync(path.join(dataDir, 'db', 'pg'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const builtCli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  // `npm run test:unit` builds the server first, so the built CLI is always there to run.
  it('the built CLI runs as a process: help, then a locked database', () => {
    expect(fs.existsSync(builtCli), `${builtCli} is missing: run npm run test:unit (it builds first)`).toBe(true);
    const help = spawnSync(process.execPath, [builtCli, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('create-admin --email <email> --password <password>');

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-cli-spawn-'));
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'db', 'hfm.lock'), String(process.pid));
    try {
      const locked = spawnSync(process.execPath, [builtCli, 'seed-demo'], {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      expect(locked.status).toBe(1);
      expect(locked.stderr).toContain(`in use by another HFM process (pid ${process.pid})`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
