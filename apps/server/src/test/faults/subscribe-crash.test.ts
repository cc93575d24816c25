import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_INCOMPLETE_MS } from '../../modules/billing/subscribe.service.js';
import { saveTestCard } from '../billing-helpers.js';
import { createArtist, createUser, signIn } from '../factories.js';
import { startServerProcess, waitFor, type ServerProcess } from '../server-process.js';
import { openKillAtLock, tableLock, type KillAtLock } from './kill-at-lock.js';

/**
 * Fault: the API process is killed (SIGKILL) after the provider took a fan's first payment and before our
 * transaction wrote it. The test holds a lock on the ledger that stops the write at that very point, so the kill
 * lands there on any machine. The row stays `incomplete`; the fan has no access and the ledger nothing. Once the
 * row is older than a first payment can take, a worker's reconciliation job asks the provider, and the fan has
 * the subscription they paid for with its ledger rows, charged once.
 */
describe('fault: the API killed between the provider charging a first year and our write', () => {
  let setup: KillAtLock;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    setup = await openKillAtLock('subscribe', { INCOMPLETE_SWEEP_SECONDS: '1' });
  }, 120_000);

  afterAll(async () => {
    for (const server of processes) await server.stop();
    await setup?.close();
  });

  const rows = (text: string, values: unknown[] = []) => setup.rows(text, values);

  it('leaves the row incomplete, then the reconciliation completes it: access, ledger rows, one charge', async () => {
    const { helper, env } = setup;
    const artist = await createArtist(helper, { artist: { status: 'ACTIVE' } });
    const fan = await createUser(helper);
    const cookie = await signIn(helper, fan);
    const card = await saveTestCard(helper, cookie, fan.id);
    const paidCharges = async () =>
      (
        await rows(`select id from local_charges where status = 'succeeded' and metadata::jsonb ->> 'memberId' = $1`, [
          fan.id,
        ])
      ).length;

    const api = await startServerProcess('api', env);
    processes.push(api);
    let pending: Promise<unknown> | undefined;
    await setup.killAt(
      tableLock('ledger_entries'),
      () => {
        pending = fetch(`${api.baseUrl}/api/subscriptions`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'subscribe-before-the-crash' },
          body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId }),
        }).catch((error: unknown) => error);
        return api;
      },
      async () => (await paidCharges()) === 1,
    );
    expect(await pending).toBeInstanceOf(Error);

    const [row] = await rows(`select id, status from subscriptions where member_id = $1`, [fan.id]);
    expect(row).toMatchObject({ status: 'incomplete' });
    expect(await rows(`select id from ledger_entries where member_id = $1`, [fan.id])).toEqual([]);

    // Time passes beyond what a first payment can take (moved, not waited for); a worker's job settles the row.
    await rows(`update subscriptions set created_at = created_at - $2::interval where id = $1`, [
      row.id,
      `${Math.ceil(ABANDONED_INCOMPLETE_MS / 1000) + 60} seconds`,
    ]);
    processes.push(await startServerProcess('worker', env));
    await waitFor(
      async () => (await rows(`select status from subscriptions where id = $1`, [row.id]))[0]?.status,
      (status) => status === 'active',
    );
    const ledger = await rows(
      `select kind, amount_cents as "amountCents", term_number as "termNumber" from ledger_entries
       where subscription_id = $1 order by kind`,
      [row.id],
    );
    expect(ledger).toEqual([
      { kind: 'artist_credit', amountCents: 500, termNumber: 1 },
      { kind: 'charge', amountCents: 999, termNumber: 1 },
      { kind: 'provider_fee', amountCents: -59, termNumber: 1 },
    ]);
    expect(await paidCharges()).toBe(1);

    // The fan's session sees the subscription; a new attempt with a new key charges nothing more.
    const again = await startServerProcess('api', env);
    processes.push(again);
    const profile = await fetch(`${again.baseUrl}/api/users/session/profile`, { headers: { cookie } });
    expect(((await profile.json()) as { user: { subscribedTo: unknown } }).user.subscribedTo).toEqual([
      { artistID: artist.artistId },
    ]);
    const retry = await fetch(`${again.baseUrl}/api/subscriptions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'subscribe-after-the-crash' },
      body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId }),
    });
    expect(retry.status).toBe(409);
    expect(await paidCharges()).toBe(1);
  }, 300_000);
});
