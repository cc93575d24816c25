/** The confirmation-code screen in the public site, with the email filled in. */
export function confirmPageHref(email: string): string {
  return `/main/#/confirm?email=${encodeURIComponent(email)}`;
}

export const FAN_LANDING_HREF = '/main/#/fans';
export const HOME_HREF = '/main/#/';
