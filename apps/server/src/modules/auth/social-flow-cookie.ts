import type { UrlSigner } from '../../platform/storage/url-signer.js';

/** The browser's half of a social sign-in in flight: a short-lived, signed, httpOnly cookie. */
export const SOCIAL_FLOW_COOKIE = 'hfm_social';
export const SOCIAL_FLOW_PATH = '/api/auth/social/';
/** How long a person may take at the provider (log in, consent) before the flow is refused. */
export const SOCIAL_FLOW_TTL_SECONDS = 10 * 60;

const PURPOSE = 'social-flow';

/**
 * What the callback must see again: the provider the flow is for, the `state` sent, the `nonce` the ID
 * token must carry (OpenID only) and the PKCE verifier. Without this cookie the callback is refused, so
 * an answer from the provider counts only in the browser that asked for it.
 */
export interface SocialFlow {
  provider: string;
  state: string;
  nonce: string | null;
  codeVerifier: string;
  /** Unix seconds. */
  expires: number;
}

export function encodeSocialFlow(signer: UrlSigner, flow: SocialFlow): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${signer.signText(PURPOSE, body)}`;
}

/** The flow in a cookie value, or null when it is missing, altered, malformed or expired. */
export function decodeSocialFlow(signer: UrlSigner, value: string | undefined, now = Date.now()): SocialFlow | null {
  if (!value || value.length > 2048) return null;
  const match = /^([\w-]+)\.([\w-]{43})$/.exec(value);
  if (!match || !signer.verifyText(PURPOSE, match[1]!, match[2]!)) return null;
  let flow: unknown;
  try {
    flow = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isSocialFlow(flow) || flow.expires * 1000 < now) return null;
  return flow;
}

function isSocialFlow(value: unknown): value is SocialFlow {
  const flow = value as Partial<SocialFlow> | null;
  return (
    typeof flow === 'object' &&
    flow !== null &&
    typeof flow.provider === 'string' &&
    typeof flow.state === 'string' &&
    (flow.nonce === null || typeof flow.nonce === 'string') &&
    typeof flow.codeVerifier === 'string' &&
    typeof flow.expires === 'number'
  );
}
