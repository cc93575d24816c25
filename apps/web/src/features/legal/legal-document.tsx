import { LEGAL } from '@hfm/shared';
import { Link, useLocation } from 'react-router';
import type { LegalDoc } from './legal-types';
import './legal.css';
import { useDocumentTitle } from '../../ui/use-document-title';

interface LegalDocumentProps {
  doc: LegalDoc;
  /** 1 when the document is the page; 2 when it sits under the page's own h1 (the tabs). */
  level: 1 | 2;
  /** Overrides the document's title as shown, e.g. 'Terms and Conditions'. */
  title?: string;
}

export function LegalDocument({ doc, level, title = doc.title }: LegalDocumentProps) {
  useDocumentTitle(level === 1 ? title : null);
  const Title = level === 1 ? 'h1' : 'h2';
  const SectionTitle = level === 1 ? 'h2' : 'h3';
  return (
    <article className="legal-doc">
      <header className="legal-doc__header">
        <Title className={level === 1 ? 'display legal-doc__title' : 'legal-doc__title legal-doc__title--sub'}>
          {title}
        </Title>
        <p className="legal-doc__effective">Effective {LEGAL.effectiveDate}</p>
        <div className="legal-doc__summary">{doc.summary}</div>
      </header>
      <div className="legal-doc__layout">
        <nav className="legal-toc" aria-label={`${title}: contents`}>
          <p className="legal-toc__title" aria-hidden="true">
            Contents
          </p>
          <ol>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <SectionLink id={section.id}>{section.title}</SectionLink>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-doc__body">
          {doc.sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-title`}>
              <SectionTitle id={`${section.id}-title`} className="legal-section__title">
                <span className="legal-section__number">{index + 1}.</span> {section.title}
              </SectionTitle>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** A link to a section of this page; the hash router keeps the path and query, only the #section changes. */
function SectionLink({ id, children }: { id: string; children: string }) {
  const { pathname, search } = useLocation();
  return <Link to={{ pathname, search, hash: id }}>{children}</Link>;
}
