import { UPLOAD_PART_SIZE } from '@hfm/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, type ServerProcess, type Topology } from '../deploy/topology.ts';
import { makeWav } from '../apps/server/src/test/wav.ts';
import { codeFromMail } from '@hfm/test-support/server';
import { TEST_PASSWORD } from '@hfm/test-support/sign-up';

/**
 * The production topology (deploy/topology.ts) with every request sent straight to an API process in turn,
 * A, B, A, B..., bypassing the balancer: whichever process a request lands on, sign-up and its mail, a session,
 * an upload presigned on one and completed on the other, a subscription, a download, a renewal and a payout
 * all work. What the processes share is the database and the bucket only.
 */
describe('requests alternating between two API processes', () => {
  let topology: Topology;
  let sql: pg.Client;
  let turn = 0;
  const landedOn: string[] = [];
  const state = {} as {
    artistCookie: string;
    artistId: string;
    artistEmail: string;
    songId: string;
    fanCookie: string;
    fanId: string;
    subscriptionId: string;
    adminCookie: string;
  };

  beforeAll(async () => {
    topology = await startTopology({
      postgresUrl: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      // The renewal sweep looks every second; the payout run is the admin's (no scheduled run in between).
      env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000', RENEWAL_SWEEP_SECONDS: '1', PAYOUT_SWEEP_SECONDS: '86400' },
    });
    sql = new pg.Client({ connectionString: topology.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await topology?.stop();
  });

  /** The next API process in turn. */
  function next(): ServerProcess {
    const api = topology.apis[turn++ % topology.apis.length]!;
    landedOn.push(api.name);
    return api;
  }

  /** One request to the next process in turn; answers the status and the JSON body. */
  async function call(method: string, url: string, options: { cookie?: string; body?: unknown } = {}) {
    const api = next();
    const response = await fetch(`${api.baseUrl}${url}`, {
      method,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    // The answers of a dozen routes, read as each step needs (their shapes are checked by the routes' own tests).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, api: api.name, body: (text ? JSON.parse(text) : null) as any, response };
  }

  async function expectStatus(answer: Awaited<ReturnType<typeof call>>, status: number) {
    expect(answer.status, `${answer.api}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }

  /** Waits (a hang guard, not a speed expectation) for a mail to `email` saying `words`; answers it. */
  async function mailTo(email: string, words: string): Promise<string> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const mail = topology
        .mails()
        .find((text) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`) && text.includes(words));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${email} saying "${words}"`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** Signs in on the next process; answers the session cookie. */
  async function signIn(email: string, password: string): Promise<string> {
    const answer = await call('POST', '/api/auth', { body: { userName: email, password } });
    await expectStatus(answer, 200);
    const cookies = answer.response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    expect(cookies.length).toBeGreaterThan(0);
    return cookies.join('; ');
  }

  const person = (email: string) => ({
    firstName: 'Rae',
    lastName: 'Sundown',
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    dob: '04/12/1994',
    gender: 'FEMALE',
  });

  it('signs an artist up on one process, confirms the mailed code on the other, and keeps the session on both', async () => {
    state.artistEmail = `alternating-artist-${Date.now()}@example.com`;
    const genres = await expectStatus(await call('GET', '/api/genres'), 200);
    await expectStatus(
      await call('POST', '/api/artists/create', {
        body: { artist: { name: 'The Alternates', genre: genres[0].id }, user: person(state.artistEmail) },
      }),
      201,
    );
    // The code went out from whichever worker took the mail job.
    const code = codeFromMail([await mailTo(state.artistEmail, 'confirmation code')], state.artistEmail);
    await expectStatus(await call('POST', '/api/auth/confirm-user', { body: { email: state.artistEmail, code } }), 200);
    state.artistCookie = await signIn(state.artistEmail, TEST_PASSWORD);
    // Signed in on one process, the session is known on the other (and again on the first).
    for (let i = 0; i < 2; i += 1) {
      const profile = await expectStatus(
        await call('GET', '/api/users/session/profile', { cookie: state.artistCookie }),
        200,
      );
      state.artistId = profile.artist.id;
    }
    expect(new Set(landedOn)).toEqual(new Set(['api-1', 'api-2']));
  });

  it('uploads a song in parts presigned on one process, straight to S3, completed on the other; a worker transcodes it', async () => {
    const cookie = state.artistCookie;
    const song = await expectStatus(
      await call('POST', '/api/songs', { cookie, body: { title: 'Back and Forth', releaseDate: '01/02/2025' } }),
      201,
    );
    state.songId = song.id;
    const wav = makeWav(40);
    if (turn % 2 === 1) next(); // presign on api-1, complete on api-2
    const presigned = await call('POST', `/api/songs/upload-presigned/${song.id}`, {
      cookie,
      body: { files: [{ name: 'back-and-forth.wav', size: wav.length, type: 'audio/wav', s3Path: 'songs' }] },
    });
    const [upload] = await expectStatus(presigned, 200);
    expect(presigned.api).toBe('api-1');
    expect(upload.urls.length).toBeGreaterThan(1);
    const parts = [];
    for (const [index, url] of (upload.urls as string[]).entries()) {
      // The bucket's own URL, not an API process's.
      expect(url.startsWith(topology.s3Endpoint)).toBe(true);
      const body = wav.subarray(index * UPLOAD_PART_SIZE, (index + 1) * UPLOAD_PART_SIZE);
      const put = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
      expect(put.status).toBe(200);
      parts.push({ ETag: put.headers.get('etag')!, PartNumber: index + 1 });
    }
    const completed = await call('POST', `/api/songs/upload-complete/${song.id}`, {
      cookie,
      body: { key: upload.key, uploadId: upload.uploadId, parts },
    });
    expect(completed.api).toBe('api-2');
    expect((await expectStatus(completed, 200)).status).toBe('uploading');
    const ready = await waitFor(
      async () => (await call('GET', `/api/songs/${song.id}`, { cookie })).body.status,
      (status) => status === 'ready' || status === 'failed',
      'the song transcodes',
    );
    expect(ready).toBe('ready');
    // One worker transcoded it, whichever took the job; an API process works no jobs.
    const countTranscodes = () =>
      Promise.all(
        [...topology.workers, ...topology.apis].map(async (process) => {
          const metrics = await (await fetch(`${process.baseUrl}/metrics`)).text();
          const line = /^hfm_job_duration_seconds_count\{kind="songs\.transcode",outcome="success"\} (\d+)$/m.exec(
            metrics,
          );
          return Number(line?.[1] ?? 0);
        }),
      );
    // The song is marked ready just before its job is recorded as done.
    const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);
    const transcodes = await waitFor(countTranscodes, (counts) => total(counts) > 0, 'the transcode is counted');
    expect(total(transcodes)).toBe(1);
    expect(transcodes.slice(topology.workers.length)).toEqual([0, 0]);
  });

  it('an admin made with the CLI approves the artist on one process; the approval mail comes from a worker', async () => {
    const adminEmail = `alternating-admin-${Date.now()}@example.com`;
    await topology.cli(['create-admin', '--email', adminEmail, '--password', TEST_PASSWORD]);
    state.adminCookie = await signIn(adminEmail, TEST_PASSWORD);
    const approved = await call('PATCH', `/api/artists/${state.artistId}`, {
      cookie: state.adminCookie,
      body: { status: 'ACTIVE' },
    });
    expect((await expectStatus(approved, 200)).status).toBe('ACTIVE');
    await mailTo(state.artistEmail, 'approved');
  });

  it('a fan saves a card on one process, subscribes on the other and downloads the song on the first', async () => {
    const email = `alternating-fan-${Date.now()}@example.com`;
    await expectStatus(await call('POST', '/api/users/create', { body: person(email) }), 201);
    const code = codeFromMail([await mailTo(email, 'confirmation code')], email);
    await expectStatus(await call('POST', '/api/auth/confirm-user', { body: { email, code } }), 200);
    const cookie = (state.fanCookie = await signIn(email, TEST_PASSWORD));
    state.fanId = (await expectStatus(await call('GET', '/api/auth/session', { cookie }), 200)).user.id;
    const card = {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
      cardName: 'Rae Sundown',
      postalCode: '10001',
    };
    const token = await expectStatus(
      await call('POST', '/api/payments/local/payment-methods', { cookie, body: card }),
      201,
    );
    const saved = await expectStatus(
      await call('POST', `/api/subscriptions/attach-payment-method/${state.fanId}`, {
        cookie,
        body: { paymentMethodID: token.paymentMethodID },
      }),
      201,
    );
    const subscribed = await expectStatus(
      await call('POST', '/api/subscriptions', {
        cookie,
        body: { memberID: state.fanId, paymentMethodID: saved.paymentMethodID, artistID: state.artistId },
      }),
      201,
    );
    state.subscriptionId = subscribed.subscription.id;
    for (let i = 0; i < 2; i += 1) {
      const link = await expectStatus(
        await call('GET', `/api/songs/${state.songId}/download?format=flac`, { cookie }),
        200,
      );
      const file = await fetch(new URL(link.url, topology.url));
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('fLaC');
    }
  });

  it('renews the subscription once its year is over, whichever worker sweeps', async () => {
    // The processes' clocks cannot be moved: the subscription's year is moved back instead, at our side and
    // the local provider's (both in the database), so its term has ended now.
    const year = "interval '1 year 1 day'";
    const { rows } = await sql.query<{ provider_subscription_id: string }>(
      `update subscriptions set current_period_start = current_period_start - ${year},
         current_period_end = current_period_end - ${year}, next_attempt_at = now() - interval '1 minute'
       where id = $1 returning provider_subscription_id`,
      [state.subscriptionId],
    );
    await sql.query(
      `update local_subscriptions set current_period_start = current_period_start - ${year},
         current_period_end = current_period_end - ${year} where id = $1`,
      [rows[0]!.provider_subscription_id],
    );
    await waitFor(
      async () =>
        (
          await sql.query<{ term_number: number }>('select term_number from subscriptions where id = $1', [
            state.subscriptionId,
          ])
        ).rows[0]!.term_number,
      (term) => term >= 2,
      'the renewal sweep renews',
    );
    const mine = await expectStatus(
      await call('GET', `/api/subscriptions/member/${state.fanId}`, { cookie: state.fanCookie }),
      200,
    );
    expect(JSON.stringify(mine)).toContain(state.artistId);
  });

  it('pays the artist in a payout run an admin starts on one process, the account onboarded across both', async () => {
    const cookie = state.artistCookie;
    const account = await call('POST', '/api/artists/create-connect-account', { cookie, body: {} });
    expect([200, 201]).toContain(account.status);
    const link = await expectStatus(
      await call('POST', `/api/artists/create-account-link/${state.artistId}`, { cookie }),
      200,
    );
    const linkId = (link.url as string).split('/').pop()!;
    const bankAccount = { accountHolder: 'The Alternates', routingNumber: '110000000', accountNumber: '000123456789' };
    const taxForm = {
      form: 'W-9',
      name: 'Rae Sundown',
      businessName: 'The Alternates LLC',
      taxClassification: 'individual',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      tinType: 'ssn',
      tin: '123-45-6789',
      certify: true,
      signature: 'Rae Sundown',
    };
    await expectStatus(
      await call('POST', `/api/payments/local/connect/onboarding/${linkId}`, { body: { bankAccount, taxForm } }),
      200,
    );
    const status = await expectStatus(
      await call('GET', `/api/artists/retrieve-connect-account/${state.artistId}`, { cookie }),
      200,
    );
    expect(status.account.ready).toBe(true);

    // Both terms' credits become payable by last month's cutoff (moved back in the database, as above).
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const period = lastMonth.toISOString().slice(0, 7);
    await sql.query(`update ledger_entries set payable_from = $2 where artist_id = $1 and payable_from is not null`, [
      state.artistId,
      new Date(Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth(), 21)),
    ]);
    // The run is a job: the API process queues it and answers at once (202); a worker pays. Its end is awaited by
    // asking the runs (on both processes in turn), never by sleeping a fixed time.
    const queued = await expectStatus(
      await call('POST', '/api/admin/payouts/run', { cookie: state.adminCookie, body: { period, dryRun: false } }),
      202,
    );
    expect(queued).toMatchObject({ alreadyRunning: false, run: { period, dryRun: false, trigger: 'admin' } });
    expect(['queued', 'running']).toContain(queued.run.state);
    const runs = await waitFor(
      async () =>
        (await expectStatus(await call('GET', '/api/admin/payout-runs', { cookie: state.adminCookie }), 200)) as Array<{
          id: string;
          state: string;
          counts: { paid?: number; paidCents?: number };
        }>,
      (list) => ['finished', 'stopped'].includes(list.find((entry) => entry.id === queued.run.id)?.state ?? ''),
      'the payout run',
    );
    const ran = runs.find((entry) => entry.id === queued.run.id)!;
    expect(ran).toMatchObject({ state: 'finished', error: null });
    expect(ran.counts.paid).toBeGreaterThanOrEqual(1);
    expect(ran.counts.paidCents).toBeGreaterThan(0);
    const listed = await expectStatus(
      await call('GET', `/api/admin/payouts?period=${period}`, { cookie: state.adminCookie }),
      200,
    );
    expect(listed.payouts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ artistID: state.artistId, status: 'paid', amountCents: expect.any(Number) }),
      ]),
    );
    await mailTo(state.artistEmail, 'HFM has sent you');
    // Every step above went to both processes, one after the other.
    expect(landedOn.filter((name) => name === 'api-1').length).toBeGreaterThan(10);
    expect(landedOn.filter((name) => name === 'api-2').length).toBeGreaterThan(10);
  });
});
