/**
 * The renewal sweep's throughput: subscriptions renewed per second when BENCH_DUE (10,000) are due at once, on
 * PGlite and on PostgreSQL, beside a bare baseline in the same run doing the same writes.
 *
 * Ours: `renewDueSubscriptions` from the built server (what the `billing.renewal-sweep` job runs), in this
 * process, with the embedded local payment provider and the real job queue (sending only: the receipts' mail
 * jobs are written, not worked). Each due subscription: its row read again (a cancel since the page was read
 * wins), its artist's status, the provider's renewal in the provider's own transaction (the provider's row
 * locked, the attempt's key looked up, the card checked, the charge written, its subscription moved on), then
 * our record in one transaction (our row locked and checked, moved on to term 2, the ledger's charge, credit and
 * fee, the receipt and its mail job).
 *
 * Bare: plain SQL on the same engine, the same pages (100 due rows, oldest first), and per subscription the
 * same writes with only the reads the guarantees need: the provider's transaction (its row locked, the key
 * looked up, the card read, the charge inserted, its subscription updated) and ours (our row locked, updated,
 * the three ledger rows, the receipt, the job row with pg-boss's own statement). No re-read of the row, no
 * artist read, no receipt reads (card, artist name: taken from the seed), no drizzle.
 *
 * Each side renews its own BENCH_DUE subscriptions (one artist's, seeded in bulk: users, the provider's
 * customers, cards and subscriptions, ours, all ended an hour ago), bare first, then ours (the bare's are then
 * no longer due). Afterwards each side's subscriptions must all be at term 2 with exactly one 999 charge, one
 * 500 credit and one fee for it, and the provider one charge each: the bench fails otherwise.
 * Run after `npm run build`: `node renewals.bench.ts` in bench/. Results: bench/results/billing-renewals-<engine>.json.
 * Knobs: BENCH_ENGINES (pglite,postgres), BENCH_DUE (10000), BENCH_CONCURRENCY (ours' renewals at once: by default
 * the job's, 4 on PostgreSQL and 1 on PGlite; the bare sweep is always one at a time).
 */
import { createRequire } from 'node:module';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/dist/platform/db/client.js';
import { createJobQueue } from '../apps/server/dist/platform/jobs/pg-boss-queue.js';
import { createMetrics } from '../apps/server/dist/platform/metrics/metrics.js';
import { createLocalPaymentProvider } from '../apps/server/dist/platform/payments/local/local-provider.js';
import {
  POSTGRES_SWEEP_CONCURRENCY,
  renewDueSubscriptions,
} from '../apps/server/dist/modules/billing/renewals.service.js';
import { createPlace, loadAverage, round, writeResult, type BenchPlace, type Engine } from './bench-kit.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean) as Engine[];
const DUE = Number(process.env.BENCH_DUE ?? 10_000);
const PAGE = 100;
const HOUR_MS = 3600 * 1000;
let firstError = true;
/** Logs nothing but the first error (a renewal that failed is in the counts; the first says why). */
const quiet = {
  info() {},
  warn() {},
  error(...args: unknown[]) {
    if (firstError) console.error(...args);
    firstError = false;
  },
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
} as never;

type Row = Record<string, unknown>;
type Run = (text: string, params?: unknown[]) => Promise<Row[]>;

function runOf(handle: DatabaseHandle): Run {
  if (handle.pool) return async (text, params) => (await handle.pool!.query(text, params)).rows as Row[];
  return async (text, params) => (await handle.pglite!.query(text, params)).rows as Row[];
}

async function transactionOf<T>(handle: DatabaseHandle, work: (run: Run) => Promise<T>): Promise<T> {
  if (handle.pglite) {
    return handle.pglite.transaction((tx) =>
      work(async (text, params) => (await tx.query(text, params)).rows as Row[]),
    );
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('begin');
    const result = await work(async (text, params) => (await client.query(text, params)).rows as Row[]);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** An ACTIVE artist and `DUE` subscriptions to it, each with its fan, card and provider subscription, ended. */
async function seed(run: Run, tag: string): Promise<string> {
  const [artistUser] = await run(
    `insert into users (first_name, last_name, email, user_name, password_hash, role, status)
     values ('Bench', 'Artist', $1, $1, 'x', 'ARTIST', 'ACTIVE') returning id`,
    [`artist-${tag}@bench.test`],
  );
  const [artist] = await run(
    `insert into artists (user_id, name, slug, status) values ($1, $2, $3, 'ACTIVE') returning id`,
    [artistUser!.id, `Bench Artist ${tag}`, `bench-artist-${tag}`],
  );
  const end = new Date(Date.now() - HOUR_MS);
  const start = new Date(end.getTime() - 365 * 24 * HOUR_MS);
  for (let from = 0; from < DUE; from += 1000) {
    await run(
      `with n as (
         select g, gen_random_uuid() as uid, gen_random_uuid() as card, 'cus_bench_' || $1 || '_' || g as cus,
           'pm_bench_' || $1 || '_' || g as pm, 'sub_bench_' || $1 || '_' || g as lsub
         from generate_series($2::int, $3::int) as g),
       fans as (insert into users (id, first_name, last_name, email, user_name, password_hash, role, status)
         select uid, 'Fan' || g, 'Bench', 'fan-' || g || '-' || $1 || '@bench.test', 'fan-' || g || '-' || $1, 'x',
           'SUBSCRIBER', 'ACTIVE' from n),
       customers as (insert into local_customers (id, member_ref, email, name)
         select cus, uid::text, 'fan-' || g || '@bench.test', 'Fan' from n),
       methods as (insert into local_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behaviour)
         select pm, cus, 'visa', '4242', 12, 2099, 'succeeds' from n),
       cards as (insert into payment_cards (id, user_id, provider_ref, brand, last4, exp_month, exp_year, card_name, postal_code)
         select card, uid, pm, 'visa', '4242', 12, 2099, 'Fan', '10001' from n),
       provider as (insert into local_subscriptions (id, customer_id, payment_method_id, amount_cents, interval, status,
           current_period_start, current_period_end, metadata, idempotency_key, request_hash)
         select lsub, cus, pm, 999, 'year', 'active', $5, $6, '{}', 'bench:' || lsub, 'x' from n)
       insert into subscriptions (member_id, artist_id, payment_method_id, status, price_cents, current_period_start,
         current_period_end, term_number, renewal_attempts, next_attempt_at, provider, provider_subscription_id, request_key)
       select uid, $4, card, 'active', 999, $5, $6, 1, 0, $6, 'local', lsub, 'bench-' || g from n`,
      [tag, from, Math.min(DUE, from + 1000) - 1, artist!.id, start, end],
    );
  }
  return String(artist!.id);
}

const { insertJob } = createRequire(import.meta.url)('pg-boss/src/plans.js') as { insertJob(schema: string): string };

/** The bare sweep: the same pages, the same writes per subscription, plain SQL, one subscription at a time. */
async function bare(handle: DatabaseHandle, artistId: string, now: Date): Promise<number> {
  const run = runOf(handle);
  const jobSql = insertJob('pgboss');
  let renewed = 0;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await run(
      `select * from subscriptions where status in ('active', 'past_due') and next_attempt_at <= $1 and artist_id = $2
         and ($3::timestamptz is null or next_attempt_at > $3 or (next_attempt_at = $3 and id > $4))
       order by next_attempt_at, id limit ${PAGE}`,
      [now, artistId, after?.at ?? null, after?.id ?? null],
    );
    for (const row of page) {
      const key = `sub:${String(row.id)}:term:2:attempt:1`;
      const charge = await transactionOf(handle, async (tx) => {
        const [sub] = await tx(`select * from local_subscriptions where id = $1 for update`, [
          row.provider_subscription_id,
        ]);
        const [earlier] = await tx(`select * from local_charges where idempotency_key = $1`, [key]);
        if (earlier) throw new Error('renewed twice');
        const [method] = await tx(`select * from local_payment_methods where id = $1`, [sub!.payment_method_id]);
        const periodEnd = new Date(sub!.current_period_end as Date);
        periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
        const [paid] = await tx(
          `insert into local_charges (id, customer_id, payment_method_id, amount_cents, currency, description, status,
             subscription_id, period_start, metadata, idempotency_key, request_hash, created_at)
           values ($1, $2, $3, 999, 'usd', $4, 'succeeded', $5, $6, '{}', $7, 'x', now()) returning *`,
          [
            `ch_bare_${String(row.id)}`,
            sub!.customer_id,
            method!.id,
            `Subscription ${String(sub!.id)}`,
            sub!.id,
            sub!.current_period_end,
            key,
          ],
        );
        await tx(
          `update local_subscriptions set status = 'active', current_period_start = $2, current_period_end = $3 where id = $1`,
          [sub!.id, sub!.current_period_end, periodEnd],
        );
        return {
          id: String(paid!.id),
          at: paid!.created_at as Date,
          start: sub!.current_period_end as Date,
          end: periodEnd,
        };
      });
      await transactionOf(handle, async (tx) => {
        const [locked] = await tx(`select * from subscriptions where id = $1 for update`, [row.id]);
        if (locked!.term_number !== 1) throw new Error('recorded twice');
        await tx(
          `update subscriptions set status = 'active', term_number = 2, renewal_attempts = 0, current_period_start = $2,
             current_period_end = $3, next_attempt_at = $3, updated_at = now() where id = $1`,
          [row.id, charge.start, charge.end],
        );
        const payable = new Date(Date.UTC(charge.at.getUTCFullYear(), charge.at.getUTCMonth() + 1, 22));
        const common = [row.member_id, row.artist_id, row.id, 2, 'local', charge.id, charge.at];
        const [ledgerCharge] = await tx(
          `insert into ledger_entries (kind, amount_cents, member_id, artist_id, subscription_id, term_number, provider,
             provider_charge_id, created_at, payable_from, description)
           values ('charge', 999, $1, $2, $3, $4, $5, $6, $7, null, 'Subscription, year 2'),
                  ('artist_credit', 500, $1, $2, $3, $4, $5, $6, $7, $8, 'Licence fee, year 2'),
                  ('provider_fee', -59, $1, $2, $3, $4, $5, $6, $7, null, 'Payment provider''s fee, year 2')
           on conflict do nothing returning id`,
          [...common, payable],
        );
        const [receipt] = await tx(
          `insert into payment_receipts (kind, source_key, member_id, subscription_id, artist_id, artist_name, amount_cents,
             card_brand, card_last4, term_number, period_start, period_end, created_at)
           values ('renewal', $1, $2, $3, $4, 'Bench Artist', 999, 'visa', '4242', 2, $5, $6, $7)
           on conflict do nothing returning id`,
          [
            `ledger:${String(ledgerCharge!.id)}`,
            row.member_id,
            row.id,
            row.artist_id,
            charge.start,
            charge.end,
            charge.at,
          ],
        );
        await tx(jobSql, [
          receipt!.id,
          'billing.receipt-mail',
          JSON.stringify({ receiptId: receipt!.id }),
          null,
          null,
          null,
          null,
          0,
          null,
          300,
          null,
          null,
          null,
          8,
          null,
          10,
          null,
          null,
          null,
        ]);
      });
      renewed++;
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return renewed;
    after = { at: last.next_attempt_at as Date, id: String(last.id) };
  }
}

/** Each side's subscriptions all at term 2, with exactly their term-2 charge, credit and fee; one provider charge each. */
async function check(run: Run, artistId: string, side: string) {
  // Counted by grouping (one pass over each table), not per subscription: at 10,000 that took minutes.
  const [row] = await run(
    `with l as (
       select subscription_id, count(*) as total,
         count(*) filter (where term_number = 2 and kind = 'charge' and amount_cents = 999) as charges,
         count(*) filter (where term_number = 2 and kind = 'artist_credit' and amount_cents = 500) as credits,
         count(*) filter (where term_number = 2 and kind = 'provider_fee') as fees
       from ledger_entries where artist_id = $1 group by subscription_id),
     c as (select subscription_id, count(*) as n from local_charges group by subscription_id)
     select count(*)::int as subscriptions,
       count(*) filter (where s.term_number = 2 and s.status = 'active')::int as renewed,
       count(*) filter (where l.charges = 1 and l.credits = 1 and l.fees = 1 and l.total = 3 and c.n = 1)::int as exact
     from subscriptions s
       left join l on l.subscription_id = s.id
       left join c on c.subscription_id = s.provider_subscription_id
     where s.artist_id = $1`,
    [artistId],
  );
  if (row!.subscriptions !== DUE || row!.renewed !== DUE || row!.exact !== DUE) {
    throw new Error(`${side}: ${JSON.stringify(row)} for ${DUE} due`);
  }
  return row;
}

async function benchEngine(engine: Engine, place: BenchPlace) {
  const config = loadConfig({
    DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
  });
  const handle = await openDatabase({ url: place.databaseUrl || undefined, dataDir: `${place.dataDir}/db` });
  await handle.migrate();
  const jobs = createJobQueue(handle, config, quiet, { work: false });
  // Sending only: the queue must know the job (its queue row) to write it.
  jobs.define({
    name: 'billing.receipt-mail',
    payload: { parse: (value: unknown) => value },
    handle: async () => 'success',
  } as never);
  await jobs.start();
  const run = runOf(handle);
  try {
    console.log(`${engine}: seeding ${DUE} due subscriptions for each side`);
    const bareArtist = await seed(run, `bare${Date.now().toString(36)}`);
    const oursArtist = await seed(run, `ours${Date.now().toString(36)}`);
    const now = new Date();

    let started = performance.now();
    const cpu0 = process.cpuUsage();
    const bareRenewed = await bare(handle, bareArtist, now);
    const bareSeconds = (performance.now() - started) / 1000;
    const bareCpu = process.cpuUsage(cpu0);
    console.log(`  ${engine} bare: ${round(bareRenewed / bareSeconds, 1)} renewals/s`);

    const ctx = {
      db: handle.db,
      platform: {
        payments: createLocalPaymentProvider({ db: handle.db, webhookSecret: 'bench' }),
        metrics: createMetrics(),
      },
      jobs,
      log: quiet,
    } as unknown as Parameters<typeof renewDueSubscriptions>[0];
    started = performance.now();
    const cpu1 = process.cpuUsage();
    // As the sweep job runs it: a few renewals at once on PostgreSQL, one at a time on PGlite.
    const concurrency = Number(
      process.env.BENCH_CONCURRENCY ?? (engine === 'postgres' ? POSTGRES_SWEEP_CONCURRENCY : 1),
    );
    const counts = await renewDueSubscriptions(ctx, now, { concurrency });
    const oursSeconds = (performance.now() - started) / 1000;
    const oursCpu = process.cpuUsage(cpu1);
    console.log(`  ${engine} ours: ${round(counts.renewed / oursSeconds, 1)} renewals/s`, counts);
    if (counts.renewed !== DUE) throw new Error(`ours renewed ${counts.renewed} of ${DUE}: ${JSON.stringify(counts)}`);

    const side = (renewed: number, seconds: number, cpu: NodeJS.CpuUsage) => ({
      renewed,
      seconds: round(seconds),
      renewalsPerSecond: round(renewed / seconds, 1),
      nodeCpuMsPerRenewal: round((cpu.user + cpu.system) / 1000 / renewed, 2),
    });
    return {
      ours: side(counts.renewed, oursSeconds, oursCpu),
      bare: side(bareRenewed, bareSeconds, bareCpu),
      oursConcurrency: concurrency,
      oursOverBare: round(bareSeconds / oursSeconds),
      ledgerCheck: { ours: await check(run, oursArtist, 'ours'), bare: await check(run, bareArtist, 'bare') },
    };
  } finally {
    await jobs.stop?.();
    await handle.close();
  }
}

for (const engine of ENGINES) {
  const before = loadAverage();
  const place = await createPlace(engine, 'renewals');
  try {
    const result = await benchEngine(engine, place);
    writeResult(`billing-renewals-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, {
      engine,
      date: new Date().toISOString(),
      node: process.version,
      due: DUE,
      pageSize: PAGE,
      loadAverage: { before, after: loadAverage() },
      note: 'Node CPU is this process (ours and bare both run here; on PGlite the database engine runs here too).',
      ...result,
    });
  } finally {
    await place.remove();
  }
}
