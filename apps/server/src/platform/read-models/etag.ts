import crypto from 'node:crypto';

/** A strong validator: the hash of the serialized body, so equal bodies have equal tags whatever the server. */
export function etagOf(json: string | Uint8Array | ArrayBuffer): string {
  const bytes = json instanceof ArrayBuffer ? new Uint8Array(json) : json;
  return `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
