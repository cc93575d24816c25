/** The confirmation-code screen in the public site, with the email filled in. */
export function confirmPageHref(email: string): string {
  return `/main/#/confirm?email=${encodeURIComponent(email)}`;
}

export const FAN_LANDING_HREF = '/main/#/fans';
export const HOME_HREF = '/main/#/';

/** The login page after the sign-up modal: it says the code was mailed to this address and offers the code screen. */
export function signedUpLoginHref(email: string): string {
  return `/login?signedUp=1&email=${encodeURIComponent(email)}`;
}
