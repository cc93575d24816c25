import crypto from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { ledgerEntries, subscriptions } from '../platform/db/schema/billing.js';
import { payoutAccounts } from '../platform/db/schema/payouts.js';
import type { ProviderEvent } from '../platform/payments/provider.js';
import {
  createBillingTestApp,
  saveTestCard,
  subscribeTestFan,
  switchSubscriptionCard,
  type BillingTestApp,
} from '../test/billing-helpers.js';
import { createArtist, createUser, multipart, signIn } from '../test/factories.js';
import { injectSender, putPartsInParallel, splitIntoParts } from '../test/multipart-client.js';
import { makeWav } from '../test/wav.js';
import { renewSubscription } from '../modules/billing/renewals.service.js';
import { TRANSCODE_JOB } from '../modules/songs/songs.jobs.js';
import { artistWithCookie, createPayoutTestApp, earn, onboardArtist, utc } from '../test/payout-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { runPayouts } from '../modules/payouts/payout-run.service.js';
import { insertRun } from '../modules/payouts/payouts.repository.js';
import { injectAs } from '../test/route-cast.js';

type App = TestApp['app'];

/** The text of GET /metrics (from loopback, with the token when given). */
async function scrape(app: App, token?: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The samples of one metric as [labels, value] pairs, read from the exposition text. */
function samples(text: string, name: string): [Record<string, string>, number][] {
  const found: [Record<string, string>, number][] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    found.push([labels, Number(match[3])]);
  }
  return found;
}

/** The value of the sample of `name` with these labels (others may be there too); 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const sample = samples(text, name).find(([own]) =>
    Object.entries(labels).every(([key, value]) => own[key] === value),
  );
  return sample ? sample[1] : 0;
}

describe('GET /metrics without METRICS_TOKEN: this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers a loopback request in the Prometheus text format, with the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE hfm_http_requests_total counter');
    expect(samples(res.body, 'process_resident_memory_bytes')[0]?.[1]).toBeGreaterThan(0);
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(valueOf(res.body, 'hfm_upload_requests_in_flight', { kind: 'part' })).toBe(0);
    if (!process.env.TEST_DATABASE_URL) {
      // The embedded database's own count of commits (pg_stat_database): it grows with every statement.
      const commits = valueOf(res.body, 'hfm_db_transactions_committed');
      expect(commits).toBeGreaterThan(0);
      const again = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(valueOf(again.body, 'hfm_db_transactions_committed')).toBeGreaterThan(commits);
    }
    const ipv6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it('reports the heap in use after the last full garbage collection (the live set a leak would grow)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collectGarbage = vm.runInNewContext('gc') as () => void;
    collectGarbage();
    const liveHeap = async () => valueOf(await scrape(t.app), 'hfm_heap_used_after_major_gc_bytes');
    await expect.poll(liveHeap, { timeout: 30_000 }).toBeGreaterThan(1024 * 1024);
    const { used_heap_size: usedNow } = v8.getHeapStatistics();
    expect(await liveHeap()).toBeLessThan(usedNow * 2);
  });

  it('refuses a request from another address (403), and one a proxy forwarded', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '::ffff:192.0.2.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(res.body).not.toContain('hfm_http_requests_total');
    }
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaProxy.statusCode).toBe(403);
  });

  it('counts requests by route template and status class, never by the raw path', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const before = await scrape(t.app);
    const route = { method: 'GET', route: '/api/artists/:id', status_class: '2xx' };
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/artists/${artist.artistId}` })).statusCode).toBe(200);
    }
    const missing = crypto.randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/artists/${missing}` })).statusCode).toBe(404);
    const secret = `/api/no-such-thing-${crypto.randomBytes(6).toString('hex')}`;
    expect((await t.app.inject({ method: 'GET', url: secret })).statusCode).toBe(404);

    const after = await scrape(t.app);
    expect(valueOf(after, 'hfm_http_requests_total', route) - valueOf(before, 'hfm_http_requests_total', route)).toBe(
      3,
    );
    expect(valueOf(after, 'hfm_http_requests_total', { ...route, status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'hfm_http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(3);
    expect(
      valueOf(after, 'hfm_http_requests_total', { route: 'unmatched', status_class: '4xx' }) -
        valueOf(before, 'hfm_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    for (const raw of [artist.artistId, missing, secret]) expect(after).not.toContain(raw);
    // Every route label is a template the app declares, or 'unmatched'.
    const declared = new Set([...t.app.routeAccess.map((entry) => entry.url), '/metrics', '/healthz', '/readyz']);
    const routes = samples(after, 'hfm_http_requests_total').map(([labels]) => labels.route!);
    expect(routes.filter((label) => label !== 'unmatched' && !declared.has(label))).toEqual([]);
  });
});

describe('upload metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No job is worked: the songs uploaded wait in the transcode queue.
    t = await createTestApp({}, { work: [] });
  });
  afterAll(async () => t.close());

  it('counts uploads started and completed, the audio streaming in, and the songs waiting to be processed', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const cookie = await signIn(t.app, artist);
    const newSong = async (title: string) => {
      const res = await injectAs(t, cookie, {
        method: 'POST',
        url: '/api/songs',
        payload: { title, releaseDate: '05/01/2025' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const uploads = (text: string, event: string) => valueOf(text, 'hfm_song_uploads_total', { event });

    // Direct: one request carries the file.
    const direct = await newSong('Short One');
    const form = multipart([{ name: 'file', fileName: 'short.wav', type: 'audio/wav', data: makeWav(3) }]);
    const sent = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload/${direct}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(sent.statusCode).toBe(200);
    let text = await scrape(t.app);
    expect([uploads(text, 'started'), uploads(text, 'completed')]).toEqual([1, 1]);
    expect(valueOf(text, 'hfm_upload_requests_in_flight', { kind: 'direct' })).toBe(0);
    expect(valueOf(text, 'hfm_job_queue_depth', { kind: TRANSCODE_JOB, state: 'created' })).toBe(1);

    // Multipart: presigned (again after a reload: the same upload), parts PUT, then completed.
    const songId = await newSong('Night Drive');
    const wav = makeWav(36);
    const presign = () =>
      injectAs(t, cookie, {
        method: 'POST',
        url: `/api/songs/upload-presigned/${songId}`,
        payload: { files: [{ name: 'night drive.wav', size: wav.length, type: 'audio/wav', s3Path: 'songs' }] },
      });
    const [upload] = (await presign()).json();
    expect((await presign()).json()[0].uploadId).toBe(upload.uploadId);
    text = await scrape(t.app);
    expect([uploads(text, 'started'), uploads(text, 'completed')]).toEqual([2, 1]);
    const parts = await putPartsInParallel(injectSender(t.app), upload.urls, splitIntoParts(wav));
    const done = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload-complete/${songId}`,
      payload: { key: upload.key, uploadId: upload.uploadId, parts },
    });
    expect(done.statusCode).toBe(200);
    text = await scrape(t.app);
    expect([uploads(text, 'started'), uploads(text, 'completed')]).toEqual([2, 2]);
    expect(valueOf(text, 'hfm_upload_requests_in_flight', { kind: 'part' })).toBe(0);
    expect(valueOf(text, 'hfm_job_queue_depth', { kind: TRANSCODE_JOB, state: 'created' })).toBe(2);
    const partRoute = { method: 'PUT', route: '/media/upload-parts/:uploadId/:partNumber', status_class: '2xx' };
    expect(valueOf(text, 'hfm_http_requests_total', partRoute)).toBe(2);
    expect(text).not.toContain(upload.uploadId);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = crypto.randomBytes(24).toString('hex');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(async () => t.close());

  it('asks for the token (401), refuses another (403), and answers it from any address', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(bare.body).not.toContain('hfm_');
    const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${token}` } });
    expect(basic.statusCode).toBe(401);
    for (const wrong of [`${token}x`, token.slice(1), 'x'.repeat(48)]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${wrong}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('hfm_http_requests_total');
  });

  it('refuses a token that is too short or holds spaces at start-up, without repeating it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^Invalid METRICS_TOKEN=\[hidden\]/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces inside' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});

describe('job metrics', () => {
  const WORKED = 'test.metrics-worked';
  const WAITING = 'test.metrics-waiting';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        work: [WORKED],
        beforeReady: (app) => {
          const payload = z.object({ fail: z.boolean() });
          app.ctx.jobs.define({
            name: WORKED,
            payload,
            handle: async ({ fail }) => (fail ? 'failed' : 'success'),
          });
          app.ctx.jobs.define({ name: WAITING, payload, handle: async () => 'success' });
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('shows the depth of each kind, and the jobs sent, run and their outcomes', async () => {
    const empty = await scrape(t.app);
    expect(samples(empty, 'hfm_job_queue_depth').filter(([labels]) => labels.kind === WAITING)).toEqual([
      [{ kind: WAITING, state: 'created' }, 0],
      [{ kind: WAITING, state: 'retry' }, 0],
      [{ kind: WAITING, state: 'active' }, 0],
    ]);

    await t.app.ctx.jobs.send(WAITING, { fail: false });
    await t.app.ctx.jobs.send(WAITING, { fail: false });
    await t.app.ctx.jobs.send(WORKED, { fail: false });
    await t.app.ctx.jobs.send(WORKED, { fail: false });
    await t.app.ctx.jobs.send(WORKED, { fail: true });
    await t.app.ctx.jobs.idle([WORKED]);

    const text = await scrape(t.app);
    expect(valueOf(text, 'hfm_job_queue_depth', { kind: WAITING, state: 'created' })).toBe(2);
    expect(valueOf(text, 'hfm_job_queue_depth', { kind: WORKED, state: 'created' })).toBe(0);
    expect(valueOf(text, 'hfm_jobs_sent_total', { kind: WAITING })).toBe(2);
    expect(valueOf(text, 'hfm_jobs_sent_total', { kind: WORKED })).toBe(3);
    expect(valueOf(text, 'hfm_job_duration_seconds_count', { kind: WORKED, outcome: 'success' })).toBe(2);
    expect(valueOf(text, 'hfm_job_duration_seconds_count', { kind: WORKED, outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'hfm_job_duration_seconds_count', { kind: WAITING })).toBe(0);
  });
});

describe('a worker process', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test's database is handed in; a worker's config only needs to name one.
    t = await createTestApp({ ROLE: 'worker', DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' });
  });
  afterAll(async () => t.close());

  it('answers /metrics beside /healthz, guarded the same way, with the job queue depth', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const text = await scrape(t.app);
    expect(samples(text, 'hfm_job_queue_depth').length).toBeGreaterThan(0);
    expect(valueOf(text, 'hfm_http_requests_total', { route: '/healthz' })).toBe(1);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/genres' })).statusCode).toBe(404);
  });
});

describe('payment metrics', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await createBillingTestApp();
  });
  afterAll(async () => t.close());

  it('counts first years paid and declined, and refunds once each', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const paid = { kind: 'first_year', outcome: 'succeeded' };
    const declined = { kind: 'first_year', outcome: 'declined' };
    expect(valueOf(await scrape(t.app), 'hfm_payments_total', paid)).toBe(0);

    const fan = await subscribeTestFan(t, artist.artistId);
    let text = await scrape(t.app);
    expect(valueOf(text, 'hfm_payments_total', paid)).toBe(1);
    expect(valueOf(text, 'hfm_payments_cents_total', { kind: 'first_year' })).toBe(999);

    const other = await createUser(t.app);
    const cookie = await signIn(t.app, other);
    const card = await saveTestCard(t.app, cookie, other.id, 'chargeFails');
    const refused = await injectAs(t, cookie, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { memberID: other.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId },
    });
    expect(refused.statusCode).toBe(402);
    text = await scrape(t.app);
    expect(valueOf(text, 'hfm_payments_total', declined)).toBe(1);
    expect(valueOf(text, 'hfm_payments_total', paid)).toBe(1);
    expect(text).not.toContain(other.email);

    const [charge] = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.subscriptionId, fan.subscriptionId), eq(ledgerEntries.kind, 'charge')));
    const refund: ProviderEvent = {
      id: `evt_local_${crypto.randomBytes(8).toString('hex')}`,
      createdAt: new Date(),
      type: 'charge.refunded',
      chargeId: charge!.providerChargeId!,
      refundId: 're_metrics_1',
      amountCents: 999,
      metadata: {},
    };
    for (const event of [refund, { ...refund, id: `evt_local_${crypto.randomBytes(8).toString('hex')}` }]) {
      const { body, signature } = t.payments.signEvent(event);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/local',
        payload: body,
        headers: { 'content-type': 'application/json', 'hfm-local-signature': signature },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    text = await scrape(t.app);
    expect(valueOf(text, 'hfm_refunds_total', { kind: 'refund' })).toBe(1);
    expect(valueOf(text, 'hfm_refunds_cents_total', { kind: 'refund' })).toBe(999);
  });

  it('counts renewals paid and declined', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const paying = await subscribeTestFan(t, artist.artistId);
    const refusing = await subscribeTestFan(t, artist.artistId);
    await switchSubscriptionCard(t, refusing, 'chargeFails');
    const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, paying.subscriptionId));
    t.clock.set(new Date(row!.currentPeriodEnd.getTime() + 60_000));
    expect(await renewSubscription(t.app.ctx, paying.subscriptionId, t.clock.now())).toBe('renewed');
    expect(await renewSubscription(t.app.ctx, refusing.subscriptionId, t.clock.now())).toBe('declined');
    // Asked again at once: nothing is due, nothing more is counted.
    expect(await renewSubscription(t.app.ctx, paying.subscriptionId, t.clock.now())).toBe('skipped');
    const text = await scrape(t.app);
    expect(valueOf(text, 'hfm_payments_total', { kind: 'renewal', outcome: 'succeeded' })).toBe(1);
    expect(valueOf(text, 'hfm_payments_cents_total', { kind: 'renewal' })).toBe(999);
    expect(valueOf(text, 'hfm_payments_total', { kind: 'renewal', outcome: 'declined' })).toBe(1);
    t.clock.set(new Date());
  });
});

describe('payout metrics', () => {
  it('counts a real run’s payouts paid and held, with their cents; a dry run counts nothing', async () => {
    const t = await createPayoutTestApp({}, { work: [] });
    try {
      const ready = await artistWithCookie(t);
      await onboardArtist(t, ready.artist, ready.cookie);
      const noTaxForm = await artistWithCookie(t);
      await onboardArtist(t, noTaxForm.artist, noTaxForm.cookie, { taxForm: false });
      for (const artist of [ready.artist, noTaxForm.artist]) await earn(t, artist.artistId, utc('2025-03-10'));
      await earn(t, ready.artist.artistId, utc('2025-03-11'));

      const now = utc('2025-04-22', 1);
      await runPayouts(t.app.ctx, { period: '2025-04', dryRun: true, trigger: 'cli', now });
      expect(valueOf(await scrape(t.app), 'hfm_payouts_total', { outcome: 'paid' })).toBe(0);

      await runPayouts(t.app.ctx, { period: '2025-04', dryRun: false, trigger: 'cli', now });
      const text = await scrape(t.app);
      expect(valueOf(text, 'hfm_payouts_total', { outcome: 'paid' })).toBe(1);
      expect(valueOf(text, 'hfm_payouts_cents_total', { outcome: 'paid' })).toBe(1000);
      expect(valueOf(text, 'hfm_payouts_total', { outcome: 'held' })).toBe(1);
      expect(valueOf(text, 'hfm_payouts_cents_total', { outcome: 'held' })).toBe(500);
      expect(text).not.toContain(ready.artist.artistId);

      // The run again: already paid counts nothing more.
      await runPayouts(t.app.ctx, { period: '2025-04', dryRun: false, trigger: 'cli', now });
      expect(valueOf(await scrape(t.app), 'hfm_payouts_total', { outcome: 'paid' })).toBe(1);

      // One run stopped half-way and tried again (a job retried): the retry counts the payout it finds paid by the
      // first try as the run's, and the metric does not count it again.
      const another = await artistWithCookie(t);
      await onboardArtist(t, another.artist, another.cookie);
      const paidInMay = [ready.artist, another.artist].sort((a, b) => a.artistId.localeCompare(b.artistId));
      for (const artist of paidInMay) await earn(t, artist.artistId, utc('2025-04-10'));
      const mayNow = utc('2025-05-22', 1);
      const row = await insertRun(t.app.ctx.db, {
        period: '2025-05',
        dryRun: false,
        trigger: 'admin',
        startedAt: mayNow,
      });
      // The first try's budget runs out as the first of the two is paid: it stops before the second.
      const budget = new AbortController();
      const [account] = await t.app.ctx.db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.artistId, paidInMay[0]!.artistId));
      t.failTransferTo(account!.accountId, () => budget.abort(new Error('out of time')));
      const attempt = (signal?: AbortSignal) =>
        runPayouts(t.app.ctx, {
          period: '2025-05',
          dryRun: false,
          trigger: 'admin',
          now: mayNow,
          run: row,
          signal,
          finishOnError: false,
        });
      await expect(attempt(budget.signal)).rejects.toThrow('out of time');
      expect(valueOf(await scrape(t.app), 'hfm_payouts_total', { outcome: 'paid' })).toBe(2);
      expect((await attempt()).run.counts).toMatchObject({ paid: 2, paidCents: 1000, alreadyPaid: 0 });
      expect(valueOf(await scrape(t.app), 'hfm_payouts_total', { outcome: 'paid' })).toBe(3);
      expect(valueOf(await scrape(t.app), 'hfm_payouts_cents_total', { outcome: 'paid' })).toBe(2000);
    } finally {
      await t.close();
    }
  });
});
