import { addPeriods, periodOf } from '@hfm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRuns, payouts } from '../../platform/db/schema/payouts.js';
import { readMails } from '../../test/factories.js';
import {
  artistWithCookie,
  createPayoutTestApp,
  earn,
  onboardArtist,
  type PayoutTestApp,
} from '../../test/payout-helpers.js';
import { RUN_STOPPED_MESSAGE } from './payout-run-state.js';
import { PAYOUT_MAIL_JOB } from './payout-run.service.js';
import { PAYOUT_SWEEP_JOB } from './payouts.jobs.js';

let t: PayoutTestApp;
/** Only a hang guard: a busy machine may take long to start a queue worker; the sweep runs every second. */
const HANG_GUARD_MS = 240_000;

// The queue runs the sweep every second here (PAYOUT_SWEEP_SECONDS), and sends the mails, as a worker does.
beforeAll(async () => {
  t = await createPayoutTestApp({ PAYOUT_SWEEP_SECONDS: '1' }, { work: [PAYOUT_SWEEP_JOB, PAYOUT_MAIL_JOB] });
});
afterAll(async () => t.close());

describe('the payout sweep job', () => {
  it(
    'is queued when a worker starts, runs on its own, pays what became payable months ago, mails the artist, and records dead runs stopped',
    { timeout: HANG_GUARD_MS + 30_000 },
    async () => {
      // A command-line run whose process died a while ago: its lease ran out.
      const [dead] = await t.app.ctx.db
        .insert(payoutRuns)
        .values({ period: '2001-01', trigger: 'cli', leaseExpiresAt: sql`now() - interval '1 minute'` })
        .returning();
      const { artist, cookie } = await artistWithCookie(t);
      await onboardArtist(t, artist, cookie);
      // Paid three months ago (the real clock: the job reads it): payable from a 22nd that has passed.
      const now = new Date();
      const paidAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 10));
      await earn(t, artist.artistId, paidAt);
      // Months missed in a row are paid by the newest whose window has opened: this month's from the 22nd on.
      const period = now.getUTCDate() >= 22 ? periodOf(now) : addPeriods(periodOf(now), -1);
      const deadline = Date.now() + HANG_GUARD_MS;
      for (;;) {
        const [row] = await t.app.ctx.db.select().from(payouts).where(eq(payouts.artistId, artist.artistId));
        if (row?.status === 'paid') {
          expect(row).toMatchObject({ period, amountCents: 500 });
          break;
        }
        if (Date.now() > deadline) throw new Error('The payout sweep did not pay the artist.');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The sweep records dead runs before it pays: by now the dead one is recorded stopped.
      const [recorded] = await t.app.ctx.db.select().from(payoutRuns).where(eq(payoutRuns.id, dead!.id));
      expect(recorded).toMatchObject({ finishedAt: expect.any(Date), error: RUN_STOPPED_MESSAGE });
      await t.app.ctx.jobs.idle([PAYOUT_MAIL_JOB]);
      const mails = (await readMails(t, artist.email)).filter((mail) => mail.includes('HFM has sent you $5.00'));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('licence fees for');
    },
  );
});
