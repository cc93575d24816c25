import crypto from 'node:crypto';
import { WebhookSignatureError } from '../provider.js';

/** A delivery older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t={unix seconds},v1={hex HMAC-SHA256 of "t.body"}`: Stripe's scheme, with our own secret. */
export function signWebhookBody(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Throws WebhookSignatureError unless one v1 signature of the header matches the body and is recent. */
export function verifyWebhookBody(secret: string, body: string, header: string | undefined, now = new Date()): void {
  if (!header) throw new WebhookSignatureError('The webhook has no signature.');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name, value]) => name === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('The webhook signature is malformed.');
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('The webhook signature does not match.');
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The webhook signature is too old.');
  }
}
