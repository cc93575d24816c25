/**
 * Subscriptions per second at 50 concurrent connections: `POST /api/subscriptions` against the built app
 * with the embedded local payment provider, on PGlite and on PostgreSQL, beside a bare baseline in the same
 * run (`billing-bare.ts`: bare Fastify + pg/PGlite doing the same work in plain SQL, the same statements: the
 * session, the access check, the card and the place held, the local provider's transaction, the record (the
 * subscription, the ledger's three rows, the receipt and its mail job) in one transaction, the related artists
 * and the answer; its file says exactly what it includes and leaves out). Both sides get the same requests:
 * many fans, each signed in with a saved 4242 card, subscribe to ACTIVE artists of the demo catalogue; every
 * request is a new (fan, artist) pair with its own Idempotency-Key, and every answer must be a 201.
 * Afterwards the ledger must hold exactly one 999 charge, one 500 credit and at most one fee per subscription, and
 * nothing else, and the local provider one 999 charge per subscription of either side: the bench fails otherwise.
 *
 * Commits per subscription: PostgreSQL's own count of committed transactions (pg_stat_database.xact_commit,
 * read-only statements included) over a side's whole run, its process's start and stop included, divided by
 * its subscriptions. On PostgreSQL read from the server before the side starts and after it stops; on PGlite,
 * whose counters live in the process, read in the process just before it stops (ours: the
 * `hfm_db_transactions_committed` metric; the bare: its `/commits`). On PostgreSQL ours runs as an API process
 * (`ROLE=api`, as in the production topology): it sends each receipt's mail job and a worker would send the mail;
 * the bare writes the same job row. (Until 2026-12-07 ours also worked its queue there, mail included.) On PGlite
 * the one process must also work its queue (the receipts' mail, the queues' polling), work the bare does not do:
 * its commits and CPU are in ours.
 * The request path's own commits are counted exactly by `subscribe-commits.routes.test.ts`.
 *
 * Each engine gets a temp folder and, on PostgreSQL, a database of its own on BENCH_DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/test), both removed at the end. Rounds alternate ours and bare
 * (PGlite belongs to one process at a time); each run is sized from a warm-up to about BENCH_SECONDS.
 * Run after `npm run build`: `npm run bench:billing -w @hfm/bench`. Results: bench/results/billing-<engine>.json
 * (BENCH_OUT_SUFFIX appended). Knobs: BENCH_ENGINES (pglite,postgres), BENCH_ROUNDS (3), BENCH_SECONDS (10),
 * BENCH_FANS (100), BENCH_ARTISTS (200).
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createPlace,
  freePort,
  inBatches,
  load,
  loadAverage,
  round,
  saveCard,
  seedCatalogue,
  signUpFan,
  startApp,
  withDatabase,
  writeResult,
  type BenchPlace,
  type Engine,
  type LoadStats,
} from './bench-kit.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean) as Engine[];
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** At most this many subscriptions a measured run (the bare side is fast: the pairs must last every round). */
const MAX_RUN = 3000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FANS = Number(process.env.BENCH_FANS ?? 100);
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 200);
const WARMUP = CONNECTIONS * 2;
const bareFile = fileURLToPath(new URL('./billing-bare.ts', import.meta.url));

interface Payer {
  id: string;
  cookie: string;
  paymentMethodID: string;
  cardId: string;
}

/** Every (fan, artist) pair once, fans varying fastest: requests in flight together are different fans. */
function pairQueue(payers: Payer[], artistIds: string[]) {
  let next = 0;
  const total = payers.length * artistIds.length;
  return {
    left: () => total - next,
    take(): { payer: Payer; artistId: string } {
      if (next >= total) throw new Error('out of (fan, artist) pairs: raise BENCH_FANS or BENCH_ARTISTS');
      const index = next++;
      return { payer: payers[index % payers.length]!, artistId: artistIds[Math.floor(index / payers.length)]! };
    },
  };
}
type Pairs = ReturnType<typeof pairQueue>;
/**
 * A measured run, and how many requests its warm-up made (subscriptions too: the ledger check counts them);
 * on PostgreSQL, the database's own count of committed transactions and rows written per subscription.
 */
type Measured = LoadStats & {
  warmupRequests: number;
  /** PGlite: the process's own count of commits since it opened the database, read just before it stopped. */
  commitsInProcess?: number;
  database?: { commitsPerSubscription: number; rowsWrittenPerSubscription?: number };
};

/** PostgreSQL's counters for the bench database (`pg_stat_database`): transactions committed, rows written. */
async function databaseCounters(place: BenchPlace) {
  if (!place.databaseUrl) return undefined;
  const [row] = await withDatabase(place, (query) =>
    query<{ commits: string; written: string }>(`
      select xact_commit as commits, tup_inserted + tup_updated + tup_deleted as written
      from pg_stat_database where datname = current_database()`),
  );
  return { commits: Number(row!.commits), written: Number(row!.written) };
}

/** Runs one side's server and load; on PostgreSQL reads the counters before it starts and after it stops. */
async function counted(place: BenchPlace, side: (place: BenchPlace) => Promise<Measured>): Promise<Measured> {
  const before = await databaseCounters(place);
  const measured = await side(place);
  const after = await databaseCounters(place);
  const subscriptions = measured.requests + measured.warmupRequests;
  if (measured.commitsInProcess !== undefined) {
    return { ...measured, database: { commitsPerSubscription: round(measured.commitsInProcess / subscriptions, 1) } };
  }
  if (!before || !after) return measured;
  return {
    ...measured,
    database: {
      commitsPerSubscription: round((after.commits - before.commits) / subscriptions, 1),
      rowsWrittenPerSubscription: round((after.written - before.written) / subscriptions, 1),
    },
  };
}
type Round = { ours: Measured; bare: Measured };

/** A warm-up (JIT, pools), then a run sized to about SECONDS. */
async function measure(pairs: Pairs, run: (amount: number) => Promise<LoadStats>): Promise<Measured> {
  const warm = await run(Math.min(WARMUP, pairs.left()));
  const amount = Math.max(CONNECTIONS * 4, Math.round(warm.requestsPerSecond * SECONDS));
  if (pairs.left() < CONNECTIONS * 4) throw new Error('out of (fan, artist) pairs: raise BENCH_FANS or BENCH_ARTISTS');
  const measured = await run(Math.min(amount, MAX_RUN, pairs.left()));
  if (warm.errors + measured.errors > 0) {
    throw new Error(`answers other than 201: ${JSON.stringify({ warm: warm.statuses, measured: measured.statuses })}`);
  }
  return { ...measured, warmupRequests: warm.requests };
}

/** PGlite's commits as the process counts them (`hfm_db_transactions_committed` on our metrics). */
async function metricCommits(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = /^hfm_db_transactions_committed (\S+)$/m.exec(text)?.[1];
  if (value === undefined) throw new Error('no hfm_db_transactions_committed in /metrics');
  return Number(value);
}

/** A subscribe request of the pair, as the web app sends it: the session cookie, a new Idempotency-Key. */
function subscribeRequest(pairs: Pairs) {
  const { payer, artistId } = pairs.take();
  return {
    method: 'POST' as const,
    path: '/api/subscriptions',
    headers: {
      'content-type': 'application/json',
      cookie: payer.cookie,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ memberID: payer.id, paymentMethodID: payer.paymentMethodID, artistID: artistId }),
  };
}

async function runOurs(place: BenchPlace, pairs: Pairs): Promise<Measured> {
  // On PostgreSQL an API process: it sends each receipt's mail job and leaves it to a worker, as the bare writes
  // the job's row. The embedded database belongs to one process, which works its jobs too (ROLE=all only).
  const app = await startApp(place, place.databaseUrl ? { ROLE: 'api' } : {});
  try {
    const measured = await measure(pairs, (amount) =>
      load({
        base: app.base,
        pid: app.pid,
        connections: CONNECTIONS,
        amount,
        expect: 201,
        next: () => subscribeRequest(pairs),
      }),
    );
    return place.databaseUrl ? measured : { ...measured, commitsInProcess: await metricCommits(app.base) };
  } finally {
    await app.stop();
  }
}

async function runBare(place: BenchPlace, pairs: Pairs): Promise<Measured> {
  const port = await freePort();
  const child = fork(bareFile, [], {
    env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, PORT: String(port) },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const measured = await measure(pairs, (amount) =>
      load({
        base,
        pid: child.pid!,
        connections: CONNECTIONS,
        amount,
        expect: 201,
        next: () => subscribeRequest(pairs),
      }),
    );
    if (place.databaseUrl) return measured;
    const { commits } = (await (await fetch(`${base}/commits`)).json()) as { commits: number };
    return { ...measured, commitsInProcess: commits };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** The demo catalogue's ACTIVE artists (some are pending or inactive: they refuse subscribers). */
const activeArtists = (place: BenchPlace) =>
  withDatabase(place, async (query) =>
    (await query<{ id: string }>(`select id from artists where status = 'ACTIVE' order by id`)).map((row) => row.id),
  );

async function makePayers(place: BenchPlace): Promise<Payer[]> {
  const app = await startApp(place);
  try {
    const stamp = Date.now().toString(36);
    const emails = Array.from({ length: FANS }, (_, n) => `bench-billing-${stamp}-${n}@example.com`);
    return await inBatches(emails, 10, async (email) => {
      const fan = await signUpFan(app, place, email);
      return { ...fan, ...(await saveCard(app, fan)) };
    });
  } finally {
    await app.stop();
  }
}

/**
 * The ledger after the runs, per side: every subscription active, with exactly its 999 charge and its 500
 * credit for term 1, at most the provider's fee for it (when the provider reports one) and no other row; no ledger row without a subscription; as many as the 201 answers.
 */
async function checkLedger(place: BenchPlace, answered: { ours: number; bare: number }) {
  const rows = await withDatabase(place, (query) =>
    query<{ side: string; subscriptions: number; active: number; exact: number; ledger_rows: number }>(`
      select case when s.provider = 'bare' then 'bare' else 'ours' end as side,
        count(*)::int as subscriptions,
        count(*) filter (where s.status = 'active')::int as active,
        count(*) filter (where
          (select count(*) from ledger_entries l where l.subscription_id = s.id
             and l.kind = 'charge' and l.amount_cents = 999 and l.term_number = 1) = 1
          and (select count(*) from ledger_entries l where l.subscription_id = s.id
             and l.kind = 'artist_credit' and l.amount_cents = 500 and l.term_number = 1) = 1
          and (select count(*) from ledger_entries l where l.subscription_id = s.id
             and l.kind = 'provider_fee' and l.term_number = 1) <= 1
          and (select count(*) from ledger_entries l where l.subscription_id = s.id
             and l.kind not in ('charge', 'artist_credit', 'provider_fee')) = 0)::int as exact,
        (select count(*)::int from ledger_entries l where l.subscription_id is null
           or l.subscription_id not in (select id from subscriptions)) as ledger_rows
      from subscriptions s group by 1 order by 1`),
  );
  const check = Object.fromEntries(rows.map((row) => [row.side, row]));
  // Every answered request made one subscription; autocannon may send a request past `amount` whose answer it
  // does not count (seen once under a load average of 27): at most one per connection, and it must be exact too.
  for (const side of ['ours', 'bare'] as const) {
    const row = check[side];
    const expected = answered[side];
    const made = row?.subscriptions ?? 0;
    if (!row || made < expected || made > expected + CONNECTIONS || row.active !== made || row.exact !== made) {
      throw new Error(`${side}: ${expected} subscriptions answered, ledger check ${JSON.stringify(row)}`);
    }
    if (row.ledger_rows !== 0) throw new Error(`${row.ledger_rows} ledger rows belong to no subscription`);
  }
  // At the provider too: one successful 999 charge for each subscription (either side calls it), nothing else.
  const [provider] = await withDatabase(place, (query) =>
    query<{ charges: number; cents: number }>(
      `select count(*)::int as charges, coalesce(sum(amount_cents), 0)::int as cents from local_charges`,
    ),
  );
  const paid = check.ours!.subscriptions + check.bare!.subscriptions;
  if (provider!.charges !== paid || provider!.cents !== paid * 999) {
    throw new Error(`${paid} subscriptions, the local provider holds ${JSON.stringify(provider)}`);
  }
  return { ...check, provider };
}

/** Warm-up and measured requests of one side, all rounds: each was a 201, i.e. a subscription. */
const sumRequests = (rounds: Round[], name: 'ours' | 'bare') =>
  rounds.reduce((sum, r) => sum + r[name].requests + r[name].warmupRequests, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchEngine(engine: Engine) {
  const place = await createPlace(engine, 'billing');
  try {
    console.log(`${engine}: seeding ${ARTISTS} artists, ${FANS} fans with a saved card`);
    await seedCatalogue(place, ARTISTS, ARTISTS);
    const artistIds = await activeArtists(place);
    const payers = await makePayers(place);
    const pairs = pairQueue(payers, artistIds);
    const rounds: Round[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      const result = {} as Round;
      for (const side of n % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const)) {
        result[side] = await counted(place, (at) => (side === 'ours' ? runOurs(at, pairs) : runBare(at, pairs)));
        console.log(`  ${engine} round ${n + 1} ${side}: ${result[side].requestsPerSecond} subscriptions/s`);
      }
      rounds.push(result);
    }
    return { place, rounds, artists: artistIds.length, pairsUsed: payers.length * artistIds.length - pairs.left() };
  } catch (error) {
    await place.remove();
    throw error;
  }
}

/** Medians over the rounds, and the ratio of the medians. */
function summarise(rounds: Round[]) {
  const side = (name: 'ours' | 'bare') => ({
    requestsPerSecond: median(rounds.map((r) => r[name].requestsPerSecond)),
    latencyMs: {
      p50: median(rounds.map((r) => r[name].latencyMs.p50)),
      p95: median(rounds.map((r) => r[name].latencyMs.p95)),
      p99: median(rounds.map((r) => r[name].latencyMs.p99)),
    },
    errors: rounds.reduce((sum, r) => sum + r[name].errors, 0),
    cpuMsPerRequest: median(rounds.map((r) => r[name].cpuMsPerRequest)),
    perRound: rounds.map((r) => r[name].requestsPerSecond),
    ...(rounds[0]![name].database
      ? {
          database: {
            commitsPerSubscription: median(rounds.map((r) => r[name].database!.commitsPerSubscription)),
            ...(rounds[0]![name].database!.rowsWrittenPerSubscription === undefined
              ? {}
              : {
                  rowsWrittenPerSubscription: median(rounds.map((r) => r[name].database!.rowsWrittenPerSubscription!)),
                }),
          },
        }
      : {}),
  });
  const ours = side('ours');
  const bare = side('bare');
  return { ours, bare, oursOverBare: round(ours.requestsPerSecond / bare.requestsPerSecond) };
}

for (const engine of ENGINES) {
  const before = loadAverage();
  const { place, rounds, artists, pairsUsed } = await benchEngine(engine);
  try {
    const ledger = await checkLedger(place, { ours: sumRequests(rounds, 'ours'), bare: sumRequests(rounds, 'bare') });
    writeResult(`billing-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, {
      engine,
      date: new Date().toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      bareIncludes:
        'the session (cookie hashed, session and user read), the access check (the member; the artist read), the ' +
        "card and customer read and the place held (prepared, as ours), the local provider's transaction, the record " +
        '(subscription, three ledger rows, receipt, mail job) in one transaction, the related artists, the JSON answer',
      oursRuns: place.databaseUrl
        ? 'the built app as an API process (ROLE=api): the receipt mail job is sent, not worked, as the bare'
        : 'the built app (ROLE=all, the only role on PGlite): it also works its queue (the receipts mail), the bare does not',
      fans: FANS,
      activeArtists: artists,
      subscriptionsMade: pairsUsed,
      loadAverage: { before, after: loadAverage() },
      ...summarise(rounds),
      ledgerCheck: ledger,
      raw: rounds,
    });
  } finally {
    await place.remove();
  }
}
