import { describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../platform/storage/url-signer.js';
import { decodeSocialFlow, encodeSocialFlow, type SocialFlow } from './social-flow-cookie.js';

const signer = createUrlSigner('s'.repeat(48));
const flow: SocialFlow = {
  provider: 'facebook',
  state: 'st',
  nonce: 'no',
  codeVerifier: 'v'.repeat(43),
  expires: 2_000_000_000,
};

describe('the social flow cookie', () => {
  it('round-trips', () => {
    expect(decodeSocialFlow(signer, encodeSocialFlow(signer, flow))).toEqual(flow);
  });

  it('refuses another secret, an altered body, an expired flow and junk', () => {
    const value = encodeSocialFlow(signer, flow);
    const [body, signature] = value.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...flow, state: 'other' })).toString('base64url');
    expect(decodeSocialFlow(createUrlSigner('t'.repeat(48)), value)).toBeNull();
    expect(decodeSocialFlow(signer, `${altered}.${signature}`)).toBeNull();
    expect(decodeSocialFlow(signer, encodeSocialFlow(signer, { ...flow, expires: 1 }))).toBeNull();
    expect(decodeSocialFlow(signer, `${body}`)).toBeNull();
    expect(decodeSocialFlow(signer, undefined)).toBeNull();
    const notJson = Buffer.from('{').toString('base64url');
    expect(decodeSocialFlow(signer, `${notJson}.${signer.signText('social-flow', notJson)}`)).toBeNull();
  });
});
