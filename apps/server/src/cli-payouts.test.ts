import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { payoutMessages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import {
  artistWithCookie,
  createPayoutTestApp,
  earn,
  onboardArtist,
  payoutsOfArtist,
  utc,
  type PayoutTestApp,
} from './test/payout-helpers.js';
import { injectAs } from './test/route-cast.js';

let t: PayoutTestApp;
beforeAll(async () => {
  t = await createPayoutTestApp({}, { work: [] });
});
afterAll(async () => t.close());

async function run(argv: string[], options: { env?: NodeJS.ProcessEnv; context?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env: options.env ?? { DATA_DIR: t.dataDir },
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    ...(options.context === false ? {} : { context: t.app.ctx }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run cli -- payouts', () => {
  it.each([
    [['payouts'], 'Error: payouts needs --period <YYYY-MM>.'],
    [['payouts', '--period', '2026-13'], `Error: ${payoutMessages.period} (got "2026-13")`],
    [['payouts', '--period', '26-01'], `Error: ${payoutMessages.period} (got "26-01")`],
    [['payouts', '--period', '2026-01-22'], `Error: ${payoutMessages.period} (got "2026-01-22")`],
  ])('refuses %j with one clear line and exit 1', async (argv, message) => {
    expect(await run(argv)).toMatchObject({ code: 1, err: message });
  });

  it('refuses a month whose window has not opened (a dry run plans it)', async () => {
    const future = new Date(Date.now() + 62 * 24 * 3600_000);
    const period = `${future.getUTCFullYear()}-${String(future.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await run(['payouts', '--period', period])).toMatchObject({
      code: 1,
      err: `Error: ${payoutMessages.runBeforeWindow}`,
    });
    expect((await run(['payouts', '--period', period, '--dry-run'])).code).toBe(0);
  });

  it('prints the plan with --dry-run and pays nothing; then pays, prints each artist and the totals', async () => {
    const ready = await artistWithCookie(t);
    await onboardArtist(t, ready.artist, ready.cookie);
    const waiting = await artistWithCookie(t);
    await earn(t, ready.artist.artistId, utc('2018-02-03'));
    await earn(t, waiting.artist.artistId, utc('2018-02-04'));

    const plan = await run(['payouts', '--period', '2018-03', '--dry-run']);
    expect(plan.code).toBe(0);
    expect(plan.out).toContain(
      'Payouts for 2018-03: what was payable by 2018-03-22 00:00 UTC (dry run: nothing is paid)',
    );
    expect(plan.out).toMatch(new RegExp(`${ready.artist.artist.name}\\s+\\$5\\.00  would pay`));
    expect(plan.out).toMatch(
      new RegExp(`${waiting.artist.artist.name}\\s+\\$5\\.00  would hold: No payout account yet`),
    );
    expect(plan.out).toContain('Would pay 1 artist $5.00; held 1 ($5.00); failed 0; pending 0; paid before 0.');
    expect(await payoutsOfArtist(t, ready.artist.artistId)).toEqual([]);

    const paid = await run(['payouts', '--period', '2018-03']);
    expect(paid.code).toBe(0);
    expect(paid.out).toMatch(new RegExp(`${ready.artist.artist.name}\\s+\\$5\\.00  paid`));
    expect(paid.out).toContain('Paid 1 artist $5.00; held 1 ($5.00); failed 0; pending 0; paid before 0.');
    expect(await payoutsOfArtist(t, ready.artist.artistId)).toMatchObject([{ period: '2018-03', status: 'paid' }]);
    expect((await run(['payouts', '--period', '2018-03'])).out).toContain('paid before 1.');
  });

  it('exits 1 when a transfer failed, so a script notices', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await onboardArtist(t, artist, cookie);
    await earn(t, artist.artistId, utc('2017-06-06'));
    const account = (
      await injectAs(t, cookie, {
        method: 'GET',
        url: `/api/artists/retrieve-connect-account/${artist.artistId}`,
      })
    ).json().account.accountID as string;
    t.failTransferTo(account, 'crash-after-sending');
    const result = await run(['payouts', '--period', '2017-07']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('pending (asked again next run)');
  });

  it('opens the embedded database under DATA_DIR itself, and refuses while another process holds it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-cli-payouts-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const plan = await run(['payouts', '--period', '2018-03', '--dry-run'], { env, context: false });
      expect(plan.code, plan.err).toBe(0);
      expect(plan.out).toContain('Would pay 0 artists $0.00');
      expect(fs.existsSync(path.join(dataDir, 'db', 'hfm.lock'))).toBe(false);
      // The parent process (alive while we run) stands in for a running server.
      fs.writeFileSync(path.join(dataDir, 'db', 'hfm.lock'), String(process.ppid));
      const locked = await run(['payouts', '--period', '2018-03'], { env, context: false });
      expect(locked.code).toBe(1);
      expect(locked.err).toMatch(/^Error: The embedded database is in use by another HFM process \(pid \d+\)/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
