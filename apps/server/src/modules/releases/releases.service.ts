/**
 * Release notifications (docs/releases.md, decision 0050): the sweep files each song whose release arrived in
 * its artist's open batch, closes batches after their quiet window and fans them out to one mail row per fan
 * in bounded transactions; the sender jobs claim due rows in batches and mail them, failing softly.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { maskAddress } from '../../platform/mail/mailer.js';
import { releaseMail } from './releases.mails.js';
import {
  batchesToFanOut,
  claimDueMails,
  closeQuietBatches,
  countDueMails,
  fanOutStep,
  fileSongs,
  findArrivedSongs,
  findArtistOffs,
  findBatchContents,
  findRecipients,
  markMailFailed,
  markMailsDone,
  openBatchOf,
  type ArrivedSong,
  type ClaimedMail,
} from './releases.repository.js';
import { unsubscribeUrl } from './unsubscribe-tokens.js';

type ReleasesContext = Pick<AppContext, 'db' | 'config' | 'log'>;
type SenderContext = Pick<AppContext, 'db' | 'config' | 'log' | 'mailer' | 'platform'>;

/** Songs filed per sweep at most (the next sweep files the rest). */
const FILE_LIMIT = 2000;
/** Batches fanned out per sweep at most. */
const FAN_OUT_BATCHES = 20;
/** Tries of one mail before it is given up; and the longest one send may take. */
export const MAIL_ATTEMPTS = 8;
const SEND_DEADLINE_MS = 30_000;
/** Mails of one batch sent at once. */
const SEND_CONCURRENCY = 8;

export interface SweepCounts {
  filed: number;
  closed: number;
  mailsAdded: number;
  batchesDone: number;
}

/**
 * One sweep at `now`: file arrived songs, close quiet batches, fan the closed ones out. Safe to run twice at
 * once or again after a crash: every step is keyed (see releases.repository.ts).
 */
export async function sweepReleases(ctx: ReleasesContext, now: Date): Promise<SweepCounts> {
  const settings = ctx.config.releases;
  const filed = await fileArrivedSongs(ctx, now);
  const closed = await closeQuietBatches(ctx.db, now, settings.quietSeconds, settings.maxWaitSeconds);
  let mailsAdded = 0;
  let batchesDone = 0;
  for (const batchId of await batchesToFanOut(ctx.db, FAN_OUT_BATCHES)) {
    const result = await fanOut(ctx, batchId, now);
    mailsAdded += result.added;
    if (result.done) batchesDone += 1;
  }
  return { filed, closed, mailsAdded, batchesDone };
}

async function fileArrivedSongs(ctx: ReleasesContext, now: Date): Promise<number> {
  const arrived = await findArrivedSongs(ctx.db, now, FILE_LIMIT);
  const byArtist = new Map<string, ArrivedSong[]>();
  for (const song of arrived) byArtist.set(song.artistId, [...(byArtist.get(song.artistId) ?? []), song]);
  let filed = 0;
  for (const [artistId, artistSongs] of byArtist) {
    filed += await transactionWithRetry(ctx.db, async (tx) => {
      const batchId = await openBatchOf(tx, artistId, artistSongs[0]!.releasedAt);
      return fileSongs(tx, batchId, artistSongs);
    });
  }
  return filed;
}

/** A batch's fan-out, one transaction per chunk of fans, until done or another sweep holds it. */
async function fanOut(ctx: ReleasesContext, batchId: string, now: Date): Promise<{ added: number; done: boolean }> {
  let added = 0;
  for (;;) {
    const step = await transactionWithRetry(ctx.db, (tx) =>
      fanOutStep(tx, batchId, now, ctx.config.releases.fanOutChunk),
    );
    if (!step) return { added, done: false };
    added += step.added;
    if (step.done) return { added, done: true };
  }
}

export interface SendCounts {
  claimed: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Due mails left after this batch (the job queues the next batch while there are). */
  left: number;
}

/**
 * One sender batch at `now`: claims up to RELEASE_MAIL_BATCH due mails (with claims older than
 * RELEASE_CLAIM_STALE_SECONDS, whose sender died), mails each, and records each outcome under its claim. A mail
 * that fails is tried again later with backoff (soft: the batch goes on), and given up after MAIL_ATTEMPTS.
 */
export async function sendReleaseMailBatch(ctx: SenderContext, now: Date): Promise<SendCounts> {
  const settings = ctx.config.releases;
  const token = crypto.randomUUID();
  const staleBefore = new Date(now.getTime() - settings.claimStaleSeconds * 1000);
  const claimed = await claimDueMails(ctx.db, token, now, staleBefore, settings.mailBatch);
  const counts: SendCounts = { claimed: claimed.length, sent: 0, skipped: 0, failed: 0, left: 0 };
  if (claimed.length > 0) {
    const plan = await planMails(ctx, claimed);
    await markMailsDone(ctx.db, token, plan.skipped, now, 'skipped');
    counts.skipped = plan.skipped.length;
    const sent: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < plan.mails.length) {
        const { row, mail } = plan.mails[next++]!;
        try {
          await withDeadline(ctx.mailer.send(mail), SEND_DEADLINE_MS);
          sent.push(row.id);
        } catch (error) {
          counts.failed += 1;
          const giveUp = row.attempts >= MAIL_ATTEMPTS;
          const retryAt = new Date(now.getTime() + backoffSeconds(row.attempts) * 1000);
          const reason = error instanceof Error ? error.message : String(error);
          ctx.log.warn({ to: maskAddress(mail.to), attempt: row.attempts, giveUp, err: reason }, 'release mail failed');
          await markMailFailed(ctx.db, token, row.id, reason, retryAt, giveUp);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, plan.mails.length) }, worker));
    await markMailsDone(ctx.db, token, sent, new Date(), 'sent');
    counts.sent = sent.length;
  }
  counts.left = await countDueMails(ctx.db, now);
  return counts;
}

/** 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail was not sent within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Each claimed row's mail, or skipped: the fan left, or turned the mails off since the fan-out. */
async function planMails(ctx: SenderContext, claimed: ClaimedMail[]) {
  const memberIds = [...new Set(claimed.map((row) => row.memberId))];
  const recipients = new Map((await findRecipients(ctx.db, memberIds)).map((row) => [row.id, row]));
  const offs = new Set((await findArtistOffs(ctx.db, memberIds)).map((row) => `${row.memberId}:${row.artistId}`));
  const contents = await findBatchContents(ctx.db, [...new Set(claimed.map((row) => row.batchId))]);
  const batches = new Map<string, { titles: string[]; artistName: string; artistSlug: string | null }>();
  for (const row of contents) {
    const batch = batches.get(row.batchId) ?? { titles: [], artistName: row.artistName, artistSlug: row.artistSlug };
    batch.titles.push(row.title);
    batches.set(row.batchId, batch);
  }
  const base = ctx.config.publicUrl;
  const skipped: string[] = [];
  const mails: { row: ClaimedMail; mail: ReturnType<typeof releaseMail> }[] = [];
  for (const row of claimed) {
    const member = recipients.get(row.memberId);
    const batch = batches.get(row.batchId);
    const live = member && member.status !== 'DELETED' && member.status !== 'SUSPENDED';
    if (!live || member.allOff || offs.has(`${row.memberId}:${row.artistId}`) || !batch?.titles.length) {
      skipped.push(row.id);
      continue;
    }
    const signer = ctx.platform.signer;
    mails.push({
      row,
      mail: releaseMail({
        to: member.email,
        firstName: member.firstName,
        artistName: batch.artistName,
        titles: batch.titles,
        listenUrl: batch.artistSlug ? `${base}/a/${batch.artistSlug}` : `${base}/members/`,
        unsubscribeArtistUrl: unsubscribeUrl(signer, base, row.memberId, row.artistId),
        unsubscribeAllUrl: unsubscribeUrl(signer, base, row.memberId, null),
      }),
    });
  }
  return { skipped, mails };
}
