import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistWithCookie,
  createPayoutTestApp,
  earn,
  onboardArtist,
  payoutsOfArtist,
  utc,
  type PayoutTestApp,
} from '../../test/payout-helpers.js';
import { periodsDue, sweepPayouts } from './payout-schedule.service.js';
import { injectAs } from '../../test/route-cast.js';

let t: PayoutTestApp;

// The sweep's work with the cases' own clocks; the queue runs no sweep of its own here (payout-sweep.test.ts).
beforeAll(async () => {
  t = await createPayoutTestApp({}, { work: [] });
});
afterAll(async () => t.close());

describe('when the sweep runs a period (its clock given)', () => {
  it('waits for the 22nd, catches up a missed period, and looks again in the window while one is held', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await earn(t, artist.artistId, utc('2010-01-10'));
    await earn(t, artist.artistId, utc('2010-02-10'));
    const sweep = (now: Date) => sweepPayouts(t.app.ctx, now);

    // The first credit is payable from Feb 22: nothing is due before.
    expect(await periodsDue(t.app.ctx, utc('2010-02-21', 23))).not.toContain('2010-02');
    // The server was down from Feb 21 to Mar 25: back on, it runs March, then the missed February.
    expect(await sweep(utc('2010-03-25'))).toEqual(['2010-03', '2010-02']);
    expect((await payoutsOfArtist(t, artist.artistId)).map((row) => [row.period, row.status, row.heldReason])).toEqual([
      ['2010-02', 'held', 'no_account'],
      ['2010-03', 'held', 'no_account'],
    ]);
    // Nothing new within the hour; in the window a held payout is looked at again a day later.
    expect(await periodsDue(t.app.ctx, utc('2010-03-25', 1))).not.toContain('2010-03');
    await onboardArtist(t, artist, cookie);
    expect(await periodsDue(t.app.ctx, utc('2010-03-26', 1))).toContain('2010-03');
    await sweep(utc('2010-03-26', 1));
    expect(await payoutsOfArtist(t, artist.artistId)).toMatchObject([
      { period: '2010-02', status: 'held' },
      { period: '2010-03', status: 'paid', amountCents: 1000 },
    ]);
    // After the 28th the window is closed: only a missed or still-pending period would be run.
    expect(await periodsDue(t.app.ctx, utc('2010-03-29'))).not.toContain('2010-03');
  });

  it('runs a period again while a transfer of it is pending (the outcome unknown), until it is paid', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await onboardArtist(t, artist, cookie);
    await earn(t, artist.artistId, utc('2011-05-05'));
    const [account] = await injectAs(t, cookie, {
      method: 'GET',
      url: `/api/artists/retrieve-connect-account/${artist.artistId}`,
    }).then((res) => [res.json().account.accountID as string]);
    t.failTransferTo(account!, 'crash-after-sending');
    await sweepPayouts(t.app.ctx, utc('2011-06-22', 2));
    expect(await payoutsOfArtist(t, artist.artistId)).toMatchObject([{ period: '2011-06', status: 'pending' }]);
    // Months later, outside any window: a pending transfer's period is still run, and settles as paid.
    expect(await periodsDue(t.app.ctx, utc('2011-09-10'))).toContain('2011-06');
    await sweepPayouts(t.app.ctx, utc('2011-09-10'));
    expect(await payoutsOfArtist(t, artist.artistId)).toMatchObject([{ period: '2011-06', status: 'paid' }]);
    expect(await periodsDue(t.app.ctx, utc('2011-09-10', 1))).not.toContain('2011-06');
  });
});
