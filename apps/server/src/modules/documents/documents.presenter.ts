import { DOCUMENT_PAGES, type DocumentSummary, type LegalDocumentKey, type PublicDocument } from '@hfm/shared';
import type { DocumentRow } from './documents.repository.js';

export function toDocumentSummary(row: DocumentRow): DocumentSummary {
  const key = row.key as LegalDocumentKey;
  return {
    _id: row.id,
    id: row.id,
    key,
    label: row.label,
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    page: DOCUMENT_PAGES[key],
  };
}

export function toPublicDocument(row: DocumentRow): PublicDocument {
  return { ...toDocumentSummary(row), content: row.content };
}
