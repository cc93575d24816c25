import { documentMessages } from '@hfm/shared';
import { Link, Route, Routes } from 'react-router';
import { useDocuments } from '../../../api/documents/get-document';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { DocumentEditor } from './document-editor';
import { formatDate } from './document-helpers';
import '../admin-screens.css';
import './documents.css';
import { LoadState } from '../load-state';

/** #/documents: the legal texts; #/documents/{key} edits one. */
export default function DocumentsScreen() {
  return (
    <Routes>
      <Route index element={<DocumentList />} />
      <Route path=":key" element={<DocumentEditor />} />
    </Routes>
  );
}

function DocumentList() {
  useDocumentTitle('Documents · Admin');
  const documents = useDocuments();
  return (
    <section className="admin-screen" aria-labelledby="documents-title">
      <div className="admin-screen__head">
        <div>
          <h1 id="documents-title">Documents</h1>
          <p className="admin-screen__count">The legal pages read their text from these documents.</p>
        </div>
      </div>
      <p className="admin-hint document-note">{documentMessages.notifies}</p>
      <LoadState query={documents} what="documents" />
      {documents.data && (
        <ul className="document-list" aria-label="Documents">
          {documents.data.map((document) => (
            <li key={document.id} className="surface-card admin-card document-list__item">
              <div>
                <h2>{document.label}</h2>
                <p className="admin-hint">
                  Version {document.version}, published {formatDate(document.publishedAt)}
                </p>
              </div>
              <div className="admin-row-actions">
                <a
                  className="admin-link-button"
                  href={`/main/#${document.page}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  View page <span className="visually-hidden">of the {document.label} (opens in a new tab)</span>
                </a>
                <Link className="admin-link-button" to={document.key} aria-label={`Edit ${document.label}`}>
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
