import { useState } from 'react';
import { FanSignUpForm } from './fan-sign-up-form';
import { FanSignUpSuccess } from './fan-sign-up-success';
import { FAN_LANDING_HREF, HOME_HREF } from './links';
import { SignUpBackdrop } from './sign-up-backdrop';
import './sign-up.css';
import { useDocumentTitle } from '../../ui/use-document-title';

/** /fan-sign-up: the page variant with the background art; Cancel goes back to the fan landing. */
export default function FanSignUpPage() {
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  useDocumentTitle(savedEmail ? 'Just one more step!' : 'Fan Sign Up');
  return (
    <main className="sign-up-page sign-up-page--fan">
      <SignUpBackdrop tone="fan" />
      <div className="sign-up-page__inner">
        <a className="sign-up-page__brand" href={HOME_HREF} aria-label="HFM home">
          HFM
        </a>
        <div className="sign-up-card">
          {savedEmail ? (
            <FanSignUpSuccess email={savedEmail} />
          ) : (
            <>
              <header className="sign-up-card__header">
                <h1>Fan Sign Up</h1>
                <p>Own your music. Subscribe to the artists you love for $9.99 a year each and keep every download.</p>
              </header>
              <FanSignUpForm
                variant="page"
                onCancel={() => window.location.assign(FAN_LANDING_HREF)}
                onSaved={setSavedEmail}
              />
              <p className="sign-up-card__footer">
                Already have an account? <a href="/login">Log in</a>
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
