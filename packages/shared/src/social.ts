import { z } from 'zod';

/**
 * Social sign-up (Sign Up With Facebook, or any OpenID Connect provider): the contract between the
 * server's `/api/auth/social/...` routes and the Fan Sign Up modal. docs/social-sign-in.md has the flow.
 */

/** A provider's id as it appears in the paths: lower-case letters, digits and dashes. */
export const SOCIAL_PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** The one-time token a successful sign-in hands the web app: 32 random bytes, base64url. */
export const SOCIAL_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const socialProvider = z.object({
  id: z.string(),
  /** What the button says after 'Sign Up With' (e.g. Facebook). */
  name: z.string(),
});
export type SocialProvider = z.infer<typeof socialProvider>;

/** GET /api/auth/social/providers: the configured providers; empty when none is (then no button shows). */
export const socialProvidersAnswer = z.object({ providers: z.array(socialProvider) });
export type SocialProvidersAnswer = z.infer<typeof socialProvidersAnswer>;

export const socialProviderParams = z.object({
  provider: z.string().regex(SOCIAL_PROVIDER_ID, { error: 'Unknown sign-in provider.' }),
});

/**
 * What the provider sends back to the callback. Every field is optional (a denial carries `error`, a
 * success `code` and `state`); anything else the provider adds is ignored. Bounded so a forged address
 * cannot make the server read megabytes.
 */
const callbackText = z.string().max(4096).optional();
export const socialCallbackQuery = z.object({
  code: callbackText,
  state: callbackText,
  error: callbackText,
  error_description: callbackText,
  iss: callbackText,
});

export const socialPrefillParams = z.object({
  token: z.string().regex(SOCIAL_TOKEN, { error: 'That sign-up link is not valid.' }),
});

/**
 * GET /api/auth/social/prefill/{token}: what the provider told us, for the Fan Sign Up modal to start
 * from; answered once. `profileImageData` is the large profile picture, fetched and re-encoded by the
 * server, as a PNG or JPEG data URL (null when the provider had none or it could not be fetched).
 */
export const socialPrefillAnswer = z.object({
  provider: z.string(),
  providerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageData: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type SocialPrefillAnswer = z.infer<typeof socialPrefillAnswer>;

/**
 * Why a social sign-in ended without signing in or prefilling: the callback sends the browser back to
 * the Fan Sign Up modal with `socialError={code}`, and the modal shows `socialErrorMessage(code, name)`.
 */
export const SOCIAL_ERROR_CODES = [
  'denied',
  'expired',
  'invalid',
  'provider',
  'account_exists',
  'unconfirmed',
  'not_allowed',
  'prefill_expired',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

export function isSocialErrorCode(value: unknown): value is SocialErrorCode {
  return typeof value === 'string' && (SOCIAL_ERROR_CODES as readonly string[]).includes(value);
}

/** The message the Fan Sign Up modal shows for a failed social sign-in (`name`: the provider's name). */
export function socialErrorMessage(code: SocialErrorCode, name: string): string {
  switch (code) {
    case 'denied':
      return `Sign up with ${name} was cancelled. You can sign up with your email instead.`;
    case 'expired':
      return `Your sign-in with ${name} took too long or was started in another browser. Please try again.`;
    case 'invalid':
      return `We could not verify the answer from ${name}. Please try again.`;
    case 'provider':
      return `We could not reach ${name}. Please try again, or sign up with your email.`;
    case 'account_exists':
      return 'That email address already has an HFM account. Please log in with your password.';
    case 'unconfirmed':
      return 'Please confirm your email address first. We sent you a 6-digit code.';
    case 'not_allowed':
      return `This account cannot sign in with ${name}. Please log in with your password.`;
    case 'prefill_expired':
      return `Your details from ${name} have expired. Please try again.`;
  }
}
