import { useEffect } from 'react';

export const SITE_NAME = 'HFM';

/** 'Sign in' becomes 'Sign in · HFM'; no title leaves the site name alone. */
export function documentTitle(title?: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Gives the page its own title in the tab, the history list and bookmarks. Nothing is restored on
 * unmount: during a cross-fade the leaving screen unmounts after the entering one has set its title.
 * `null` leaves the title to another component (e.g. a document shown under a page's own heading).
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = documentTitle(title);
  }, [title]);
}
