import crypto from 'node:crypto';
import { CONFIRMATION_CODE_TTL_MS, CONFIRMATION_MAX_ATTEMPTS, messages, type ConfirmUserBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors/app-error.js';
import { confirmationCodeMail } from './auth.mails.js';
import { activateUser, findUser, findUserByEmail } from '../users/index.js';
import { countWrongAttempt, deleteCode, findCode, replaceCode } from './confirmation-codes.repository.js';
import { mailCodeQuietly } from './confirmation-mail.js';

type MailContext = Pick<AppContext, 'db' | 'mailer' | 'config' | 'log' | 'jobs'>;

interface CodeRecipient {
  id: string;
  email: string;
  firstName: string;
}

export function generateCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Bound to the user, so a hash copied to another row does not match. */
export function hashCode(userId: string, code: string): string {
  return crypto.createHash('sha256').update(`${userId}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** A fresh code replaces any earlier one and goes out by mail (run by the confirmation mail job). */
export async function issueConfirmationCode(ctx: MailContext, user: CodeRecipient): Promise<void> {
  const code = generateCode();
  await replaceCode(ctx.db, user.id, hashCode(user.id, code), new Date(Date.now() + CONFIRMATION_CODE_TTL_MS));
  await ctx.mailer.send(
    confirmationCodeMail({ to: user.email, firstName: user.firstName, code, publicUrl: ctx.config.publicUrl }),
  );
}

/** The job's work: a code for an account still waiting for one; false when there is none to mail. */
export async function mailFreshCode(ctx: MailContext, userId: string): Promise<boolean> {
  const user = await findUser(ctx.db, userId);
  if (!user || user.status !== 'UNCONFIRMED') return false;
  await issueConfirmationCode(ctx, user);
  return true;
}

const codeError = (message: string) => badRequest(message, { code: message });

export async function confirmUser(ctx: MailContext, { email, code }: ConfirmUserBody): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'UNCONFIRMED') throw codeError(messages.wrongCode);
  const stored = await findCode(ctx.db, user.id);
  if (!stored) throw codeError(messages.wrongCode);
  if (stored.expiresAt.getTime() <= Date.now()) {
    await mailCodeQuietly(ctx, user);
    throw codeError(messages.expiredCode);
  }
  if (!sameHash(stored.codeHash, hashCode(user.id, code))) {
    const attempts = await countWrongAttempt(ctx.db, user.id);
    if (attempts !== null && attempts >= CONFIRMATION_MAX_ATTEMPTS) {
      await deleteCode(ctx.db, user.id); // burned now, not when the new code's mail goes out
      await mailCodeQuietly(ctx, user);
      throw codeError(messages.codeBurned);
    }
    throw codeError(messages.wrongCode);
  }
  await ctx.db.transaction(async (tx) => {
    await activateUser(tx, user.id);
    await deleteCode(tx, user.id);
  });
}

/** Mails a new code to an unconfirmed account; says nothing about whether the email is known. */
export async function resendCode(ctx: MailContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'UNCONFIRMED') return;
  await mailCodeQuietly(ctx, user);
}
