import { useState } from 'react';
import { ArtistAlmostLive } from './artist-almost-live';
import { ArtistSignUpFormView } from './artist-sign-up-form';
import { SignUpBackdrop } from './sign-up-backdrop';
import { HOME_HREF } from './links';
import './sign-up.css';
import { useDocumentTitle } from '../../ui/use-document-title';

/** /artist-sign-up: the account form, then 'You're Almost Live'. */
export default function ArtistSignUpPage() {
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  useDocumentTitle(savedEmail ? "You're Almost Live" : 'Artist Sign Up');
  return (
    <main className="sign-up-page sign-up-page--artist">
      <SignUpBackdrop tone="artist" />
      <div className="sign-up-page__inner">
        <a className="sign-up-page__brand" href={HOME_HREF} aria-label="HFM home">
          HFM
        </a>
        {savedEmail ? (
          <div className="sign-up-card">
            <ArtistAlmostLive email={savedEmail} />
          </div>
        ) : (
          <div className="sign-up-card sign-up-card--wide">
            <header className="sign-up-card__header">
              <h1>Artist Sign Up</h1>
              <p>Music should pay you back. Tell us about you and your music; an admin reviews every new artist.</p>
            </header>
            <ArtistSignUpFormView onSaved={setSavedEmail} />
            <p className="sign-up-card__footer">
              Already have an account? <a href="/login">Log in</a>
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
