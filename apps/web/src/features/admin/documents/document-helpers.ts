import { DOCUMENT_NOTICE_ROLES, type DocumentSummary } from '@hfm/shared';

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A change of this document is a notice on users' dashboards for 30 days (the Terms and the Licence). */
export const notifiesOnChange = (document: Pick<DocumentSummary, 'key'>) =>
  DOCUMENT_NOTICE_ROLES[document.key] !== undefined;
