/**
 * Documents: the site's legal texts (label and HTML content), edited by admins and read by the legal pages.
 * A changed text is a notice on the dashboards of the people it concerns for 30 days (decision in docs/curation.md).
 */
import { z } from 'zod';
import { LEGAL } from './constants.js';

/** The legal documents by key: the stable name pages, notices and seeds use (an admin may rename the label). */
export const LEGAL_DOCUMENT_KEYS = ['user-terms', 'artist-terms', 'privacy-policy', 'license-agreement'] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENT_KEYS)[number];

export const DOCUMENT_LABEL_MAX = 120;
/** The longest content an admin may save (the seeded texts are about 10,000 characters). */
export const DOCUMENT_CONTENT_MAX = 200_000;
/** How long a notice of a change stays on the dashboard (the terms promise it). */
export const DOCUMENT_NOTICE_DAYS = LEGAL.changeNoticeDays;

export const documentMessages = {
  label: 'Please enter the document’s title.',
  content: 'Please write the document’s text.',
  tooLong: `A document has at most ${DOCUMENT_CONTENT_MAX.toLocaleString('en-US')} characters.`,
  noSuchDocument: 'No such document.',
  labelTaken: 'Another document has this title.',
  saved: 'Document saved!',
  savedAndNotified: `Document saved! Users will see a notice of the change for ${LEGAL.changeNoticeDays} days.`,
  errorSaving: 'Error saving document!',
  notifies: `Saving a change to the Terms of Use, the Privacy Policy or the Artist License Agreement shows everyone it concerns a notice on their dashboard for ${LEGAL.changeNoticeDays} days.`,
} as const;

/** Where the public site shows each document (inside the public site's hash router, /main/#...). */
export const DOCUMENT_PAGES: Record<LegalDocumentKey, string> = {
  'user-terms': '/user-terms',
  'artist-terms': '/user-terms?tab=artist',
  'privacy-policy': '/user-privacy-policy',
  'license-agreement': '/user-license-agreement',
};

/**
 * Whose dashboard a change shows on: the User Terms for everyone signed in, the Artist Terms and the Licence
 * for artists. The Privacy Policy promises the same notice in its own text ("Changes to this policy"), so a
 * change of it shows to everyone signed in too.
 */
export const DOCUMENT_NOTICE_ROLES: Record<LegalDocumentKey, 'everyone' | 'ARTIST'> = {
  'user-terms': 'everyone',
  'privacy-policy': 'everyone',
  'artist-terms': 'ARTIST',
  'license-agreement': 'ARTIST',
};

export const documentKey = z.enum(LEGAL_DOCUMENT_KEYS);

/** A document in the list: what it is and when its current text was published. */
export const documentSummary = z.object({
  _id: z.string(),
  id: z.string(),
  key: documentKey,
  label: z.string(),
  /** The number of the published version (1 is the text first published). */
  version: z.number(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  /** The public page that shows it, under /main/#. */
  page: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;
export const documentList = z.array(documentSummary);

export const publicDocument = documentSummary.extend({ content: z.string() });
export type PublicDocument = z.infer<typeof publicDocument>;

/** GET /api/documents/{id}: the document's id or its key ('user-terms'). */
export const documentIdParams = z.object({ id: z.string().min(1).max(100) });

/** PATCH /api/documents/{id}: the new text (sanitised on the server), and the title if it changes. */
export const updateDocumentBody = z.object({
  label: z
    .string({ error: documentMessages.label })
    .trim()
    .min(1, { error: documentMessages.label })
    .max(DOCUMENT_LABEL_MAX, { error: documentMessages.label })
    .optional(),
  content: z.string({ error: documentMessages.content }).max(DOCUMENT_CONTENT_MAX, { error: documentMessages.tooLong }),
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;

/** A change of a document that concerns the caller, published in the last 30 days. */
export const documentNotice = documentSummary.extend({
  /** Until when the notice shows. */
  showUntil: z.string(),
});
export type DocumentNotice = z.infer<typeof documentNotice>;
export const documentNotices = z.array(documentNotice);

/** One published version of a document (GET /api/documents/{id}/versions, admin). */
export const documentVersion = z.object({
  version: z.number(),
  label: z.string(),
  publishedAt: z.string(),
  /** The admin who published it; null for the text first published. */
  publishedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersion>;
export const documentVersions = z.array(documentVersion);
