import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  releaseBatches,
  releaseMails,
  releaseMailsArtistOff,
  releaseMailsOff,
} from '../../platform/db/schema/releases.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { createArtist, createSong, createSubscription, createUser } from '../../test/factories.js';
import { createSubscribers, readAllMailFiles, releaseMailRows } from '../../test/release-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { backoffSeconds, sendReleaseMailBatch, sweepReleases } from './releases.service.js';

/**
 * The release notifications as services on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * time is the `now` each sweep and sender is given, never a sleep.
 */
const QUIET = 600;
const env = {
  RELEASE_QUIET_SECONDS: String(QUIET),
  RELEASE_MAX_WAIT_SECONDS: '3600',
  RELEASE_CLAIM_STALE_SECONDS: '300',
  RELEASE_FAN_OUT_CHUNK: '40',
  RELEASE_MAIL_BATCH: '25',
};
const seconds = (at: Date, s: number) => new Date(at.getTime() + s * 1000);

// A fresh app and database per test: a sweep looks at every artist's songs.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp(env);
});
afterEach(async () => t.close());

async function activeArtist() {
  return createArtist(t.app, { artist: { status: 'ACTIVE' } });
}
const readySong = (artistId: string, title: string) => createSong(t.app, artistId, { status: 'ready', title });

/** Sender batches until none claims anything (each one the job's unit of work). */
async function sendAll(ctx: Parameters<typeof sendReleaseMailBatch>[0], now: Date) {
  let sent = 0;
  for (;;) {
    const counts = await sendReleaseMailBatch(ctx, now);
    sent += counts.sent;
    if (counts.claimed === 0) return sent;
  }
}

const mailsTo = (address: string) =>
  readAllMailFiles(t.dataDir).filter((mail) => mail.toLowerCase().includes(`to: ${address.toLowerCase()}`));

describe('the release sweep', () => {
  it('batches an artist releasing several songs within the quiet window into one mail per fan', async () => {
    const artist = await activeArtist();
    const fan = await createUser(t.app, { firstName: 'Ada <b>' });
    await createSubscription(t.app, { artistId: artist.artistId, memberId: fan.id });
    const t0 = seconds(new Date(), 1);
    await readySong(artist.artistId, 'First Light');
    expect((await sweepReleases(t.app.ctx, t0)).filed).toBe(1);
    // A second song five minutes later joins the same batch: the window is still open.
    const t1 = seconds(t0, 300);
    await createSong(t.app, artist.artistId, { status: 'ready', title: 'Second Wind', createdAt: t1 });
    expect(await sweepReleases(t.app.ctx, t1)).toMatchObject({ filed: 1, closed: 0, mailsAdded: 0 });
    // Not quiet long enough since the second song: still open.
    expect((await sweepReleases(t.app.ctx, seconds(t0, QUIET))).closed).toBe(0);
    const quiet = seconds(t1, QUIET + 1);
    expect(await sweepReleases(t.app.ctx, quiet)).toMatchObject({ closed: 1, mailsAdded: 1, batchesDone: 1 });
    expect(await sendAll(t.app.ctx, quiet)).toBe(1);
    const [mail] = mailsTo(fan.email);
    expect(mailsTo(fan.email)).toHaveLength(1);
    expect(mail).toContain('2 new songs');
    expect(mail).toContain('First Light');
    expect(mail).toContain('Second Wind');
    expect(mail).toMatch(/List-Unsubscribe:\s+<http[^>]+\/api\/releases\/unsubscribe\?token=/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The fan's name is escaped in the HTML part.
    expect(mail).not.toContain('Ada <b>,</p>');
    // Sweeping and sending again adds nothing.
    await sweepReleases(t.app.ctx, seconds(quiet, 60));
    expect(await sendAll(t.app.ctx, seconds(quiet, 60))).toBe(0);
    expect(mailsTo(fan.email)).toHaveLength(1);
  });

  it('closes a batch that kept growing once it waited RELEASE_MAX_WAIT_SECONDS', async () => {
    const artist = await activeArtist();
    await createSubscription(t.app, { artistId: artist.artistId });
    const t0 = seconds(new Date(), 1);
    await readySong(artist.artistId, 'One');
    await sweepReleases(t.app.ctx, t0);
    await t.app.ctx.db
      .update(releaseBatches)
      .set({ lastReleaseAt: seconds(t0, 3500) })
      .where(eq(releaseBatches.artistId, artist.artistId));
    expect((await sweepReleases(t.app.ctx, seconds(t0, 3601))).closed).toBeGreaterThanOrEqual(1);
  });

  it('skips fans who turned the mails off, all or for this artist, and ended subscriptions', async () => {
    const artist = await activeArtist();
    const [on, allOff, artistOff, ended] = await createSubscribers(t.app, artist.artistId, 4);
    await t.app.ctx.db.insert(releaseMailsOff).values({ memberId: allOff! });
    await t.app.ctx.db.insert(releaseMailsArtistOff).values({ memberId: artistOff!, artistId: artist.artistId });
    await t.app.ctx.db.execute(
      sql`update subscriptions set current_period_end = now() - interval '1 day' where member_id = ${ended}`,
    );
    const t0 = seconds(new Date(), 1);
    await readySong(artist.artistId, 'Quiet One');
    await sweepReleases(t.app.ctx, t0);
    await sweepReleases(t.app.ctx, seconds(t0, QUIET + 1));
    const rows = await releaseMailRows(t.app, artist.artistId);
    expect(rows.map((row) => row.memberId)).toEqual([on]);
  });

  it('files nothing for an artist nobody subscribes to', async () => {
    const artist = await activeArtist();
    await readySong(artist.artistId, 'To Nobody');
    expect((await sweepReleases(t.app.ctx, seconds(new Date(), 1))).filed).toBe(0);
  });

  it('does not tell of a song scheduled for later until its minute has come', async () => {
    const artist = await activeArtist();
    await createSubscription(t.app, { artistId: artist.artistId });
    const song = await createSong(t.app, artist.artistId, {
      status: 'ready',
      releaseAt: seconds(new Date(), 3600),
      releaseDate: '2030-01-01',
    });
    expect((await sweepReleases(t.app.ctx, seconds(new Date(), 1))).filed).toBe(0);
    // Its minute came (the database's clock decides what is out, so the schedule moves, not the clock).
    const minute = new Date();
    minute.setUTCSeconds(0, 0);
    await t.app.ctx.db.execute(sql`update songs set release_at = ${minute} where id = ${song.id}`);
    expect((await sweepReleases(t.app.ctx, seconds(new Date(), 1))).filed).toBe(1);
  });
});

describe('the release mail sender', () => {
  it('sends each fan one mail with 120 fans, two sweeps and two senders racing on one database', async () => {
    // A second process on the same database: two workers.
    const other = await createTestApp(env, { sameDatabaseAs: t });
    try {
      const artist = await activeArtist();
      const fans = await createSubscribers(t.app, artist.artistId, 120);
      const t0 = seconds(new Date(), 1);
      await Promise.all([readySong(artist.artistId, 'Race A'), readySong(artist.artistId, 'Race B')]);
      await Promise.all([sweepReleases(t.app.ctx, t0), sweepReleases(other.app.ctx, t0)]);
      const closeAt = seconds(t0, QUIET + 1);
      const sweeps = await Promise.all([sweepReleases(t.app.ctx, closeAt), sweepReleases(other.app.ctx, closeAt)]);
      // Whichever sweep missed a chunk (locked by the other) finishes it next time.
      await sweepReleases(other.app.ctx, seconds(closeAt, 60));
      expect(sweeps.reduce((sum, counts) => sum + counts.mailsAdded, 0)).toBeLessThanOrEqual(120);
      const rows = await releaseMailRows(t.app, artist.artistId);
      expect(rows).toHaveLength(120);
      expect(new Set(rows.map((row) => row.memberId))).toEqual(new Set(fans));

      const sent = await Promise.all([sendAll(t.app.ctx, closeAt), sendAll(other.app.ctx, closeAt)]);
      expect(sent[0] + sent[1]).toBe(120);
      const mails = [...readAllMailFiles(t.dataDir), ...readAllMailFiles(other.dataDir)].filter((mail) =>
        mail.includes('Race A'),
      );
      expect(mails).toHaveLength(120);
      const recipients = mails.map((mail) => /^To: (.+)$/m.exec(mail)![1]);
      expect(new Set(recipients).size).toBe(120);
      const after = await releaseMailRows(t.app, artist.artistId);
      expect(after.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("requeues a dead worker's claim once it is stale, and sends that mail once", async () => {
    const artist = await activeArtist();
    const fan = await createUser(t.app);
    await createSubscription(t.app, { artistId: artist.artistId, memberId: fan.id });
    const t0 = seconds(new Date(), 1);
    await readySong(artist.artistId, 'After The Crash');
    await sweepReleases(t.app.ctx, t0);
    const now = seconds(t0, QUIET + 1);
    await sweepReleases(t.app.ctx, now);
    // A worker claimed the row and died before sending: its claim holds until it is stale.
    await t.app.ctx.db
      .update(releaseMails)
      .set({ claimedAt: now, claimToken: crypto.randomUUID(), attempts: 1 })
      .where(eq(releaseMails.memberId, fan.id));
    expect((await sendReleaseMailBatch(t.app.ctx, seconds(now, 60))).claimed).toBe(0);
    const stale = seconds(now, 301);
    const counts = await sendReleaseMailBatch(t.app.ctx, stale);
    expect(counts.sent).toBe(1);
    expect(await sendAll(t.app.ctx, seconds(stale, 600))).toBe(0);
    expect(mailsTo(fan.email).filter((mail) => mail.includes('After The Crash'))).toHaveLength(1);
    // The dead worker's late write (its claim token) changes nothing.
    const [row] = await releaseMailRows(t.app, artist.artistId);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row!.sentAt).not.toBeNull();
  });

  it('fails softly: a refused mail is retried after its backoff and sent once', async () => {
    const artist = await activeArtist();
    const fan = await createUser(t.app);
    await createSubscription(t.app, { artistId: artist.artistId, memberId: fan.id });
    const t0 = seconds(new Date(), 1);
    await readySong(artist.artistId, 'Try Again');
    await sweepReleases(t.app.ctx, t0);
    const now = seconds(t0, QUIET + 1);
    await sweepReleases(t.app.ctx, now);
    // The mail server refuses the first time (the real embedded mailer after that).
    let refusals = 1;
    const flaky: Mailer = {
      send: async (message) => {
        if (refusals-- > 0) throw new Error('421 try again later');
        await t.app.ctx.mailer.send(message);
      },
      close: () => undefined,
    };
    const ctx = { ...t.app.ctx, mailer: flaky };
    expect(await sendReleaseMailBatch(ctx, now)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    const [failed] = await releaseMailRows(t.app, artist.artistId);
    expect(failed).toMatchObject({ sentAt: null, failedAt: null, lastError: '421 try again later' });
    expect((await sendReleaseMailBatch(ctx, seconds(now, backoffSeconds(1) - 1))).claimed).toBe(0);
    expect((await sendReleaseMailBatch(ctx, seconds(now, backoffSeconds(1)))).sent).toBe(1);
    expect(mailsTo(fan.email).filter((mail) => mail.includes('Try Again'))).toHaveLength(1);
  });
});
