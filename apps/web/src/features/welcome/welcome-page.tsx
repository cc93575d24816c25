import { Link } from 'react-router';
import { LOGIN_PATH } from '../../api/client';
import { BrandMark } from '../../components/site-nav';
import { WelcomeArt } from './welcome-art';
import './welcome.css';
import { useDocumentTitle } from '../../ui/use-document-title';

interface Choice {
  id: string;
  label: string;
  /** Shown on hover, on keyboard focus, and always on touch screens. */
  hint: string;
  to: string;
  /** Login is its own page outside the hash router. */
  fullPage?: boolean;
  tone: 'artist' | 'login' | 'fan';
}

/** The public catalogue: every artist, playlist and genre, with previews for anyone. */
export const DISCOVER_PATH = '/discover';

export const WELCOME_CHOICES: Choice[] = [
  { id: 'artists', label: 'For Artists', hint: 'You know your worth, and so do we.', to: '/artists', tone: 'artist' },
  { id: 'login', label: 'Login', hint: 'Continue exploring.', to: LOGIN_PATH, fullPage: true, tone: 'login' },
  { id: 'fans', label: 'For Fans', hint: 'The way music used to be, reimagined.', to: '/coming-soon', tone: 'fan' },
];

export function WelcomePage() {
  useDocumentTitle('Welcome');
  return (
    <div className="welcome">
      <WelcomeArt />
      <main className="welcome__main">
        <BrandMark size={64} />
        <p className="eyebrow welcome__eyebrow">Welcome to HFM</p>
        <h1 className="display welcome__title">
          Music that pays. <span className="gradient-text">Music you keep.</span>
        </h1>
        <p className="welcome__lead">
          One flat price per artist, every download yours for good, and artists paid for every fan who shows up.
        </p>
        <nav aria-label="Choose your way in">
          <ul className="welcome__choices">
            {WELCOME_CHOICES.map((choice) => (
              <li key={choice.id} className={`welcome__choice welcome__choice--${choice.tone}`}>
                <ChoiceLink choice={choice} />
                <span id={`welcome-hint-${choice.id}`} className="welcome__hint">
                  {choice.hint}
                </span>
              </li>
            ))}
          </ul>
        </nav>
        <p className="welcome__browse">
          {/* The public catalogue is the fans' app, outside the hash router (docs/decisions/0049). */}
          <a className="welcome__browse-link" href={DISCOVER_PATH}>
            Browse the music
          </a>
          <span className="welcome__browse-hint">Hear a preview of every song, no account needed.</span>
        </p>
      </main>
      <footer className="welcome__footer">
        <Link to="/terms-conditions">Terms and Conditions</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
      </footer>
    </div>
  );
}

function ChoiceLink({ choice }: { choice: Choice }) {
  const props = { className: 'welcome__button', 'aria-describedby': `welcome-hint-${choice.id}` };
  if (choice.fullPage)
    return (
      <a href={choice.to} {...props}>
        {choice.label}
      </a>
    );
  return (
    <Link to={choice.to} {...props}>
      {choice.label}
    </Link>
  );
}
