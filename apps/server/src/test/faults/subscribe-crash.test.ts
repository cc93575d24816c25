import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ABANDONED_INCOMPLETE_MS } from '../../modules/billing/subscribe.service.js';
import { saveTestCard } from '../billing-helpers.js';
import { createArtist, createUser, signIn } from '../factories.js';
import {
  buildServer,
  createScratchDatabase,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from '../server-process.js';

/**
 * Fault: the API process is killed (SIGKILL) after the provider took a fan's first payment and before our
 * transaction wrote it. The test holds a lock on the ledger that stops the write at that very point, so the kill
 * lands there on any machine. The row stays `incomplete`; the fan has no access and the ledger nothing. Once the
 * row is older than a first payment can take, a worker's reconciliation job asks the provider, and the fan has
 * the subscription they paid for with its ledger rows, charged once.
 */
describe('fault: the API killed between the provider charging a first year and our write', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let helper: FastifyInstance;
  let admin: pg.Client;
  let observer: pg.Client;
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-faults-subscribe-'));
    env = { DATABASE_URL: database.url, DATA_DIR: dataDir, INCOMPLETE_SWEEP_SECONDS: '1' };
    helper = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { serveWeb: false, logger: false });
    await helper.ctx.platform.database.migrate();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
  }, 120_000);

  afterAll(async () => {
    for (const server of processes) await server.stop();
    await admin?.end();
    await observer?.end();
    await helper?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async (text: string, values: unknown[] = []) => (await observer.query(text, values)).rows;
  const waitingOnLocks = async () =>
    (
      await observer.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
    ).rows[0]!.count;

  it('leaves the row incomplete, then the reconciliation completes it: access, ledger rows, one charge', async () => {
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
    await admin.query('begin');
    await admin.query('lock table ledger_entries in share mode');
    const pending = fetch(`${api.baseUrl}/api/subscriptions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'subscribe-before-the-crash' },
      body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId }),
    }).catch((error: unknown) => error);
    await waitFor(
      async () => ({ charged: await paidCharges(), waiting: await waitingOnLocks() }),
      (seen) => seen.charged === 1 && seen.waiting > 0,
    );
    api.child.kill('SIGKILL');
    await api.exited;
    expect(await pending).toBeInstanceOf(Error);
    await admin.query('rollback');

    const [row] = await rows(`select id, status from subscriptions where member_id = $1`, [fan.id]);
    expect(row).toMatchObject({ status: 'incomplete' });
    expect(await rows(`select id from ledger_entries where member_id = $1`, [fan.id])).toEqual([]);

    // Time passes beyond what a first payment can take (moved, not waited for); a worker's job settles the row.
    await observer.query(`update subscriptions set created_at = created_at - $2::interval where id = $1`, [
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
