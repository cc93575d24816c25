/**
 * Release mails per second for 10,000 subscribers of one artist (issue 23, docs/releases.md), on PGlite and on
 * PostgreSQL, beside a bare baseline in the same run.
 *
 * Ours: the built server's releases module (apps/server/dist) on a migrated database, in this process: one
 * released song of an ACTIVE artist with BENCH_SUBSCRIBERS fans; `sweepReleases` files it, closes the batch and
 * fans it out (one mail row per fan, RELEASE_FAN_OUT_CHUNK rows per transaction), then two senders (two workers'
 * jobs) call `sendReleaseMailBatch` in a loop until nothing is left: each call claims RELEASE_MAIL_BATCH rows
 * (FOR UPDATE SKIP LOCKED), reads the fans, artists and songs, builds each mail (text, HTML, signed unsubscribe
 * links) and sends it through the embedded file mailer (nodemailer's stream transport and one .eml file per mail),
 * and marks the rows sent. Not included: the job queue's own cost per batch (pg-boss on PostgreSQL, the project's
 * queue on PGlite: one job fetched and completed per 100 mails).
 *
 * Bare: the same SQL writes and the same mail transport in a plain loop, with nothing else: the mail rows
 * inserted 500 at a time (one multi-row insert each, no cursor, no opt-out checks), then per 100 rows the mails
 * built as one fixed text (no lookups, no signing) and written through the same file mailer, and one update
 * marking the 100 sent. No claims, no locks, no second worker.
 *
 * Afterwards every fan must have exactly one mail row, sent, and the mail folder exactly BENCH_SUBSCRIBERS files:
 * the bench fails otherwise. It reports mails per second (fan-out and sending together, and sending alone), the
 * fan-out's time, and the longest single batch (what holds a worker: it must stay within seconds).
 *
 * Run after `npm run build`: `npm run bench:drops -w @hfm/bench`. Results: bench/results/drops-<engine>.json
 * (BENCH_OUT_SUFFIX appended). Knobs: BENCH_ENGINES (pglite,postgres), BENCH_SUBSCRIBERS (10000), BENCH_ROUNDS (2).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/dist/platform/db/client.js';
import { createFileMailer } from '../apps/server/dist/platform/mail/mailer.js';
import { createUrlSigner } from '../apps/server/dist/platform/storage/url-signer.js';
import { sendReleaseMailBatch, sweepReleases } from '../apps/server/dist/modules/releases/index.js';
import { createPlace, loadAverage, round, writeResult, type BenchPlace, type Engine } from './bench-kit.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean) as Engine[];
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SENDERS = 2;
/** The bench logs nothing per mail (the server would log each at info; the cost of a log line is not measured). */
const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet } as never;
const YEAR_MS = 365 * 24 * 3600 * 1000;

type Query = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

function queryOf(handle: DatabaseHandle): Query {
  if (handle.pool) return async (text, params) => (await handle.pool!.query(text, params)).rows;
  return async (text, params) => (await handle.pglite!.query(text, params)).rows as never;
}

/** An ACTIVE artist with `count` subscribed fans (bulk rows) and one released song; answers the artist's id. */
async function seed(query: Query, count: number, tag: string): Promise<string> {
  const [artistUser] = await query<{ id: string }>(
    `insert into users (first_name, last_name, email, user_name, password_hash, role, status)
     values ('Bench', 'Artist', $1, $1, 'x', 'ARTIST', 'ACTIVE') returning id`,
    [`artist-${tag}@bench.test`],
  );
  const [artist] = await query<{ id: string }>(
    `insert into artists (user_id, name, slug, status) values ($1, $2, $3, 'ACTIVE') returning id`,
    [artistUser!.id, `Bench Artist ${tag}`, `bench-artist-${tag}`],
  );
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    await query(
      `with fans as (
         insert into users (first_name, last_name, email, user_name, password_hash, role, status)
         select 'Fan' || n, 'Bench', 'fan-' || n || '-' || $1 || '@bench.test', 'fan-' || n || '-' || $1, 'x', 'SUBSCRIBER', 'ACTIVE'
         from generate_series($2::int, $3::int) as n returning id)
       insert into subscriptions (member_id, artist_id, current_period_end)
       select id, $4, $5 from fans`,
      [tag, start, start + size - 1, artist!.id, new Date(Date.now() + YEAR_MS)],
    );
  }
  await query(`insert into songs (artist_id, title, status, processed_at) values ($1, 'Bench Drop', 'ready', now())`, [
    artist!.id,
  ]);
  return artist!.id;
}

interface Side {
  seconds: number;
  fanOutSeconds: number;
  sendSeconds: number;
  mailsPerSecond: number;
  sendMailsPerSecond: number;
  longestBatchMs: number;
}

async function ours(handle: DatabaseHandle, place: BenchPlace, mailDir: string, artistId: string): Promise<Side> {
  const config = loadConfig({
    DATA_DIR: place.dataDir,
    RELEASE_QUIET_SECONDS: '0',
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
  });
  const log = quiet;
  const ctx = {
    db: handle.db,
    config,
    log,
    mailer: createFileMailer(mailDir, config.mailFrom, log),
    platform: { signer: createUrlSigner(crypto.randomBytes(32).toString('hex')) },
  } as unknown as Parameters<typeof sendReleaseMailBatch>[0];
  const started = performance.now();
  const now = new Date(Date.now() + 1000);
  await sweepReleases(ctx, now);
  await sweepReleases(ctx, now);
  const fannedOut = performance.now();
  let longest = 0;
  const sender = async () => {
    for (;;) {
      const batchStart = performance.now();
      const counts = await sendReleaseMailBatch(ctx, now);
      longest = Math.max(longest, performance.now() - batchStart);
      if (counts.claimed === 0) return;
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, sender));
  const done = performance.now();
  const rows = await queryOf(handle)<{ n: number; sent: number }>(
    `select count(*)::int as n, count(sent_at)::int as sent from release_mails where artist_id = $1`,
    [artistId],
  );
  if (rows[0]!.n !== SUBSCRIBERS || rows[0]!.sent !== SUBSCRIBERS)
    throw new Error(`ours: ${rows[0]!.n} rows, ${rows[0]!.sent} sent, for ${SUBSCRIBERS} fans`);
  return side(started, fannedOut, done, longest);
}

/** The same writes and transport in a plain loop (see the header). */
async function bare(handle: DatabaseHandle, place: BenchPlace, mailDir: string, artistId: string): Promise<Side> {
  const query = queryOf(handle);
  const config = loadConfig({ DATA_DIR: place.dataDir });
  const mailer = createFileMailer(mailDir, config.mailFrom, quiet);
  const started = performance.now();
  // Fanned out and its song filed, as ours ends: the next round's sweep must not take the bare side's fans.
  const [batch] = await query<{ id: string }>(
    `insert into release_batches (artist_id, first_release_at, last_release_at, closed_at, fanned_out_at)
     values ($1, now(), now(), now(), now()) returning id`,
    [artistId],
  );
  await query(
    `insert into release_songs (song_id, batch_id, released_at) select id, $2, now() from songs where artist_id = $1`,
    [artistId, batch!.id],
  );
  const fans = await query<{ member_id: string }>(
    `select member_id from subscriptions where artist_id = $1 order by member_id`,
    [artistId],
  );
  for (let start = 0; start < fans.length; start += 500) {
    const chunk = fans.slice(start, start + 500).map((fan) => fan.member_id);
    await query(`insert into release_mails (batch_id, member_id, artist_id) select $1, unnest($2::uuid[]), $3`, [
      batch!.id,
      chunk,
      artistId,
    ]);
  }
  const fannedOut = performance.now();
  let longest = 0;
  for (;;) {
    const batchStart = performance.now();
    const rows = await query<{ id: string; email: string }>(
      `select m.id, u.email from release_mails m join users u on u.id = m.member_id
       where m.batch_id = $1 and m.sent_at is null order by m.id limit 100`,
      [batch!.id],
    );
    if (rows.length === 0) break;
    for (const row of rows)
      await mailer.send({ to: row.email, subject: 'New from Bench Artist', text: 'Bench Drop is out.' });
    await query(`update release_mails set sent_at = now() where id = any($1::uuid[])`, [rows.map((row) => row.id)]);
    longest = Math.max(longest, performance.now() - batchStart);
  }
  return side(started, fannedOut, performance.now(), longest);
}

function side(started: number, fannedOut: number, done: number, longest: number): Side {
  const seconds = (done - started) / 1000;
  const sendSeconds = (done - fannedOut) / 1000;
  return {
    seconds: round(seconds),
    fanOutSeconds: round((fannedOut - started) / 1000),
    sendSeconds: round(sendSeconds),
    mailsPerSecond: round(SUBSCRIBERS / seconds, 1),
    sendMailsPerSecond: round(SUBSCRIBERS / sendSeconds, 1),
    longestBatchMs: round(longest, 1),
  };
}

const countFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;

async function runEngine(engine: Engine): Promise<void> {
  const place = await createPlace(engine, 'drops');
  const handle = await openDatabase({
    url: place.databaseUrl || undefined,
    dataDir: place.databaseUrl ? undefined : path.join(place.dataDir, 'db'),
    poolSize: 4,
  });
  try {
    await handle.migrate();
    const query = queryOf(handle);
    const rounds: { ours: Side; bare: Side }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const result = {} as { ours: Side; bare: Side };
      for (const which of ['ours', 'bare'] as const) {
        const artistId = await seed(query, SUBSCRIBERS, `${which}${round}${Date.now().toString(36)}`);
        const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), `hfm-bench-drops-mail-`));
        result[which] = await (which === 'ours' ? ours : bare)(handle, place, mailDir, artistId);
        if (countFiles(mailDir) !== SUBSCRIBERS) throw new Error(`${which}: ${countFiles(mailDir)} mails written`);
        fs.rmSync(mailDir, { recursive: true, force: true });
        console.log(engine, round, which, result[which]);
      }
      rounds.push(result);
    }
    // Each side's figures from its fastest round (whole rounds, so its fan-out, sending and batches agree).
    const best = (which: 'ours' | 'bare') =>
      rounds.map((r) => r[which]).reduce((a, b) => (b.mailsPerSecond > a.mailsPerSecond ? b : a));
    const summary = {
      bench: 'drops',
      engine,
      subscribers: SUBSCRIBERS,
      senders: SENDERS,
      rounds: ROUNDS,
      ours: best('ours'),
      bare: best('bare'),
      ratio: round(best('ours').mailsPerSecond / best('bare').mailsPerSecond, 2),
      runs: rounds,
      machine: { cpus: os.cpus().length, loadAverage: loadAverage() },
      date: new Date().toISOString(),
    };
    writeResult(`drops-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, summary);
  } finally {
    await handle.close();
    await place.remove();
  }
}

for (const engine of ENGINES) await runEngine(engine);
