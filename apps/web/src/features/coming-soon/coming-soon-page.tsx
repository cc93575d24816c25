import { Link } from 'react-router';
import { BrandLink } from '../../components/site-nav';
import './coming-soon.css';
import { useDocumentTitle } from '../../ui/use-document-title';

/** Where the welcome screen's fan button lands: a calm holding page that always offers a way on. */
export function ComingSoonPage() {
  useDocumentTitle('Coming soon');
  return (
    <div className="coming-soon">
      <header className="coming-soon__header">
        <BrandLink />
      </header>
      <main className="coming-soon__card">
        <p className="eyebrow">For fans</p>
        <h1 className="display coming-soon__title">
          Something good is <span className="gradient-text">coming soon.</span>
        </h1>
        <p className="coming-soon__text">
          We are tuning the last few strings before the doors open to fans. You can browse the music and hear a preview
          of every song right now, read how HFM works for fans, and create your account today.
        </p>
        <div className="coming-soon__actions">
          <Link className="cta cta--primary cta--large" to="/fan-sign-up">
            Create your fan account
          </Link>
          <a className="cta cta--ghost cta--large" href="/discover">
            Browse the music
          </a>
          <Link className="cta cta--ghost cta--large" to="/fans">
            How HFM works for fans
          </Link>
        </div>
        <p className="coming-soon__back">
          <Link to="/">Back to the start</Link>
        </p>
      </main>
    </div>
  );
}
