import type { ReactNode } from 'react';
import './auth.css';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The centred card the login and confirmation screens share, over generated background art. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <div className="auth-page__art" aria-hidden="true" />
      <a className="auth-page__brand" href="/main/#/" aria-label="HFM home">
        HFM
      </a>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {intro && <p className="auth-card__intro">{intro}</p>}
        {children}
      </section>
    </main>
  );
}
