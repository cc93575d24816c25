/**
 * The bare baseline of `billing.bench.ts`, started with `fork(this file)`: a bare Fastify server and a bare
 * database client (pg.Pool of the app's size, or PGlite on the same DATA_DIR) answering the same request as our
 * route (`POST /api/subscriptions`, the session cookie, an Idempotency-Key, `{ memberID, paymentMethodID,
 * artistID }`) with the same work in plain SQL: the statements our path runs, as our path runs them (the same
 * text, the same three prepared by name on PostgreSQL, the others not; the same transactions):
 *
 *   1. the session: the cookie's token hashed (SHA-256), the session and its user read (one statement), ACTIVE;
 *   2. the access check: the member is the session's user; the artist read, seen (ACTIVE or CANCELLED), ACTIVE
 *      and not the member's own;
 *   3. idempotency and the place: the member's card and customer read (one statement), then the incomplete row
 *      inserted (`on conflict do nothing`: the request key and the one live row per member and artist; a
 *      conflict is a 409 here, where our route would look further);
 *   4. the provider call, outside any transaction of ours: the local provider's own transaction (its key looked
 *      up, the card checked, its subscription and its charge written), keyed `subscribe:{member}:{key}`, with the
 *      request hash it keeps (SHA-256 of the parameters);
 *   5. the record, one transaction: the subscription made active, the ledger's three rows (the 999 charge, the
 *      500 credit, the provider's fee), the receipt, and its mail job (pg-boss's own insert statement);
 *   6. the answer: the artist's related artists read, and the subscription and them as JSON.
 *
 * Not included: request validation (zod), the error answers, the job queue's workers (our process also works
 * the receipt mails and polls its queues; the bench says which figures include that), metrics and logging.
 * Its subscriptions and ledger rows say provider 'bare' (the bench checks each side's ledger).
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Body {
  memberID: string;
  paymentMethodID: string;
  artistID: string;
}

type Row = Record<string, unknown>;
type Run = (text: string, params: unknown[], name?: string) => Promise<Row[]>;
interface Db {
  run: Run;
  transaction<T>(work: (run: Run) => Promise<T>): Promise<T>;
  /** pg_stat_database.xact_commit now (PGlite: its counters flushed first). */
  commits(): Promise<number>;
  close(): Promise<void>;
}

const { insertJob } = createRequire(import.meta.url)('pg-boss/src/plans.js') as { insertJob(schema: string): string };
const INSERT_JOB = insertJob('pgboss');

const SESSION = `select "sessions"."id", "sessions"."last_seen_at", "users"."id" as "user_id", "users"."role", "users"."status",
  "users"."email", "users"."first_name", "users"."last_name" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"
  where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > now()) limit $2`;
const ARTIST = `select "id", "user_id", "name", "slug", "genre_id", "bio", "hfm_picks_opt_in", "payment_service_id", "is_exclusive",
  "is_featured", "featured_bio", "featured_position", "tier", "hifives", "status", "score_matrix", "banner_image", "is_searchable",
  "approved_at", "terminated_at", "terminated_by", "termination_reason", "created_at", "updated_at"
  from "artists" where "artists"."id" = $1 limit $2`;
const PAYING_CARD = `select "payment_cards"."id", "payment_cards"."user_id", "payment_cards"."provider_ref", "payment_cards"."brand",
  "payment_cards"."last4", "payment_cards"."exp_month", "payment_cards"."exp_year", "payment_cards"."card_name",
  "payment_cards"."postal_code", "payment_cards"."created_at", "billing_customers"."customer_id"
  from "payment_cards" left join "billing_customers" on ("billing_customers"."member_id" = "payment_cards"."user_id"
  and "billing_customers"."provider" = $1) where ("payment_cards"."user_id" = $2 and "payment_cards"."provider_ref" = $3) limit $4`;
const SUBSCRIPTION_COLUMNS = `"id", "member_id", "artist_id", "payment_method_id", "status", "price_cents", "current_period_start",
  "current_period_end", "cancel_at_period_end", "term_number", "renewal_attempts", "next_attempt_at", "provider",
  "provider_subscription_id", "request_key", "ended_at", "failure_code", "failure_message", "created_at", "updated_at"`;
const HOLD = `insert into "subscriptions" (${SUBSCRIPTION_COLUMNS}) values ($1, $2, $3, $4, $5, $6, default, $7, default, default,
  default, default, default, default, $8, default, default, default, default, default) on conflict do nothing
  returning ${SUBSCRIPTION_COLUMNS}`;
const LOCAL_SUBSCRIPTION_COLUMNS = `"id", "customer_id", "payment_method_id", "amount_cents", "interval", "status",
  "current_period_start", "current_period_end", "cancel_at_period_end", "metadata", "idempotency_key", "request_hash", "created_at"`;
const PROVIDER_EARLIER = `select ${LOCAL_SUBSCRIPTION_COLUMNS} from "local_subscriptions" where "local_subscriptions"."idempotency_key" = $1`;
const PROVIDER_CARD = `select "id", "customer_id", "brand", "last4", "exp_month", "exp_year", "card_name", "postal_code", "behaviour",
  "detached_at", "created_at" from "local_payment_methods" where "local_payment_methods"."id" = $1`;
const PROVIDER_SUBSCRIPTION = `insert into "local_subscriptions" (${LOCAL_SUBSCRIPTION_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8,
  default, $9, $10, $11, $12) on conflict ("idempotency_key") do nothing returning ${LOCAL_SUBSCRIPTION_COLUMNS}`;
const CHARGE_COLUMNS = `"id", "customer_id", "payment_method_id", "amount_cents", "currency", "description", "status", "failure_code",
  "failure_message", "subscription_id", "period_start", "metadata", "idempotency_key", "request_hash", "created_at"`;
const PROVIDER_CHARGE = `insert into "local_charges" (${CHARGE_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
  $14, $15) returning ${CHARGE_COLUMNS}`;
const ACTIVATE = `update "subscriptions" set "status" = $1, "current_period_start" = $2, "current_period_end" = $3, "term_number" = $4,
  "renewal_attempts" = $5, "next_attempt_at" = $6, "provider" = $7, "provider_subscription_id" = $8, "updated_at" = $9
  where "subscriptions"."id" = $10 returning ${SUBSCRIPTION_COLUMNS}`;
const LEDGER_COLUMNS = `"id", "kind", "amount_cents", "currency", "member_id", "artist_id", "subscription_id", "term_number", "provider",
  "provider_charge_id", "provider_ref_id", "payable_from", "description", "created_at"`;
const LEDGER = `insert into "ledger_entries" (${LEDGER_COLUMNS}) values
  (default, $1, $2, default, $3, $4, $5, $6, $7, $8, default, default, $9, $10),
  (default, $11, $12, default, $13, $14, $15, $16, $17, $18, default, $19, $20, $21),
  (default, $22, $23, default, $24, $25, $26, $27, $28, $29, default, default, $30, $31)
  on conflict do nothing returning ${LEDGER_COLUMNS}`;
const RECEIPT_COLUMNS = `"id", "number", "kind", "source_key", "member_id", "subscription_id", "artist_id", "artist_name", "amount_cents",
  "currency", "card_brand", "card_last4", "term_number", "period_start", "period_end", "failure_reason", "retry_at", "mailed_at",
  "created_at"`;
const RECEIPT = `insert into "payment_receipts" (${RECEIPT_COLUMNS}) values (default, default, $1, $2, $3, $4, $5, $6, $7, default, $8,
  $9, $10, $11, $12, $13, $14, default, $15) on conflict do nothing returning ${RECEIPT_COLUMNS}`;
const RELATED = `select "artists"."id", "artists"."name", "artists"."slug", "genres"."id", "genres"."label", "genres"."artwork",
  coalesce((select 'profile-images/' || "users"."id" || '/' || "users"."profile_image" from "users" where "users"."id" = "artists"."user_id"
  and "users"."profile_image" is not null), (select "artist_photos"."path" from "artist_photos" where "artist_photos"."artist_id" = "artists"."id"
  order by "artist_photos"."position", "artist_photos"."created_at" limit 1)), "artists"."banner_image", "artists"."featured_bio",
  "artists"."featured_position", "artists"."hifives", "artists"."created_at", "artists"."updated_at"
  from "artists" left join "genres" on "genres"."id" = "artists"."genre_id"
  where ("artists"."status" = $1 and "artists"."genre_id" = $2 and "artists"."id" <> $3 and not "artists"."id" in
  (select "artist_id" from "subscriptions" where ("subscriptions"."member_id" = $4 and "subscriptions"."status" = $5
  and "subscriptions"."current_period_end" > now())))
  order by "artists"."hifives" desc, "artists"."created_at" desc, "artists"."id" desc limit $6`;
const COMMITS = `select xact_commit::float8 as commits from pg_stat_database where datname = current_database()`;

async function openDb(): Promise<Db> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    type Queryable = Pick<InstanceType<typeof pg.Pool>, 'query'>;
    const runOn =
      (client: Queryable): Run =>
      async (text, values, name) =>
        (await client.query<Row>(name ? { name, text, values } : { text, values })).rows;
    return {
      run: runOn(pool),
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(runOn(client));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      commits: async () => Number((await pool.query<{ commits: number }>(COMMITS)).rows[0]!.commits),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'db', 'pg'), { extensions: { pg_trgm } });
  return {
    run: async (text, params) => (await db.query<Row>(text, params)).rows,
    transaction: (work) =>
      db.transaction((tx) => work(async (text, params) => (await tx.query<Row>(text, params)).rows)),
    async commits() {
      await db.query('select pg_stat_force_next_flush()');
      return (await db.query<{ commits: number }>(COMMITS)).rows[0]!.commits;
    },
    close: () => db.close(),
  };
}

const db = await openDb();
const { default: Fastify } = await import('fastify');
const app = Fastify({ logger: false });

const newId = (prefix: string) => `${prefix}_local_${crypto.randomBytes(12).toString('hex')}`;
const sha256 = (text: string, encoding: 'hex' | 'base64url') =>
  crypto.createHash('sha256').update(text).digest(encoding);
const addYear = (date: Date) => {
  const next = new Date(date);
  next.setUTCFullYear(date.getUTCFullYear() + 1);
  return next;
};
const cookieToken = (header: string | undefined) => /(?:^|;\s*)hfm_session=([^;]+)/.exec(header ?? '')?.[1];

class Refused extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`refused: ${status}`);
    this.status = status;
  }
}

/** The local provider's createSubscription, as its own transaction: what our path asks of it. */
async function providerSubscribe(input: { customerId: string; cardRef: string; key: string; metadata: Row }) {
  const params = {
    customerId: input.customerId,
    paymentMethodId: input.cardRef,
    amountCents: 999,
    interval: 'year',
    description: 'one year',
    metadata: input.metadata,
  };
  const hash = sha256(JSON.stringify(['subscription.create', params]), 'hex');
  return db.transaction(async (run) => {
    const [earlier] = await run(PROVIDER_EARLIER, [input.key]);
    if (earlier) throw new Refused(409);
    const [method] = await run(PROVIDER_CARD, [input.cardRef]);
    if (!method || method.customer_id !== input.customerId || method.detached_at) throw new Refused(400);
    const start = new Date();
    const metadata = JSON.stringify(input.metadata);
    const [sub] = await run(PROVIDER_SUBSCRIPTION, [
      newId('sub'),
      input.customerId,
      input.cardRef,
      999,
      'year',
      'active',
      start,
      addYear(start),
      metadata,
      input.key,
      hash,
      start,
    ]);
    if (!sub) throw new Refused(409);
    const [charge] = await run(PROVIDER_CHARGE, [
      newId('ch'),
      input.customerId,
      input.cardRef,
      999,
      'usd',
      `Subscription ${String(sub.id)}`,
      'succeeded',
      null,
      null,
      sub.id,
      start,
      metadata,
      `${input.key}#first-payment`,
      hash,
      start,
    ]);
    return { sub: sub, charge: charge! };
  });
}

app.post<{ Body: Body }>('/api/subscriptions', async (request, reply) => {
  try {
    // 1. The session.
    const token = cookieToken(request.headers.cookie);
    if (!token) throw new Refused(401);
    const [user] = await db.run(SESSION, [sha256(token, 'base64url'), 1], 'auth_session_user_by_token');
    if (!user || user.status !== 'ACTIVE') throw new Refused(401);
    // 2. Access: the member themself; the artist seen and taking subscribers.
    const { memberID, paymentMethodID, artistID } = request.body;
    const memberId = String(user.user_id);
    if (memberID.toLowerCase() !== memberId) throw new Refused(403);
    const [artist] = await db.run(ARTIST, [artistID.toLowerCase(), 1]);
    if (!artist || (artist.status !== 'ACTIVE' && artist.status !== 'CANCELLED')) throw new Refused(404);
    if (artist.status !== 'ACTIVE' || artist.user_id === memberId) throw new Refused(409);
    // 3. Idempotency and the place.
    const requestKey = String(request.headers['idempotency-key']);
    const [card] = await db.run(PAYING_CARD, ['local', memberId, paymentMethodID, 1], 'billing_paying_card');
    if (!card?.customer_id) throw new Refused(400);
    const id = crypto.randomUUID();
    const [held] = await db.run(
      HOLD,
      [id, memberId, artist.id, card.id, 'incomplete', 999, new Date(), requestKey],
      'billing_insert_incomplete_subscription',
    );
    if (!held) throw new Refused(409);
    // 4. The provider, outside our transactions.
    const paid = await providerSubscribe({
      customerId: String(card.customer_id),
      cardRef: paymentMethodID,
      key: `subscribe:${memberId}:${requestKey}`,
      metadata: { subscriptionId: id, memberId, artistId: artist.id },
    });
    // 5. The record.
    const paidAt = paid.charge.created_at as Date;
    const chargeId = paid.charge.id;
    const payable = new Date(Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth() + 1, 22));
    const subscription = await db.transaction(async (run) => {
      const [row] = await run(ACTIVATE, [
        'active',
        paid.sub.current_period_start,
        paid.sub.current_period_end,
        1,
        0,
        paid.sub.current_period_end,
        'bare',
        paid.sub.id,
        new Date(),
        id,
      ]);
      const common = [memberId, artist.id, id, 1, 'bare', chargeId];
      const [charge] = await run(LEDGER, [
        'charge',
        999,
        ...common,
        'Subscription, year 1',
        paidAt,
        'artist_credit',
        500,
        ...common,
        payable,
        'Licence fee, year 1',
        paidAt,
        'provider_fee',
        -59,
        ...common,
        "Payment provider's fee, year 1",
        paidAt,
      ]);
      const [receipt] = await run(RECEIPT, [
        'charge',
        `ledger:${String(charge!.id)}`,
        memberId,
        id,
        artist.id,
        artist.name,
        999,
        card.brand,
        card.last4,
        1,
        paid.sub.current_period_start,
        paid.sub.current_period_end,
        null,
        null,
        paidAt,
      ]);
      await run(INSERT_JOB, [
        receipt!.id,
        'billing.receipt-mail',
        JSON.stringify({ receiptId: receipt!.id }),
        null,
        // Never due while the bench runs: our process, which works the queue in the next round, must not mail
        // the baseline's receipts (the statement is the same).
        '2999-01-01T00:00:00Z',
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
      return row!;
    });
    // 6. The answer.
    const related = await db.run(RELATED, ['ACTIVE', artist.genre_id, artist.id, memberId, 'active', 6]);
    return reply.status(201).send({
      subscription: {
        _id: id,
        id,
        memberID: memberId,
        artistID: artist.id,
        artistName: artist.name,
        status: 'active',
        priceCents: 999,
        currentPeriodStart: subscription.current_period_start,
        currentPeriodEnd: subscription.current_period_end,
        cancelAtPeriodEnd: false,
        paymentMethodID,
      },
      relatedArtists: related.map((row) => ({ _id: row.id, id: row.id, name: row.name, slug: row.slug })),
    });
  } catch (error) {
    if (error instanceof Refused) return reply.status(error.status).send({ error: error.message });
    throw error;
  }
});
app.get('/commits', async () => ({ commits: await db.commits() }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => db.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
process.send!({ ready: true });
