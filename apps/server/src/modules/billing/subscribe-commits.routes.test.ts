import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestApp, saveTestCard, type BillingTestApp } from '../../test/billing-helpers.js';
import { createArtist, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';

/** What reached the database while `work` ran: each top-level statement or transaction is one commit. */
interface Commit {
  kind: 'statement' | 'transaction';
  /** The statements, in order (a transaction's all). */
  statements: string[];
  writes: boolean;
}

const WRITE = /^\s*(insert|update|delete)\b/i;

/**
 * Counts the commits PGlite makes (its one connection: every `query`/`exec` outside a transaction commits on
 * its own, every `transaction` once), leaving out the job queue's own polling and upkeep (statements on the
 * queue's schema outside our transactions), which run on their clock whatever the request does.
 */
function countCommits(pglite: PGlite) {
  const commits: Commit[] = [];
  const original = {
    query: pglite.query.bind(pglite),
    exec: pglite.exec.bind(pglite),
    transaction: pglite.transaction.bind(pglite),
  };
  const own = (text: string) => !/\bpgboss\./i.test(text);
  pglite.query = ((text: string, ...rest: unknown[]) => {
    if (own(text)) commits.push({ kind: 'statement', statements: [text], writes: WRITE.test(text) });
    return (original.query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  pglite.exec = ((text: string, ...rest: unknown[]) => {
    if (own(text)) commits.push({ kind: 'statement', statements: [text], writes: WRITE.test(text) });
    return (original.exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['exec'];
  pglite.transaction = (async (fn: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => unknown) => {
    const commit: Commit = { kind: 'transaction', statements: [], writes: false };
    commits.push(commit);
    return original.transaction(async (tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        commit.statements.push(text);
        if (WRITE.test(text)) commit.writes = true;
        return (query as (...args: unknown[]) => unknown)(text, ...rest);
      }) as typeof tx.query;
      return fn(tx);
    });
  }) as PGlite['transaction'];
  return {
    commits,
    restore() {
      Object.assign(pglite, original);
    },
  };
}

// Counted on PGlite's one connection, on both test runs: the subscription's code path is the same on PostgreSQL.
describe('POST /api/subscriptions: commits per subscription', () => {
  let t: BillingTestApp;
  let artist: TestArtist;

  beforeAll(async () => {
    t = await createBillingTestApp({}, { embedded: true });
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  });
  afterAll(async () => t.close());

  it('pays a first year in three writing commits (hold the place, the provider, the record) and four reads', async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user);
    const card = await saveTestCard(t.app, cookie, user.id, 'succeeds');
    const counter = countCommits(t.app.ctx.platform.database.pglite!);
    let status: number;
    try {
      status = (
        await injectAs(t, cookie, {
          method: 'POST',
          url: '/api/subscriptions',
          headers: { 'idempotency-key': 'commits-1' },
          payload: { memberID: user.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId },
        })
      ).statusCode;
    } finally {
      counter.restore();
    }
    expect(status).toBe(201);
    if (process.env.PRINT_COMMITS) console.log(JSON.stringify(counter.commits, null, 1));
    const writing = counter.commits.filter((commit) => commit.writes);
    // The incomplete row (before the provider), the provider's subscription and charge, then our record.
    expect(writing.map((commit) => commit.kind)).toEqual(['statement', 'transaction', 'transaction']);
    // The session, the artist, the card with the customer; the related artists after the record.
    expect(counter.commits.filter((commit) => !commit.writes)).toHaveLength(4);
    expect(counter.commits).toHaveLength(7);
  });
});
