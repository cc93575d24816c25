import { isSocialErrorCode, socialErrorMessage, type SocialErrorCode } from '@hfm/shared';
import { useSocialPrefill, useSocialProviders, type SocialPrefillAnswer } from '../../api/social';

export interface SocialReturn {
  /** The details are being fetched: the form waits, so it starts filled in. */
  loading: boolean;
  prefilled: { prefill: SocialPrefillAnswer; token: string } | undefined;
  error: SocialErrorCode | null;
  providerName: string;
}

/**
 * Coming back from Sign Up With Facebook: `?social={token}` fetches the details once (names, email,
 * picture); `?socialError={code}` names what went wrong, as does a token that has expired or was used.
 */
export function useSocialReturn(token: string | null, errorCode: string | null): SocialReturn {
  const prefill = useSocialPrefill(token);
  const providers = useSocialProviders();
  const providerName = prefill.data?.providerName ?? providers.data?.providers[0]?.name ?? 'Facebook';
  const error: SocialErrorCode | null = isSocialErrorCode(errorCode)
    ? errorCode
    : token && prefill.isError
      ? 'prefill_expired'
      : null;
  return {
    loading: Boolean(token) && prefill.isPending,
    prefilled: token && prefill.data ? { prefill: prefill.data, token } : undefined,
    error,
    providerName,
  };
}

/** The reason, with a way on: log in when the account exists, the code screen when it is not confirmed. */
export function SocialSignUpError({ code, providerName }: { code: SocialErrorCode; providerName: string }) {
  return (
    <>
      {socialErrorMessage(code, providerName)}
      {(code === 'account_exists' || code === 'not_allowed') && (
        <>
          {' '}
          <a href="/login">Log in</a>
        </>
      )}
      {code === 'unconfirmed' && (
        <>
          {' '}
          <a href="/main/#/confirm">Enter your code</a>
        </>
      )}
    </>
  );
}
