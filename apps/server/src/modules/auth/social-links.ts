import type { Database } from '../../platform/db/client.js';
import { hashToken } from './sessions.js';
import { deleteLinksOf, insertLink, takePrefill } from './social.repository.js';

/**
 * A fan signed up from a social prefill: the provider account is linked to the new account (in the
 * sign-up's transaction), so the next Sign Up With Facebook signs them in. Only a prefill the web app
 * has read and that has not expired counts; anything else links nothing and the sign-up goes on.
 */
export async function linkSocialSignUp(db: Database, socialToken: string, userId: string): Promise<boolean> {
  const prefill = await takePrefill(db, hashToken(socialToken));
  if (!prefill?.readAt) return false;
  await insertLink(db, prefill.provider, prefill.subject, userId);
  return true;
}

/** Deleting an account: its social sign-in links go, so the provider account may sign up afresh. */
export async function forgetSocialLinksOf(db: Database, userId: string): Promise<void> {
  await deleteLinksOf(db, userId);
}
