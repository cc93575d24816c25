/**
 * The unsubscribe links of release mails: a token naming the fan and the artist (or `all`), signed with the
 * server's secret, so the link works without signing in and cannot be made for someone else. It does not
 * expire: a link in an old mail still works (what it does is harmless and undone on the Account page).
 */
import type { UrlSigner } from '../../platform/storage/url-signer.js';

const PURPOSE = 'release-unsubscribe';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN = new RegExp(`^(${UUID})\\.(${UUID}|all)\\.([\\w-]{43})$`);

export interface UnsubscribeGrant {
  memberId: string;
  /** Null: every release mail. */
  artistId: string | null;
}

export function signUnsubscribe(signer: UrlSigner, memberId: string, artistId: string | null): string {
  const body = `${memberId}.${artistId ?? 'all'}`;
  return `${body}.${signer.signText(PURPOSE, body)}`;
}

export function verifyUnsubscribe(signer: UrlSigner, token: string): UnsubscribeGrant | null {
  const match = TOKEN.exec(token.trim());
  if (!match) return null;
  const body = `${match[1]}.${match[2]}`;
  if (!signer.verifyText(PURPOSE, body, match[3]!)) return null;
  return { memberId: match[1]!, artistId: match[2] === 'all' ? null : match[2]! };
}

export function unsubscribeUrl(signer: UrlSigner, publicUrl: string, memberId: string, artistId: string | null) {
  return `${publicUrl}/api/releases/unsubscribe?token=${encodeURIComponent(signUnsubscribe(signer, memberId, artistId))}`;
}
