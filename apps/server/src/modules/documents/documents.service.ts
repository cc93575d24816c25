import {
  DOCUMENT_NOTICE_DAYS,
  DOCUMENT_NOTICE_ROLES,
  LEGAL_DOCUMENT_KEYS,
  LEGAL_DOCUMENTS,
  documentMessages,
  type DocumentNotice,
  type DocumentSummary,
  type DocumentVersion,
  type LegalDocumentKey,
  type PublicDocument,
  type UpdateDocumentBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { isUuid } from '../../platform/db/ids.js';
import { richTextToPlainText, sanitizeDocumentHtml } from '../../platform/media/sanitize-html.js';
import { requireAdmin, requireSignedIn, type Actor } from '../access/index.js';
import { findUser, findUsersByIds } from '../users/index.js';
import { toDocumentSummary, toPublicDocument } from './documents.presenter.js';
import {
  findChangedDocumentRows,
  findDocumentRowById,
  findDocumentRowByKey,
  insertDocumentRowIfMissing,
  insertVersionRow,
  listDocumentRows,
  listVersionRows,
  lockDocumentRow,
  updateDocumentRow,
  type DocumentRow,
} from './documents.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const keyOrder = (row: DocumentRow) => LEGAL_DOCUMENT_KEYS.indexOf(row.key as LegalDocumentKey);

/**
 * Seeds each legal document that is missing, with its first version; never touches one that exists, so an
 * admin's edit stays. Safe to run at every start and from several processes at once.
 */
export async function seedLegalDocuments(db: Database): Promise<number> {
  let seeded = 0;
  for (const seed of LEGAL_DOCUMENTS) {
    const made = await db.transaction(async (tx) => {
      const row = await insertDocumentRowIfMissing(tx, { ...seed, content: sanitizeDocumentHtml(seed.content) });
      if (row) {
        const { id: documentId, version, label, content, publishedAt } = row;
        await insertVersionRow(tx, { documentId, version, label, content, publishedAt, publishedBy: null });
      }
      return row !== null;
    });
    if (made) seeded += 1;
  }
  return seeded;
}

/** The documents in the order of the legal pages (public: the footer and the admin list). */
export async function listDocuments(db: Database): Promise<DocumentSummary[]> {
  const rows = await listDocumentRows(db);
  return rows.sort((a, b) => keyOrder(a) - keyOrder(b)).map(toDocumentSummary);
}

/** A document by its id or its key ('user-terms'); anything else is a 404. */
async function findDocumentRow(db: Database, idOrKey: string): Promise<DocumentRow | null> {
  if (isUuid(idOrKey)) return findDocumentRowById(db, idOrKey);
  return (LEGAL_DOCUMENT_KEYS as readonly string[]).includes(idOrKey) ? findDocumentRowByKey(db, idOrKey) : null;
}

export async function getDocument(db: Database, idOrKey: string): Promise<PublicDocument> {
  const row = await findDocumentRow(db, idOrKey);
  if (!row) throw notFound(documentMessages.noSuchDocument);
  return toPublicDocument(row);
}

/**
 * An admin saves a document. Its content is sanitised (headings with anchors, lists, bold, links); when the
 * text differs from what is published it becomes a new version, kept for good with who published it and
 * when, and shows as a notice for 30 days to those it concerns. A title change alone is no
 * new version.
 */
export async function updateDocument(
  ctx: AppContext,
  actor: Actor,
  idOrKey: string,
  body: UpdateDocumentBody,
): Promise<PublicDocument> {
  const admin = requireAdmin(actor);
  const content = sanitizeDocumentHtml(body.content);
  if (!richTextToPlainText(content)) throw badRequest(documentMessages.content, { content: documentMessages.content });
  const found = await findDocumentRow(ctx.db, idOrKey);
  if (!found) throw notFound(documentMessages.noSuchDocument);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await lockDocumentRow(tx, found.id);
      if (!current) throw notFound(documentMessages.noSuchDocument);
      const label = body.label ?? current.label;
      if (content === current.content) {
        return label === current.label ? current : updateDocumentRow(tx, current.id, { label });
      }
      const version = current.version + 1;
      const publishedAt = new Date();
      await insertVersionRow(tx, {
        documentId: current.id,
        version,
        label,
        content,
        publishedAt,
        publishedBy: admin.id,
      });
      return updateDocumentRow(tx, current.id, { label, content, version, publishedAt });
    });
    if (!row) throw notFound(documentMessages.noSuchDocument);
    return toPublicDocument(row);
  } catch (error) {
    if (isUniqueViolation(error, 'documents_label_key')) throw conflict(documentMessages.labelTaken);
    throw error;
  }
}

/** Every published version of a document, newest first, with who published it (admin). */
export async function listDocumentVersions(ctx: AppContext, actor: Actor, idOrKey: string): Promise<DocumentVersion[]> {
  requireAdmin(actor);
  const document = await findDocumentRow(ctx.db, idOrKey);
  if (!document) throw notFound(documentMessages.noSuchDocument);
  const versions = await listVersionRows(ctx.db, document.id);
  const publishers = await findUsersByIds(
    ctx.db,
    versions.flatMap((version) => (version.publishedBy ? [version.publishedBy] : [])),
  );
  return versions.map((version) => {
    const by = version.publishedBy ? publishers.get(version.publishedBy) : undefined;
    return {
      version: version.version,
      label: version.label,
      publishedAt: version.publishedAt.toISOString(),
      publishedBy: by ? { id: by.id, name: `${by.firstName} ${by.lastName}`.trim() } : null,
    };
  });
}

/** The keys whose changes concern this role: User Terms and Privacy Policy for everyone, the artist texts for artists. */
function noticeKeysFor(role: string): LegalDocumentKey[] {
  return LEGAL_DOCUMENT_KEYS.filter((key) => {
    const audience = DOCUMENT_NOTICE_ROLES[key];
    return audience === 'everyone' || audience === role;
  });
}

/**
 * Changes of the last 30 days that concern the caller, newest first: a document's current text when it is a
 * change (not the first version) published in the window and after the caller's account was made (a newer
 * account agreed to the new text already).
 */
export async function listNotices(ctx: AppContext, actor: Actor, now = new Date()): Promise<DocumentNotice[]> {
  const user = requireSignedIn(actor);
  const account = await findUser(ctx.db, user.id);
  const windowStart = new Date(now.getTime() - DOCUMENT_NOTICE_DAYS * DAY_MS);
  const since = account && account.createdAt > windowStart ? account.createdAt : windowStart;
  const rows = await findChangedDocumentRows(ctx.db, noticeKeysFor(user.role), since);
  return rows.map((row) => ({
    ...toDocumentSummary(row),
    showUntil: new Date(row.publishedAt.getTime() + DOCUMENT_NOTICE_DAYS * DAY_MS).toISOString(),
  }));
}
