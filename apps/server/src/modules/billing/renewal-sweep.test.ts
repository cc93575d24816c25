import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { createBillingTestApp, subscribeTestFan, type BillingTestApp } from '../../test/billing-helpers.js';
import { createArtist } from '../../test/factories.js';
import { RENEWAL_SWEEP_JOB } from './billing.jobs.js';

let t: BillingTestApp;
/** Only a hang guard: a busy machine may take long to start a queue worker; the sweep runs every second. */
const HANG_GUARD_MS = 240_000;

// The queue itself runs the sweep, every second here (RENEWAL_SWEEP_SECONDS), as a worker does.
beforeAll(async () => {
  t = await createBillingTestApp({ RENEWAL_SWEEP_SECONDS: '1' }, { work: [RENEWAL_SWEEP_JOB] });
});
afterAll(async () => t.close());

async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

/** Waits for the background sweep to have renewed the row (a hang guard, not a timing assumption). */
async function renewedByTheSweep(id: string): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while ((await rowOf(id)).termNumber < 2) {
    if (Date.now() > deadline) throw new Error('The renewal sweep did not renew the subscription.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the renewal sweep job', () => {
  it(
    'is queued when a worker starts, runs again and again, and renews what is due once',
    { timeout: HANG_GUARD_MS + 30_000 },
    async () => {
      const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      const fan = await subscribeTestFan(t, artist.artistId);
      const row = await rowOf(fan.subscriptionId);
      // The provider's year is over, and our row says so (the sweep reads the real clock).
      t.clock.set(new Date(row.currentPeriodEnd.getTime() + 60_000));
      await t.app.ctx.db
        .update(subscriptions)
        .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
        .where(eq(subscriptions.id, fan.subscriptionId));
      await renewedByTheSweep(fan.subscriptionId);
      const ledger = await t.app.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.subscriptionId, fan.subscriptionId));
      expect(ledger.map((entry) => `${entry.kind}:${entry.termNumber}`).sort()).toEqual([
        'artist_credit:1',
        'artist_credit:2',
        'charge:1',
        'charge:2',
        'provider_fee:1',
        'provider_fee:2',
      ]);
    },
  );
});
