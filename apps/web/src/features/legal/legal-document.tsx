import { LEGAL, messages, type LegalDocumentKey } from '@hfm/shared';
import { useMemo, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useDocument } from '../../api/documents/get-document';
import { Button } from '../../ui/button';
import { useDocumentTitle } from '../../ui/use-document-title';
import { lazyModule } from '../../ui/lazy-module';
import './legal.css';

interface LegalDocumentProps {
  /** Which document (its text comes from the API: GET /api/documents/{key}). */
  documentKey: LegalDocumentKey;
  /** 1 when the document is the page; 2 when it sits under the page's own h1 (the tabs). */
  level: 1 | 2;
  /** The title shown: the page's own (e.g. 'Terms and Conditions'), or the document's label once it loads. */
  title?: string;
  /** The title while the document loads (or fails to). */
  fallbackTitle: string;
}

const SITE_PREFIX = '/main/#';

/** The structure and its sanitiser (DOMPurify): a chunk of their own, off the page's first load. */
const legalStructure = lazyModule(() => import('./legal-structure'));

export function LegalDocument({ documentKey, level, title, fallbackTitle }: LegalDocumentProps) {
  const query = useDocument(documentKey);
  const shownTitle = title ?? query.data?.label ?? fallbackTitle;
  useDocumentTitle(level === 1 ? shownTitle : null);
  const content = query.data?.content;
  const structuring = legalStructure.useModule();
  const structure = useMemo(
    () => (content === undefined || !structuring ? null : structuring.structureLegalHtml(content, level)),
    [structuring, content, level],
  );
  const followSiteLink = useSiteLinks();
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <article className="legal-doc" aria-busy={query.isPending || undefined}>
      <header className="legal-doc__header">
        <Title className={level === 1 ? 'display legal-doc__title' : 'legal-doc__title legal-doc__title--sub'}>
          {shownTitle}
        </Title>
        <div className="legal-doc__dates">
          <p className="legal-doc__effective">Effective {LEGAL.effectiveDate}</p>
          {query.data && query.data.version > 1 && (
            <p className="legal-doc__effective">Updated {formatDate(query.data.publishedAt)}</p>
          )}
        </div>
        {structure?.summaryHtml && (
          <div
            className="legal-doc__summary"
            onClick={followSiteLink}
            dangerouslySetInnerHTML={{ __html: structure.summaryHtml }}
          />
        )}
        {query.isPending && <p className="legal-doc__status">{messages.loading}</p>}
        {query.isError && (
          <div className="legal-doc__status" role="alert">
            <p>We could not load the {shownTitle}. Please try again.</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </header>
      {structure && (
        <div className="legal-doc__layout">
          {structure.sections.length > 0 && (
            <nav className="legal-toc" aria-label={`${shownTitle}: contents`}>
              <p className="legal-toc__title" aria-hidden="true">
                Contents
              </p>
              <ol>
                {structure.sections.map((section) => (
                  <li key={section.id}>
                    <SectionLink id={section.id}>{section.title}</SectionLink>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <div
            className="legal-doc__body"
            onClick={followSiteLink}
            dangerouslySetInnerHTML={{ __html: structure.bodyHtml }}
          />
        </div>
      )}
    </article>
  );
}

/** Links inside the site (`/main/#/privacy-policy`) move within the router instead of reloading the page. */
function useSiteLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!href.startsWith(`${SITE_PREFIX}/`)) return;
    event.preventDefault();
    void navigate(href.slice(SITE_PREFIX.length));
  };
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A link to a section of this page; the hash router keeps the path and query, only the #section changes. */
function SectionLink({ id, children }: { id: string; children: string }) {
  const { pathname, search } = useLocation();
  return <Link to={{ pathname, search, hash: id }}>{children}</Link>;
}
