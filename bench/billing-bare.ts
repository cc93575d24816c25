/**
 * The bare baseline of `billing.bench.ts`, started with `fork(this file)`: a bare Fastify server and a bare
 * database client (pg.Pool of the app's size, or PGlite on the same DATA_DIR) answering
 * `POST /subscribe { memberId, artistId, cardId }` with the writes a paid subscription makes, in one
 * transaction: the subscription row, the member's 999-cent charge and the artist's 500-cent credit. No
 * session, no access check, no provider, no answer beyond the row's id: the floor under our route.
 */
import crypto from 'node:crypto';
import path from 'node:path';

interface Body {
  memberId: string;
  artistId: string;
  cardId: string;
}

type Run = (text: string, params: unknown[]) => Promise<unknown>;
type Transaction = (work: (run: Run) => Promise<void>) => Promise<void>;

const INSERT_SUBSCRIPTION = `insert into subscriptions
  (id, member_id, artist_id, payment_method_id, status, price_cents, current_period_start, current_period_end,
   term_number, renewal_attempts, next_attempt_at, provider, provider_subscription_id, request_key)
  values ($1, $2, $3, $4, 'active', 999, $5, $6, 1, 0, $6, 'bare', $7, $8)`;
const INSERT_LEDGER = `insert into ledger_entries
  (kind, amount_cents, member_id, artist_id, subscription_id, term_number, provider, provider_charge_id,
   payable_from, description, created_at)
  values ('charge', 999, $1, $2, $3, 1, 'bare', $4, null, 'Subscription, year 1', $5),
         ('artist_credit', 500, $1, $2, $3, 1, 'bare', $4, $6, 'Licence fee, year 1', $5)`;

async function openTransaction(): Promise<{ transaction: Transaction; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await work((text, params) => client.query(text, params));
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'db', 'pg'), { extensions: { pg_trgm } });
  return {
    transaction: (work) => db.transaction((tx) => work((text, params) => tx.query(text, params))),
    close: () => db.close(),
  };
}

const { transaction, close } = await openTransaction();
const { default: Fastify } = await import('fastify');
const app = Fastify({ logger: false });
app.post<{ Body: Body }>('/subscribe', async (request, reply) => {
  const { memberId, artistId, cardId } = request.body;
  const id = crypto.randomUUID();
  const now = new Date();
  const end = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  const payableFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 22));
  await transaction(async (run) => {
    await run(INSERT_SUBSCRIPTION, [id, memberId, artistId, cardId, now, end, `bare_sub_${id}`, id]);
    await run(INSERT_LEDGER, [memberId, artistId, id, `bare_ch_${id}`, now, payableFrom]);
  });
  return reply.status(201).send({ id });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app
    .close()
    .then(close)
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
process.send!({ ready: true });
