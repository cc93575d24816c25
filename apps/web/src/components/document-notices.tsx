import type { DocumentNotice } from '@hfm/shared';
import { useState } from 'react';
import { useDocumentNotices } from '../api/documents/get-notices';
import './document-notices.css';

const HIDDEN_KEY = 'hfm.hidden-document-notices';

/** A notice is one published version of one document: hiding it does not hide a later change. */
const noticeKey = (notice: DocumentNotice) => `${notice.id}:${notice.version}`;

function readHidden(): string[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(HIDDEN_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function storeHidden(keys: string[]): void {
  try {
    window.sessionStorage.setItem(HIDDEN_KEY, JSON.stringify(keys));
  } catch {
    // Storage may be refused (a private window): the notice is hidden on this page only.
  }
}

export function formatNoticeDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * The dashboard notice the terms promise: a changed User Terms or Privacy Policy (everyone), Artist Terms or
 * Licence (artists) shows for 30 days after it is published. It can be hidden for this browser session only; it comes back at
 * the next sign-in until its 30 days are over. Nothing shows while loading or when the request fails.
 */
export function DocumentNotices() {
  const notices = useDocumentNotices();
  const [hidden, setHidden] = useState(readHidden);
  const visible = (notices.data ?? []).filter((notice) => !hidden.includes(noticeKey(notice)));
  if (visible.length === 0) return null;

  function hide(notice: DocumentNotice) {
    const next = [...hidden, noticeKey(notice)];
    storeHidden(next);
    setHidden(next);
  }

  return (
    <section className="document-notices" aria-label="Changes to our terms">
      {visible.map((notice) => (
        <div key={noticeKey(notice)} className="document-notice" role="status">
          <span className="document-notice__icon" aria-hidden="true">
            §
          </span>
          <p className="document-notice__text">
            We updated the {notice.label} on {formatNoticeDate(notice.publishedAt)}.{' '}
            <a href={`/main/#${notice.page}`} target="_blank" rel="noopener noreferrer">
              Read the {notice.label} <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </p>
          <button
            type="button"
            className="document-notice__hide"
            aria-label={`Hide the notice about the ${notice.label} until you next sign in`}
            title="Hide until you next sign in"
            onClick={() => hide(notice)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
