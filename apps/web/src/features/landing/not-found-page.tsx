import { Link } from 'react-router';
import './landing.css';
import { useDocumentTitle } from '../../ui/use-document-title';

/** Unknown public paths land here, inside the site layout, with the ways on. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <article className="container text-page text-page--center">
      <p className="eyebrow">Page not found</p>
      <h1 className="display text-page__title">This track skipped.</h1>
      <p className="text-page__lead">We could not find that page. It may have moved, or the link may be mistyped.</p>
      <div className="text-page__actions">
        <Link className="cta cta--primary" to="/">
          Back to the start
        </Link>
        <Link className="cta cta--ghost" to="/fans">
          HFM for fans
        </Link>
        <Link className="cta cta--ghost" to="/artists">
          HFM for artists
        </Link>
      </div>
    </article>
  );
}
