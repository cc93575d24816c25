/**
 * The public site's screens, served at /main/#/<path>. A plain request for one of them (e.g. /fans)
 * is redirected there; anything else outside /api and /media gets the web app's not-found page.
 */
export const PUBLIC_SITE_PATHS = [
  '/artist-sign-up',
  '/fan-sign-up',
  '/confirm',
  '/coming-soon',
  '/artists',
  '/artists-mobile',
  '/fans',
  '/fans-mobile',
  '/about',
  '/press',
  '/user-terms',
  '/terms-conditions',
  '/user-privacy-policy',
  '/privacy-policy',
  '/user-license-agreement',
] as const;

export type PublicSitePath = (typeof PUBLIC_SITE_PATHS)[number];

/** Older and guessed spellings that mean one of the screens above. */
export const PUBLIC_SITE_ALIASES: Record<string, PublicSitePath> = {
  '/terms-and-conditions': '/terms-conditions',
  '/terms': '/terms-conditions',
  '/privacy': '/privacy-policy',
  '/license-agreement': '/user-license-agreement',
  '/signup': '/fan-sign-up',
  '/sign-up': '/fan-sign-up',
};
