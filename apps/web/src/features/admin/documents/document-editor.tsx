import { DOCUMENT_LABEL_MAX, documentMessages, messages, type PublicDocument } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { useDocument } from '../../../api/documents/get-document';
import { useDocumentVersions, useUpdateDocument } from '../../../api/documents/update-document';
import { Button } from '../../../ui/button';
import { RichText } from '../../../ui/rich-text';
import { TextField } from '../../../ui/text-field';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { formatDate } from './document-helpers';

/** #/documents/{key}: the document's title and text in the rich-text editor; Save publishes. */
export function DocumentEditor() {
  const { key = '' } = useParams();
  const document = useDocument(key);
  useDocumentTitle(document.data ? `${document.data.label} · Admin` : 'Documents · Admin');
  return (
    <section className="admin-screen" aria-labelledby="document-title">
      <p className="document-back">
        <Link to="/documents">‹ All documents</Link>
      </p>
      {document.isPending && <p className="admin-hint">{messages.loading}</p>}
      {document.isError && (
        <p className="admin-hint" role="alert">
          {document.error instanceof ApiError && document.error.status === 404
            ? documentMessages.noSuchDocument
            : 'The document could not be loaded. Please try again.'}
        </p>
      )}
      {/* A new version remounts the form with what was published. */}
      {document.data && <DocumentForm key={`${document.data.id}:${document.data.version}`} document={document.data} />}
    </section>
  );
}

function DocumentForm({ document }: { document: PublicDocument }) {
  const [label, setLabel] = useState(document.label);
  const [content, setContent] = useState(document.content);
  const [errors, setErrors] = useState<{ label?: string; content?: string }>({});
  const update = useUpdateDocument();
  const changed = label.trim() !== document.label || content !== document.content;

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!label.trim()) return setErrors({ label: documentMessages.label });
    if (!content.replace(/<[^>]*>/g, '').trim()) return setErrors({ content: documentMessages.content });
    setErrors({});
    try {
      const saved = await update.mutateAsync({ id: document.id, body: { label: label.trim(), content } });
      // A changed text is a new version, which every document's readers are told about for 30 days.
      toast.success(saved.version > document.version ? documentMessages.savedAndNotified : documentMessages.saved);
    } catch (failure) {
      toast.error(documentMessages.errorSaving);
      if (failure instanceof ApiError) {
        setErrors({
          label: failure.fields.label ?? (failure.status === 409 ? failure.message : undefined),
          content: failure.fields.content,
        });
      }
    }
  }

  return (
    <form className="admin-screen" onSubmit={publish} noValidate>
      <div className="admin-screen__head">
        <div>
          <h1 id="document-title">{document.label}</h1>
          <p className="admin-screen__count">
            Version {document.version}, published {formatDate(document.publishedAt)}
          </p>
        </div>
        <a className="admin-link-button" href={`/main/#${document.page}`} target="_blank" rel="noopener noreferrer">
          View page <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </div>
      <div className="surface-card admin-card document-form">
        <TextField
          label="Title"
          value={label}
          maxLength={DOCUMENT_LABEL_MAX}
          onChange={(event) => setLabel(event.target.value)}
          error={errors.label}
        />
        <RichText
          variant="document"
          label="Text"
          value={document.content}
          onChange={setContent}
          error={errors.content}
          hint="Each section starts with a section heading (H2); its anchor, such as #userGuidelines, is kept."
        />
        <p className="admin-hint document-note">{documentMessages.notifies}</p>
        <div className="admin-row-actions">
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save and publish
          </Button>
        </div>
      </div>
      <VersionHistory id={document.id} />
    </form>
  );
}

function VersionHistory({ id }: { id: string }) {
  const versions = useDocumentVersions(id);
  if (!versions.data || versions.data.length === 0) return null;
  return (
    <div className="surface-card admin-card">
      <h2 id="versions-title">Published versions</h2>
      <ol className="document-versions" aria-labelledby="versions-title">
        {versions.data.map((version) => (
          <li key={version.version}>
            <span className="admin-badge">v{version.version}</span> {formatDate(version.publishedAt)}
            <span className="admin-hint">
              {' '}
              · {version.publishedBy ? `by ${version.publishedBy.name}` : 'first published'}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
