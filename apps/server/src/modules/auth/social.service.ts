import crypto from 'node:crypto';
import {
  ROUTE_BY_ROLE,
  type Role,
  type SocialErrorCode,
  type SocialPrefillAnswer,
  type SocialProvider,
} from '@hfm/shared';
import * as oidc from 'openid-client';
import type { SocialProviderConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { findUser, findUserByEmail, type UserRow } from '../users/index.js';
import { createSession, hashToken, type SessionMeta } from './sessions.js';
import { decodeSocialFlow, encodeSocialFlow, SOCIAL_FLOW_TTL_SECONDS } from './social-flow-cookie.js';
import { fetchPicture, profileFromClaims, type SocialProfile } from './social-profile.js';
import { createSocialClient, type SocialClient } from './social-provider.js';
import {
  findLinkedUserId,
  insertLink,
  insertPrefill,
  insertSignInError,
  readPrefillOnce,
  touchLink,
} from './social.repository.js';

/** Where the browser lands: the fan landing with the Fan Sign Up modal open over it. */
const SIGN_UP_MODAL = '/main/#/fans?signup=fan';
/** How long the web app has to read a prefill (and the sign-up that follows has to link it). */
const PREFILL_TTL_MS = 30 * 60 * 1000;

const clients = new WeakMap<SocialProviderConfig, SocialClient>();

/** The configured provider with this id, or a 404. */
function clientFor(ctx: AppContext, providerId: string): SocialClient {
  const config = ctx.config.social;
  if (!config || config.id !== providerId) throw notFound('Unknown sign-in provider.');
  let client = clients.get(config);
  if (!client) clients.set(config, (client = createSocialClient(config)));
  return client;
}

export function listSocialProviders(ctx: AppContext): SocialProvider[] {
  const config = ctx.config.social;
  return config ? [{ id: config.id, name: config.name }] : [];
}

export type SocialStart = { kind: 'redirect'; location: string; flowCookie: string } | SocialFailure;
export interface SocialFailure {
  kind: 'failed';
  location: string;
}
export type SocialOutcome =
  | { kind: 'signedIn'; location: string; session: { token: string; expiresAt: Date } }
  | { kind: 'prefill'; location: string }
  | SocialFailure;

export interface SocialRequestMeta extends SessionMeta {
  requestId: string;
}

/** Sends the browser to the provider, with the flow's secrets in a signed cookie; a provider that is down fails softly. */
export async function startSocialSignIn(
  ctx: AppContext,
  providerId: string,
  meta: SocialRequestMeta,
): Promise<SocialStart> {
  const client = clientFor(ctx, providerId);
  try {
    const request = await client.authorizationRequest();
    const flowCookie = encodeSocialFlow(ctx.platform.signer, {
      provider: providerId,
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      expires: Math.floor(Date.now() / 1000) + SOCIAL_FLOW_TTL_SECONDS,
    });
    return { kind: 'redirect', location: request.url.href, flowCookie };
  } catch (error) {
    return fail(ctx, providerId, 'provider', describe(error), meta);
  }
}

/**
 * The provider's answer: refused unless this browser started the flow (signed cookie, state, PKCE, nonce).
 * Then a linked (or provably same) fan signs in; anyone else gets the Fan Sign Up modal prefilled.
 * Every failure is stored, logged, and sends the browser back to the modal with a reason.
 */
export async function finishSocialSignIn(
  ctx: AppContext,
  providerId: string,
  callbackUrl: URL,
  flowCookie: string | undefined,
  meta: SocialRequestMeta,
): Promise<SocialOutcome> {
  const client = clientFor(ctx, providerId);
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) {
    const description = callbackUrl.searchParams.get('error_description') ?? '';
    const code = providerError === 'access_denied' ? 'denied' : 'provider';
    return fail(ctx, providerId, code, `${providerError}: ${description}`.slice(0, 500), meta);
  }
  const flow = decodeSocialFlow(ctx.platform.signer, flowCookie);
  if (!flow || flow.provider !== providerId) {
    const why = flowCookie ? 'flow cookie altered, expired or for another provider' : 'no flow cookie';
    return fail(ctx, providerId, 'expired', why, meta);
  }
  let profile: SocialProfile | null;
  try {
    profile = profileFromClaims(await client.claims(callbackUrl, flow));
  } catch (error) {
    return fail(ctx, providerId, classify(error), describe(error), meta);
  }
  if (!profile) return fail(ctx, providerId, 'invalid', 'the provider named no subject', meta);
  return signInOrPrefill(ctx, client, profile, meta);
}

async function signInOrPrefill(
  ctx: AppContext,
  client: SocialClient,
  profile: SocialProfile,
  meta: SocialRequestMeta,
): Promise<SocialOutcome> {
  const provider = client.config.id;
  const linkedId = await findLinkedUserId(ctx.db, provider, profile.subject);
  const linked = linkedId ? await findUser(ctx.db, linkedId) : null;
  if (linked) return signIn(ctx, provider, profile, linked, meta);
  const existing = profile.email ? await findUserByEmail(ctx.db, profile.email) : null;
  if (existing) {
    // The provider vouches for the email and we did too (the account is confirmed): same mailbox, same person.
    if (profile.emailVerified && existing.status === 'ACTIVE' && existing.role === 'SUBSCRIBER') {
      await insertLink(ctx.db, provider, profile.subject, existing.id);
      return signIn(ctx, provider, profile, existing, meta);
    }
    return fail(
      ctx,
      provider,
      'account_exists',
      `an account has this email (verified by provider: ${profile.emailVerified})`,
      meta,
    );
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const profileImage = profile.pictureUrl ? await pictureOrNull(ctx, profile.pictureUrl, client.loopback) : null;
  await insertPrefill(ctx.db, {
    tokenHash: hashToken(token),
    provider,
    subject: profile.subject,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    profileImage,
    expiresAt: new Date(Date.now() + PREFILL_TTL_MS),
  });
  return { kind: 'prefill', location: `${SIGN_UP_MODAL}&social=${token}` };
}

/** Only a confirmed fan signs in socially: artists and admins keep their password (docs/social-sign-in.md). */
async function signIn(
  ctx: AppContext,
  provider: string,
  profile: SocialProfile,
  user: UserRow,
  meta: SocialRequestMeta,
): Promise<SocialOutcome> {
  if (user.status === 'UNCONFIRMED') {
    return fail(ctx, provider, 'unconfirmed', 'linked account is not confirmed yet', meta);
  }
  if (user.role !== 'SUBSCRIBER' || user.status !== 'ACTIVE') {
    return fail(ctx, provider, 'not_allowed', `linked account is ${user.role} ${user.status}`, meta);
  }
  await touchLink(ctx.db, provider, profile.subject);
  const session = await createSession(ctx.db, user.id, ctx.config.sessionTtlMs, meta);
  return { kind: 'signedIn', location: ROUTE_BY_ROLE[user.role as Role], session };
}

async function pictureOrNull(ctx: AppContext, url: string, loopback: boolean): Promise<string | null> {
  try {
    return await fetchPicture(url, { allowLoopbackHttp: loopback });
  } catch (error) {
    ctx.log.warn({ err: describe(error) }, 'social sign-in: the profile picture could not be fetched');
    return null;
  }
}

/** Stored (for support) and logged; the browser goes back to the Fan Sign Up modal with the reason. */
async function fail(
  ctx: AppContext,
  provider: string,
  code: SocialErrorCode,
  detail: string,
  meta: SocialRequestMeta,
): Promise<SocialFailure> {
  ctx.log.warn({ reqId: meta.requestId, provider, code, detail }, 'social sign-in failed');
  try {
    await insertSignInError(ctx.db, { provider, code, detail: detail.slice(0, 1000), requestId: meta.requestId });
  } catch (error) {
    ctx.log.error({ reqId: meta.requestId, err: describe(error) }, 'social sign-in: the error could not be stored');
  }
  return { kind: 'failed', location: `${SIGN_UP_MODAL}&socialError=${code}` };
}

/**
 * A refusal by the provider is `denied`; an answer that fails a check (state, nonce, issuer, an unknown or
 * reused code) is `invalid`; the provider unreachable, slow or answering nonsense is `provider`.
 */
export function classify(error: unknown): SocialErrorCode {
  if (error instanceof oidc.AuthorizationResponseError) return error.error === 'access_denied' ? 'denied' : 'provider';
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500 ? 'provider' : 'invalid';
  if (error instanceof oidc.ClientError) {
    const code = error.code ?? '';
    return /CLAIM_COMPARISON|ATTRIBUTE_COMPARISON|INVALID_RESPONSE|TIMESTAMP_CHECK|KEY_SELECTION|JWT|PARSE/.test(code)
      ? 'invalid'
      : 'provider';
  }
  return 'provider';
}

/** An error in one line, without tokens or codes (openid-client's messages name none). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `; ${error.cause.message}` : '';
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}${cause}`.slice(0, 500);
}

/** The prefill for the Fan Sign Up modal, once; a second read, an unknown or an old token is a 404. */
export async function readSocialPrefill(ctx: AppContext, token: string): Promise<SocialPrefillAnswer> {
  const row = await readPrefillOnce(ctx.db, hashToken(token));
  if (!row) throw new AppError('NOT_FOUND', 'That sign-up link has expired. Please try again.');
  const name = ctx.config.social?.id === row.provider ? ctx.config.social.name : row.provider;
  return {
    provider: row.provider,
    providerName: name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageData: row.profileImage,
    fileName: row.profileImage
      ? `${row.provider}-picture.${row.profileImage.startsWith('data:image/png') ? 'png' : 'jpg'}`
      : null,
  };
}
